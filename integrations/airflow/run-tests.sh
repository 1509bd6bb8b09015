#!/usr/bin/env bash
# Tests of the Airflow integration: unit tests, then the operator against a real embedded gateway
# (bin/punctual serve --embedded, started and stopped by the tests; it builds the project on first use).
# Python 3.9+ standard library only; Airflow is not needed.
set -euo pipefail
cd "$(dirname "$0")"
exec python3 -m unittest discover --start-directory tests --top-level-directory . --verbose "$@"
