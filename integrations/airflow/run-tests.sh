#!/usr/bin/env bash
# Tests of the Airflow integration, each suite against its own real embedded gateway (bin/punctual serve --embedded,
# started and stopped by the tests; it builds the project on first use):
#   stdlib   tests/: unit tests, then the operator with small fakes of Airflow's classes (Python 3.9+ standard
#            library, run with python3; Airflow is not needed)
#   airflow  tests_in_airflow/: the operator inside the pinned Apache Airflow (airflow-venv.sh makes or reuses the
#            virtual environment; the first time on a machine it installs from PyPI), with airflow dags test,
#            the triggerer and the stock LivyOperator
# Usage: run-tests.sh [stdlib|airflow] (both by default).
set -euo pipefail
cd "$(dirname "$0")"
suites="${1:-stdlib airflow}"

for suite in $suites; do
  began=$SECONDS
  case "$suite" in
    stdlib)
      python3 -m unittest discover --start-directory tests --top-level-directory . --verbose ;;
    airflow)
      venv="$(./airflow-venv.sh)"
      echo "Airflow environment ready in $((SECONDS - began)) s: $venv"
      "$venv/bin/python" -m unittest discover --start-directory tests_in_airflow --top-level-directory . --verbose ;;
    *)
      echo "run-tests.sh: unknown suite '$suite' (stdlib or airflow)" >&2; exit 2 ;;
  esac
  echo "== $suite suite: $((SECONDS - began)) s"
done
