#!/usr/bin/env bash
# Prints the path of a Python virtual environment holding the pinned Apache Airflow, its Livy provider and this
# package (punctual-airflow), creating it first when needed.
#
# The environment is cached under ${XDG_CACHE_HOME:-$HOME/.cache}/punctual/airflow-<hash>, the hash being that of
# the constraints file, pyproject.toml and this script: a change to any of them builds a new one, and a machine
# without the cache installs afresh from PyPI. Airflow and its dependencies come from the constraints file alone;
# punctual-airflow itself is reinstalled from this checkout on every call (seconds), so the cached environment never
# runs stale operator code. Concurrent calls wait for each other (flock).
#
# Progress goes to stderr; stdout is the environment's path only.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
airflow_version=2.10.5
livy_version=4.4.5
constraints="$here/constraints-airflow-$airflow_version-py3.11.txt"

python="${PUNCTUAL_AIRFLOW_PYTHON:-}"
if [ -z "$python" ]; then
  for candidate in python3.11 python3; do
    if command -v "$candidate" >/dev/null && "$candidate" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))'
    then python="$candidate"; break; fi
  done
fi
if [ -z "$python" ]; then
  echo "airflow-venv: Python 3.11 is needed (the constraints file $constraints is for 3.11); found none as python3.11" \
       "or python3. Set PUNCTUAL_AIRFLOW_PYTHON to a Python 3.11 interpreter." >&2
  exit 1
fi

hash="$(cat "$constraints" "$here/pyproject.toml" "$0" | sha256sum | cut -c1-16)"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/punctual"
venv="$cache/airflow-$hash"
mkdir -p "$cache"
exec 9>"$venv.lock"
flock 9

if [ ! -f "$venv/.complete" ]; then
  began=$SECONDS
  echo "airflow-venv: installing Airflow $airflow_version and apache-airflow-providers-apache-livy $livy_version into" \
       "$venv (not cached on this machine)..." >&2
  rm -rf "$venv"
  "$python" -m venv "$venv"
  if ! "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --constraint "$constraints" \
      setuptools wheel "apache-airflow==$airflow_version" "apache-airflow-providers-apache-livy==$livy_version" \
      >"$venv.install.log" 2>&1
  then
    echo "airflow-venv: the install failed; the last lines of $venv.install.log:" >&2
    tail -n 30 "$venv.install.log" >&2
    exit 1
  fi
  touch "$venv/.complete"
  echo "airflow-venv: installed in $((SECONDS - began)) s" >&2
  # Older environments of this script are left to the user; list them so they are easy to find.
  for old in "$cache"/airflow-*; do
    case "$old" in "$venv"|"$venv".*) ;; *) [ -d "$old" ] && echo "airflow-venv: an older environment: $old" >&2 ;; esac
  done
fi

# punctual-airflow from this checkout, built in a scratch copy so the source tree gets no build/ or egg-info.
build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
cp -r "$here/pyproject.toml" "$here/README.md" "$here/punctual_airflow" "$build/"
if ! "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation \
    --force-reinstall "$build" >"$build/pip.log" 2>&1; then
  echo "airflow-venv: installing punctual-airflow into $venv failed:" >&2
  cat "$build/pip.log" >&2
  exit 1
fi
echo "$venv"
