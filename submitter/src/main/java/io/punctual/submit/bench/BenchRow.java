package io.punctual.submit.bench;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One job under one policy in a weekly benchmark run: a row of {@code results.json} and of {@code results.csv}.
 * Times are ISO-8601 instants; every cost is recomputable from the event log the row names.
 *
 * @param policy                 {@code static}, {@code dynamic}, {@code punctual} or {@code punctual-noreserve}
 * @param job                    the suite's job name ({@code puma/wordcount}, {@code tpcds/q3})
 * @param appId                  YARN's application id; null when the job never launched
 * @param arrival                when the job was submitted
 * @param deadline               arrival + factor × the job's isolated runtime
 * @param admitted               false when the policy refused it up front (only Punctual's policies refuse)
 * @param reason                 why it was refused, failed or killed; null for a job that succeeded
 * @param finishedAt             when the application ended; null when it never ran
 * @param metDeadline            finished successfully by the deadline
 * @param executors              executors it ran with (the most alive at once, from the event log)
 * @param executorSeconds        Σ executor lifetime × cores, from the event log
 * @param oracleExecutorSeconds  the fewest executor-seconds that would have met the deadline, from the job's
 *                               measured runtime at each executor count; null when no count would have
 * @param predictedFinish        Punctual's predicted finish; null for policies that predict nothing
 * @param eventLog               the copy of the application's event log the report keeps, relative to the report
 *                               (earlier reports named the bench home's own file)
 * @param week                   which weekly run this row belongs to (1 for the first run in a bench home)
 * @param deadlineFactor         the factor of the deadline mix this job drew
 * @param reservationId          the YARN reservation it ran in; null without one
 * @param reservedCpuSeconds     vcore-seconds the reservation held; null without one
 * @param replans                how often Punctual re-planned the run (issue 25: executors grown or given back from
 *                               its progress, or its hold moved while no task had started); null for a policy that
 *                               does not ask Punctual or a job that never ran
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record BenchRow(String policy, String job, String appId, String arrival, String deadline, boolean admitted,
                       String reason, String finishedAt, boolean metDeadline, Integer executors,
                       Double executorSeconds, Double oracleExecutorSeconds, String predictedFinish, String eventLog,
                       int week, double deadlineFactor, String reservationId, Double reservedCpuSeconds,
                       Integer replans) {
}
