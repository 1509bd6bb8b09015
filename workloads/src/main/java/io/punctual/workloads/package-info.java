/**
 * Spark applications of Punctual's own, shipped in the workloads jar: {@link WordCount}, the demo's job, and
 * {@link SyntheticStages}, a chain of stages whose runtime at N executors is known in advance, the yardstick for
 * runtime prediction and for tests that need a job to keep running. The benchmark suites (PUMA, TPC-DS), the seam the
 * weekly benchmark drives them through and the driver plugin for re-planning live in the sub-packages.
 *
 * <p>The module's contract: it depends on no other Punctual module, and Spark and Hadoop are provided by whatever
 * launches the application, so the jar stays small and runs under the cluster's Spark. Punctual starts these
 * applications through spark-submit by class name and never calls them in-process; each takes its inputs as
 * arguments.
 */
package io.punctual.workloads;
