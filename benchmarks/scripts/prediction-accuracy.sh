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
opens="--add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.lang.invoke=ALL-UNNAMED \
--add-opens=java.base/java.lang.reflect=ALL-UNNAMED --add-opens=java.base/java.io=ALL-UNNAMED \
--add-opens=java.base/java.net=ALL-UNNAMED --add-opens=java.base/java.nio=ALL-UNNAMED \
--add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.util.concurrent=ALL-UNNAMED \
--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED --add-opens=java.base/jdk.internal.ref=ALL-UNNAMED \
--add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=java.base/sun.nio.cs=ALL-UNNAMED \
--add-opens=java.base/sun.security.action=ALL-UNNAMED --add-opens=java.base/sun.util.calendar=ALL-UNNAMED \
-Djdk.reflect.useDirectMethodHandle=false"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"   # MiniYARNCluster writes its scratch files under ./target
# shellcheck disable=SC2086
java -Xmx1536m $opens -Dpunctual.install="$root" \
  -cp "$root/benchmarks/target/punctual-benchmarks.jar:$(cat "$root/benchmarks/target/benchmarks.classpath")" \
  io.punctual.bench.history.PredictionAccuracy --out "$root/benchmarks/results/prediction-accuracy.md" "$@"
