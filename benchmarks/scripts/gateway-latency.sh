#!/usr/bin/env bash
# The gateway's added latency under a burst of 200 concurrent clients on loopback (issue 6).
# Writes benchmarks/results/gateway-latency.md.   benchmarks/scripts/gateway-latency.sh [--clients 200] [--rounds 5]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
mvn -B -q -DskipTests package
export PUNCTUAL_HOME="$(mktemp -d)"
trap 'rm -rf "$PUNCTUAL_HOME"' EXIT
java -Dpunctual.install="$root" \
  -cp "$root/benchmarks/target/punctual-benchmarks.jar:$(cat "$root/benchmarks/target/benchmarks.classpath")" \
  io.punctual.bench.gateway.GatewayLatency "$@"
