/**
 * One Spark application attempt as Punctual keeps it ({@link RunRecord}: stages with their task times, jobs, executors,
 * totals, the log's integrity, and why the run may not train a model), together with the rule that names the
 * recurring job a run belongs to ({@link JobKeyResolver}, through {@code io.punctual.sizing.JobKey}'s shared rule so
 * a submission and its event log agree) and what reading one log gave ({@link ReadOutcome}: a run, or the reason it
 * was rejected).
 *
 * <p>Plain immutable values that depend only on robust-sizing: the parser, the sources, the store, the models and the
 * submitter's learning loop all exchange runs in these types, so none of them needs another's internals. A run keeps
 * what sizing needs and nothing else of its log. {@link StageRun#taskMillis()} is shared rather than copied, to keep
 * 100k-task runs cheap; treat it as read-only.
 */
package io.punctual.history.run;
