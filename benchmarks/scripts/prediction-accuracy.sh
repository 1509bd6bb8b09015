#!/usr/bin/env bash
# Issue 3's prediction accuracy: real Spark runs at several executor counts on the embedded YARN, each predicted
# from the others. Writes benchmarks/results/prediction-accuracy.md. Takes 10-20 minutes on a 2-core machine.
#   benchmarks/scripts/prediction-accuracy.sh [--counts 1,2,3,4] [--repeats 2]
# Adds leave-one-count-out tables next to the naive baseline (issue 12). --home <punctual home> re-evaluates the runs
# an earlier run stored there, without YARN or Spark.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
mvn -B -q -DskipTests package
source "$root/bin/lib/jvm-opens.sh"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"   # MiniYARNCluster writes its scratch files under ./target
java -Xmx1536m "${opens[@]}" -Dpunctual.install="$root" \
  -cp "$root/benchmarks/target/punctual-benchmarks.jar:$(cat "$root/benchmarks/target/benchmarks.classpath")" \
  io.punctual.bench.history.PredictionAccuracy --out "$root/benchmarks/results/prediction-accuracy.md" "$@"
