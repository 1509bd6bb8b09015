/**
 * The seam between the weekly benchmark and the suites it runs: a {@link BenchSuite} names its jobs and scales,
 * prepares its input deterministically from a seed, and says which {@link SparkApp} (a main class of the workloads jar
 * with its arguments) runs each job, or each preparation step that needs Spark. Implemented by PUMA, TPC-DS and, in
 * the submitter, the demo and combined suites.
 *
 * <p>Contract: plain Java with no Spark or Hadoop type, so the command that drives a benchmark, which has no Spark on
 * its class path, can use any suite while the applications it names run on the cluster.
 */
package io.punctual.workloads.suite;
