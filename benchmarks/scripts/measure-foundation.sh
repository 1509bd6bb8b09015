#!/usr/bin/env bash
# Measures the foundation's numbers on this machine: a cold build of a fresh clone, the embedded cluster's start,
# `punctual demo --json` end to end, and peak memory (the CLI JVM's own peak RSS, and the peak of all processes the
# demo starts: the CLI with the embedded YARN, spark-submit, the ApplicationMaster/driver and the executors).
#
#   benchmarks/scripts/measure-foundation.sh [--keep-m2]
#
# Without --keep-m2 the build uses an empty Maven repository (a real cold start: every dependency downloaded).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

m2_args=()
if [ "${1:-}" != "--keep-m2" ]; then
  m2_args=(-Dmaven.repo.local="$work/m2")
fi

echo "== fresh clone"
git clone -q "$root" "$work/punctual"
cd "$work/punctual"
start=$(date +%s.%N)
mvn -B -q "${m2_args[@]}" -DskipTests package >"$work/build.log" 2>&1
build=$(echo "$(date +%s.%N) - $start" | bc)
printf 'build (mvn -DskipTests package%s): %.1f s\n' "$([ ${#m2_args[@]} -gt 0 ] && echo ', empty Maven repository')" "$build"

if [ ${#m2_args[@]} -gt 0 ]; then
  # bin/punctual reads the class path Maven wrote, which points into the throw-away repository: keep it alive.
  :
fi

echo "== demo"
export PUNCTUAL_HOME="$work/home"
peak_file="$work/peak"
echo 0 > "$peak_file"
sample() {
  # Sum RSS (KiB) of the CLI process tree: every process whose ancestry reaches the demo's process group.
  while kill -0 "$1" 2>/dev/null; do
    total=$(ps -eo pid,pgid,rss --no-headers | awk -v g="$1" '$2 == g {s += $3} END {print s + 0}')
    # containers are started by the NodeManagers inside the CLI JVM, in the same process group
    if [ "$total" -gt "$(cat "$peak_file")" ]; then echo "$total" > "$peak_file"; fi
    sleep 0.5
  done
}
start=$(date +%s.%N)
set -m
/usr/bin/time -v bin/punctual demo --json >"$work/demo.out" 2>"$work/demo.time" &
demo=$!
set +m
sample "$demo" &
sampler=$!
wait "$demo"
wait "$sampler" || true
elapsed=$(echo "$(date +%s.%N) - $start" | bc)
grep -E "embedded YARN cluster up" "$work/demo.out" || true
tail -n 1 "$work/demo.out"
printf 'demo end to end (bin/punctual demo --json, built): %.1f s\n' "$elapsed"
printf 'peak RSS of the CLI JVM (with the embedded YARN): %s MiB\n' "$(( $(grep 'Maximum resident' "$work/demo.time" | awk '{print $NF}') / 1024 ))"
printf 'peak RSS of all demo processes together: %s MiB\n' "$(( $(cat "$peak_file") / 1024 ))"
