/**
 * BoPF's comparison on the simulated cluster ({@code punctual simulate --trace bursts:...}, {@link BurstSimulator};
 * bopf-bounded-priority-fairness.txt §5): latency-sensitive queues that burst periodically beside throughput queues
 * that always have work ({@link BurstWorkload}), stepped second by second under three allocators
 * ({@link BurstSimulation}): BoPF (robust-sizing's admission, §3.3, queues taken in the order they arrive, and its
 * allocation), plain DRF, and strict priority for the latency-sensitive queues; and judged by the paper's measures
 * ({@link BurstMetrics}: bursts finished within their ON time, burst completion against DRF's, the throughput queues'
 * share, slowdown and Jain's index).
 *
 * <p>The algorithms are robust-sizing's own; this package only makes the workload, steps time and counts, seeded and
 * deterministic, with a row per burst in {@code jobs.csv} so its report reads like the others.
 */
package io.punctual.simulate.queues;
