/**
 * The learning loop: every application Punctual ran, once it is over ({@link Completion}), has its event log ingested
 * into its job's run history and teaches, when it fits the lesson, the fleet's work per task (a run that succeeded),
 * the launch overhead (a run that started in its own reservation, not in a shared queue) and Justice's fraction (a run
 * with a deadline). The same port ({@link Learning}) hands sizing back what was learnt: a job's history, Justice's
 * state, the work-per-task prior and the launch overhead applications have been seeing ({@link LaunchOverheads}).
 * {@link StoredLearning} keeps the runs in a history store and the rest among the {@link LearnedTexts}: under the
 * Punctual home by default ({@link LearnedFiles}), in the database when gateways share one.
 *
 * <p>Contract: a run must never fail for its lesson, so problems (a store that does not answer included) are reported,
 * not thrown. Work without a deadline never reaches Justice, since a stand-in deadline would teach it a fraction
 * nobody asked for. Learnt state is replaced whole and atomically under a lock every writer takes, as several gateways
 * may learn at once; a corrupt state is reported and learning starts over rather than trusting it. A job's model is
 * trained again whenever its stored runs change, wherever they were stored from. Layering: imports no other package of
 * the submitter; beside {@code launch}, below the pipeline.
 */
package io.punctual.submit.learn;
