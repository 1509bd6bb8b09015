/**
 * The gateway measured from outside, as real {@code bin/punctual serve} processes over HTTP, so that none of the
 * gateway's code runs in the measuring JVM: the latency it adds under a burst of 200 clients arriving at once
 * ({@link GatewayLatency}: batches rejected by sizing, dry runs, reads; optionally over TLS with a throw-away
 * identity), and two gateways over one PostgreSQL store while the leading one is killed mid-burst
 * ({@link SharedStoreBurst}), counting batches lost, duplicated or launched twice, each of which must be zero. Run by
 * {@code benchmarks/scripts/gateway-latency.sh} and {@code two-gateways.sh}; results in {@code benchmarks/results/}.
 */
package io.punctual.bench.gateway;
