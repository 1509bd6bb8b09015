package io.punctual.submit.bench;

import java.time.Duration;
import java.time.Instant;

/**
 * One of a job's prior runs ("weeks" of history), run through the gateway at a fixed executor count inside a
 * reservation, with nothing else on the cluster: what the job's isolated runtime and the oracle are measured from.
 * Times are ISO-8601 instants.
 *
 * @param jobKey          the job key Punctual files the run under
 * @param week            which history week it is (from 1)
 * @param submittedAt     when the bench submitted it
 * @param startedAt       the application's start, from its event log
 * @param finishedAt      its end, from its event log
 * @param executorSeconds Σ executor lifetime × cores, from its event log
 * @param reason          why it failed; null for a run that succeeded
 */
public record HistoryRun(String jobKey, int week, int executors, int batchId, String appId, String submittedAt,
                         String startedAt, String finishedAt, boolean succeeded, double executorSeconds,
                         String eventLog, String reason) {

    /** Submission to the application's end: what the job takes when it has the cluster to itself. */
    public double endToEndSeconds() {
        return seconds(submittedAt, finishedAt);
    }

    /** The application's own time, start to end. */
    public double runSeconds() {
        return seconds(startedAt, finishedAt);
    }

    /** Submission to the application's start: the launch overhead. */
    public double overheadSeconds() {
        return seconds(submittedAt, startedAt);
    }

    private static double seconds(String from, String to) {
        return Duration.between(Instant.parse(from), Instant.parse(to)).toMillis() / 1000.0;
    }
}
