/**
 * BoPF admission at scale (issue 5 asks for at most 1 ms), measured with JMH on robust-sizing's own classes
 * ({@link BopfAdmissionBenchmark}): one new latency-sensitive queue decided against 20,000 already admitted, and all
 * 20,000 admitted one after another (bopf-bounded-priority-fairness.txt §3.3, Algorithm 1's admission). The seeded
 * workloads are built so that every queue reaches the resource condition (3), the expensive one, and
 * {@link BopfWorkloadSummary} shows what they look like once admitted. Results are kept in
 * {@code benchmarks/results/bopf.md}.
 */
package io.punctual.bench.bopf;
