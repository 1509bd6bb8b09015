#!/usr/bin/env bash
# Two gateways over one PostgreSQL store under a burst, the leading one killed mid-burst (issue 15): batches lost,
# duplicated and launched twice, and how long the lead takes to move. Starts a throwaway PostgreSQL server of
# Debian's postgresql package in a temporary directory (as the postgres account when run as root).
# Writes benchmarks/results/two-gateways.md. With --learning instead (issue 27): a job sized through each gateway,
# run through the one that does not lead, and sized again; writes benchmarks/results/two-gateways-learning.md.
#   benchmarks/scripts/two-gateways.sh [--clients 200] [--real 4] [--kill-after-ms 300]
#   benchmarks/scripts/two-gateways.sh --learning [--runs 4]
# With --pause: the lead paused with SIGSTOP past its lease and resumed; writes two-gateways-paused.md.
#   benchmarks/scripts/two-gateways.sh --pause [--batches 3] [--paused-s 100]
set -euo pipefail
main=io.punctual.bench.gateway.SharedStoreBurst
case "${1:-}" in
  --learning) main=io.punctual.bench.gateway.SharedLearningLive; shift ;;
  --pause) main=io.punctual.bench.gateway.PausedLeadLive; shift ;;
esac
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
bin="${PUNCTUAL_TEST_PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}"
[ -x "$bin/pg_ctl" ] || { echo "two-gateways.sh: no PostgreSQL server: apt-get install -y postgresql" >&2; exit 1; }
mvn -B -q -DskipTests package
pg="$(mktemp -d)"
as_pg=()
if [ "$(id -u)" -eq 0 ]; then
  chown postgres "$pg"
  as_pg=(runuser -u postgres --)
fi
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
"${as_pg[@]}" "$bin/initdb" -D "$pg/data" -U punctual --auth=trust -E UTF8 --no-sync >/dev/null
"${as_pg[@]}" "$bin/pg_ctl" -D "$pg/data" -l "$pg/server.log" -w -o "-p $port -k $pg -c listen_addresses=127.0.0.1" start >/dev/null
trap '"${as_pg[@]}" "$bin/pg_ctl" -D "$pg/data" -m immediate -w stop >/dev/null || true; rm -rf "$pg"' EXIT
source "$root/bin/lib/jvm-opens.sh"
work="$(mktemp -d)"
trap '"${as_pg[@]}" "$bin/pg_ctl" -D "$pg/data" -m immediate -w stop >/dev/null || true; rm -rf "$pg" "$work"' EXIT
cd "$work"   # MiniYARNCluster writes its scratch files under ./target
java -Xmx1536m "${opens[@]}" -Dpunctual.install="$root" \
  -cp "$root/benchmarks/target/punctual-benchmarks.jar:$(cat "$root/benchmarks/target/benchmarks.classpath")" \
  "$main" --database "jdbc:postgresql://127.0.0.1:$port/postgres" "$@"
