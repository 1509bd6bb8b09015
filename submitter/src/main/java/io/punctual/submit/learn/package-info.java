/**
 * The learning loop: every application Punctual ran, once it is over ({@link Completion}), has its event log ingested
 * into its job's run history and teaches, when it fits the lesson, the fleet's work per task (a run that succeeded),
 * the launch overhead (a run that started in its own reservation, not in a shared queue) and Justice's fraction (a
 * run with a deadline). The same port ({@link Learning}) hands sizing back what was learnt: a job's history, Justice's
 * state, the work-per-task prior and the launch overhead applications have been seeing ({@link LaunchOverheads}).
 * {@link StoredLearning} keeps all of it under the Punctual home.
 *
 * <p>Contract: a run must never fail for its lesson, so problems are reported, not thrown. Work without a deadline
 * never reaches Justice, since a stand-in deadline would teach it a fraction nobody asked for. Learnt state is written
 * whole and atomically under a file lock, as two gateways may share a home; a corrupt file is reported and learning
 * starts over rather than trusting it. Layering: imports no other package of the submitter; beside {@code launch},
 * below the pipeline.
 */
package io.punctual.submit.learn;
