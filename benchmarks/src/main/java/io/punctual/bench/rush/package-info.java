/**
 * RUSH's two halves as robust-sizing implements them, measured with JMH (rush-robust-scheduler.txt):
 * <ul>
 *   <li>worst-case demand for one job over a 1,000-bin reference, the bisection alone and end to end from a Gaussian
 *       (§III-A, Algorithms 1–2; {@link WorstCaseDemandBenchmark});</li>
 *   <li>one scheduling round of onion peeling and continuous slot mapping for 20, 1,000 and 10,000 jobs (§III-B and
 *       §III-C, Algorithms 3–4): the backward computation Punctual uses by default ({@link OnionPeelingBenchmark})
 *       beside the paper's bisection per layer ({@link BisectionOnionPeelingBenchmark}).</li>
 * </ul>
 * {@link RushCpuTime} times the same seeded workloads in the measuring thread's CPU time, which a machine shared with
 * builds disturbs less than wall time. Results are kept in {@code benchmarks/results/rush.md}.
 */
package io.punctual.bench.rush;
