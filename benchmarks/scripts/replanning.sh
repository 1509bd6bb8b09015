#!/usr/bin/env bash
# Re-planning against sizing once (issue 25): recurring synthetic traces, run noise 0.2 and 0.5, with and without a
# quarter of the keys doubling their input, seeds 1..N, every policy on the same arrivals. Writes one report
# directory per run under OUT and prints one summary line per policy and run (tab-separated), which
# benchmarks/results/replanning.md tabulates.
# Usage: benchmarks/scripts/replanning.sh [OUT] [SEEDS]   (defaults: /tmp/replanning, 8)
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="${1:-/tmp/replanning}"
seeds="${2:-8}"
policies=oracle,reactive-fs,justice,rush,punctual-once:justice,punctual:justice
mkdir -p "$out"
for noise in 0.2 0.5; do
  for grow in "" ",grow=0.25"; do
    for seed in $(seq 1 "$seeds"); do
      dir="$out/n$noise${grow#,}-s$seed"
      "$root/bin/punctual" simulate --trace "synthetic:jobs=2000,span=21600,keys=40,recurring=1.0$grow" --nodes 8 \
        --conf-dir "$root/conf/embedded" --deadlines Jockey2x4x --seed "$seed" --run-noise "$noise" \
        --policies "$policies" --report "$dir" --json > "$dir.json" 2> "$dir.log"
      python3 - "$dir.json" "$noise" "${grow#,}" "$seed" <<'PY'
import json, sys
path, noise, grow, seed = sys.argv[1:]
for row in json.load(open(path))["policies"]:
    print("\t".join(str(x) for x in (noise, grow or "none", seed, row["policy"], row["sdrAll"],
          row["unannouncedMissRate"], row["executorSecondsPerMet"], row.get("dropped", ""), row.get("killed", ""))))
PY
    done
  done
done
