/**
 * Punctual's history estimator: reads Spark's history and learns, per recurring job, what sizing needs.
 *
 * <h2>Entry points</h2>
 * {@link io.punctual.history.RunHistory} is the logic of {@code punctual history ingest | show | predict}. Sizing
 * gets a job's runtime curve as the {@link io.punctual.history.model.ValidatedCurve} (an
 * {@code io.punctual.sizing.RuntimeCurve}) that cross-validation chose over the counts the job ran at; its
 * {@link io.punctual.history.model.RuntimeModel} supplies the runs and their demands beside it. Runs live in a
 * {@link io.punctual.history.store.HistoryStore}
 * (by default {@link io.punctual.history.store.FileHistoryStore} under {@code $PUNCTUAL_HOME/history}).
 *
 * <h2>Job keys and teams</h2>
 * A run's job key is {@code team/name}: the name is {@code spark.deadline.jobKey}, else the Airflow task
 * ({@code airflow:<dag_id>.<task_id>} from {@code [spark.]airflow.ctx.dag.dag_id} / {@code .task.task_id}, or
 * Airflow's own {@code airflow.ctx.dag_id} / {@code airflow.ctx.task_id}), else {@code <app name>@<main class>}
 * (the Python or R file for PySpark and SparkR). The team is {@code spark.deadline.team}, else the YARN queue
 * unless it is {@code default}, else the submitting user. See {@link io.punctual.history.run.JobKeyResolver}.
 *
 * <h2>Runs kept out of training, and why</h2>
 * Every readable log is stored; these are shown but do not train a model, most fundamental reason first:
 * incomplete (no application end: still running, or the driver died); Spark 1.x (no stage parents or executor
 * cores, so no replay); a compacted rolling log (Spark dropped finished jobs' task events); lossy (task ends
 * missing against a stage's task count, task starts without ends, stages or jobs never closed, a missing rolling
 * part); no tasks at all. Unreadable files (not JSON, no application start, failed decompression) are rejected
 * with a reason and not stored.
 *
 * <h2>The model</h2>
 * Demand = a run's summed task time × cores per task (executor-core-seconds), Gaussian or log-normal by maximum
 * likelihood. The runtime curve replays each run's stage DAG on N executors × cores with a list scheduler, adds
 * the run's driver-only time (no job active) and a configurable launch overhead, and takes the nearest-rank
 * quantile over runs. Input drift: task times are scaled by {@code (reference input / run input)^e}, e fitted on
 * log–log over ≥ 4 runs with ≥ 20% input spread, else 1 when the logs show input, else 0. See
 * {@link io.punctual.history.model.InputDrift} and the replay in {@link io.punctual.history.model.ListScheduler}.
 */
package io.punctual.history;
