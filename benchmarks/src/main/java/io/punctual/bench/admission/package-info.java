/**
 * How long one admission round takes to order the waiting jobs ({@link AdmissionRoundTime}; issue 13 asks for at most
 * 5 ms with 1,000 queued), under Justice's order and under RUSH's arbitration, through the submitter's own
 * {@code AdmissionOrder} on a seeded queue loaded beyond what the plan can meet. Times are taken in the measuring
 * thread's CPU time as well as wall time, since the machine is shared with builds. A measurement, not a test: nothing
 * here asserts a time. Run by {@code benchmarks/scripts/admission-round.sh}; results are kept in
 * {@code benchmarks/results/contention.md}.
 */
package io.punctual.bench.admission;
