#!/usr/bin/env bash
# How the simulator's time grows with the workload: synthetic traces of 10k, 100k and 1M jobs over one day on 10,000
# nodes of 16 vcores / 64 GiB (160,000 CPUs), each policy in its own JVM with a 4 GB heap, Fixed2x deadlines, seed 1.
# Prints the simulator's own line per policy ("done in … (… jobs/s)"), the whole command's wall time and the JVM's peak
# resident memory.
# Usage: benchmarks/scripts/simulator-scale.sh [jobs ...]   (default: 10000 100000 1000000)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
sizes=("${@:-10000 100000 1000000}")
policies=(oracle baseline-fs reactive-fs justice rush punctual)
for jobs in ${sizes[@]}; do
  for policy in "${policies[@]}"; do
    if [[ "$jobs" -gt 100000 && ( "$policy" == rush || "$policy" == punctual ) ]]; then
      echo "jobs=$jobs policy=$policy: skipped (see simulator.md: these size every job with the production sizers)"
      continue
    fi
    log="$(mktemp)"
    PUNCTUAL_JAVA_OPTS=-Xmx4g /usr/bin/time -v "$root/bin/punctual" simulate \
      --trace "synthetic:jobs=$jobs,span=86400,keys=200" --nodes 10000 --node 16,65536 \
      --policies "$policy" --deadlines Fixed2x --seed 1 >"$log.out" 2>"$log"
    done_line="$(grep -E 'done in' "$log" | sed 's/^simulate: //')"
    rss="$(grep 'Maximum resident' "$log" | awk '{print $6}')"
    wall="$(grep 'Elapsed (wall clock)' "$log" | awk '{print $NF}')"
    echo "jobs=$jobs $done_line; whole command $wall (JVM start, trace, workload, run); peak RSS $((rss / 1024)) MiB"
    rm -f "$log" "$log.out"
  done
done
