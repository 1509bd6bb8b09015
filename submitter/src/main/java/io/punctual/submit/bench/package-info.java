/**
 * The weekly benchmark ({@code punctual bench run}, issue 9). A suite's jobs (PUMA, TPC-DS, both, or the demo suite)
 * first get their missing history weeks; then every policy (a fixed executor count and Spark's dynamic allocation, as
 * teams run jobs today, and Punctual with and without its reservation) runs the same seeded arrivals and deadlines
 * beside the same background load, one policy after another. Every job ends in a {@link BenchRow} whose cost can be
 * recomputed from the event log the report keeps; the oracle is the cheapest fixed executor count that would have met
 * each deadline, measured from the history weeks.
 *
 * <p>Contract: the bench is a client of a Punctual gateway, through Livy's batch API with a team's token
 * ({@link GatewayClient}), so what is measured is what a team's scheduler goes through; of the submitter's packages
 * it imports only {@code request}. A run can be stopped and resumed: Ctrl-C deletes what is still running
 * ({@link RunGuard}), files are written whole, and {@code --resume} runs only the rows that are missing. The report is
 * built by {@code bench.report}, which plugs in through {@link ReportHook} so this package does not depend on it.
 */
package io.punctual.submit.bench;
