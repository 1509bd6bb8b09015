/**
 * Punctual's Spark driver plugin ({@link ExecutorTargetPlugin}), the live half of re-planning a running job
 * (DESIGN.md §9, issue 25): the launch adds it to {@code spark.plugins} with a target file on the cluster's file
 * system, and the driver follows the executor count written there, asking the cluster manager for more or giving the
 * least busy back, decommissioned where Spark's decommissioning is on so their shuffle output survives. Spark's
 * dynamic allocation cannot do this job: it would undo the sizing Punctual reserved for.
 *
 * <p>Contract: it runs inside the user's driver, so it must never fail the application; a missing or unreadable file
 * changes nothing and the application keeps the size it has. The submitter names the plugin by class name and repeats
 * its property key rather than linking against it, so no Spark type reaches the submitter.
 */
package io.punctual.workloads.plugin;
