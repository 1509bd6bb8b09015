/**
 * Rayon's planners measured (rayon-reservation-based-scheduling.txt §6.3). With JMH, GREE and GREE-L placement time
 * ({@link RayonPlacementBenchmark}): one request into a loaded 500-node plan, the online admission cost, and a whole
 * workload admitted in turn. Side by side in one JVM, our planners against YARN's own {@code GreedyReservationAgent}
 * and {@code AlignedPlannerWithGreedy} on one seeded workload ({@link RayonSideBySide}), scored by Rayon's metrics
 * with every accepted allocation re-checked against capacity (DESIGN.md §3 and §6).
 *
 * <p>Every system sees identical requests, taken from the simulator's Rayon workload. YARN's agents run on Hadoop's
 * in-memory plan behind one package-private class, the only place here that names a Hadoop type. Results are kept in
 * {@code benchmarks/results/rayon.md}.
 */
package io.punctual.bench.rayon;
