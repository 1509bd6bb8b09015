/**
 * The cost of one Justice admission round, measured with JMH on robust-sizing's own classes
 * ({@link JusticeAdmissionBenchmark}; justice-deadline-fair-share.txt, Algorithm 4): every queued job re-estimated,
 * the infeasible dropped, the rest ordered by {@code reqCpus / TTD} and offered all-or-nothing, running jobs checked
 * for kills, over a seeded queue whose sizes loosely follow the paper's traces (mostly small jobs, a few very wide).
 * Results are kept in {@code benchmarks/results/justice.md}.
 */
package io.punctual.bench.justice;
