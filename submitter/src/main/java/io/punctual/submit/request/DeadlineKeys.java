package io.punctual.submit.request;

import io.punctual.history.run.DeadlineAsk;
import io.punctual.sizing.JobKey;
import java.util.List;

/**
 * Punctual's own Spark configuration keys. They travel as {@code --conf} entries so that a spark-submit command line,
 * a Livy {@code conf} object and an Airflow operator's {@code conf} all carry them unchanged.
 */
public final class DeadlineKeys {

    /** When the application must have finished: a duration from now ({@code 45m}) or a time. */
    public static final String BY = "spark.deadline.by";
    /** θ, the probability of meeting the deadline to size for, in (0, 1). */
    public static final String CONFIDENCE = DeadlineAsk.CONFIDENCE;
    /**
     * The deadline as an absolute instant, set by Punctual on every application it launches, so that the run's event
     * log tells afterwards whether it was met (the job's achieved confidence in {@code history show}).
     */
    public static final String AT = DeadlineAsk.AT;
    /** The recurring job this run belongs to (the name part of its job key). */
    public static final String JOB_KEY = JobKey.EXPLICIT;
    /** The team the job belongs to. */
    public static final String TEAM = JobKey.TEAM;
    /** Punctual's id of the submission, set by Punctual on every application it launches. */
    public static final String SUBMISSION_ID = "spark.deadline.submissionId";
    /** The most executors sizing may give this submission (a request may only lower its team's cap). */
    public static final String MAX_EXECUTORS = "spark.deadline.maxExecutors";
    /** What finishing late is still worth to this submission ({@link DeadlineUtility}), for RUSH's admission. */
    public static final String UTILITY = "spark.deadline.utility";
    /** A client's key that makes retried gateway submissions return the batch they created first. */
    public static final String IDEMPOTENCY_KEY = "spark.deadline.idempotencyKey";

    /**
     * The job's input, comma-separated paths or URIs of the cluster's file system, for sizing a job without history
     * from the splits Spark will make of it (arguments that are such URIs count too).
     */
    public static final String INPUT_PATHS = "spark.deadline.inputPaths";

    /** The keys a request may set; the rest of {@code spark.deadline.*} is Punctual's own or a typo. */
    public static final List<String> REQUEST_KEYS = List.of(BY, CONFIDENCE, MAX_EXECUTORS, UTILITY, JOB_KEY,
            TEAM, IDEMPOTENCY_KEY, INPUT_PATHS);

    /** The prefix of Punctual's keys. */
    public static final String PREFIX = "spark.deadline.";

    private DeadlineKeys() {
    }
}
