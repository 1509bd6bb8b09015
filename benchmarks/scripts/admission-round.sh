#!/usr/bin/env bash
# How long one admission round takes to order the waiting jobs (issue 13: <= 5 ms with 1,000 queued), for Justice's
# order and RUSH's arbitration (AdmissionOrder, what the gateway's rounds and the simulator's punctual:<policy> run).
# Usage: benchmarks/scripts/admission-round.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
mvn -B -q -o -DskipTests package -pl benchmarks -am
java -cp "$root/benchmarks/target/punctual-benchmarks.jar:$(cat "$root/benchmarks/target/benchmarks.classpath")" \
  io.punctual.bench.admission.AdmissionRoundTime
