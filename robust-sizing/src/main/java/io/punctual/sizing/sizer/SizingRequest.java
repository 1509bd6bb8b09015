package io.punctual.sizing.sizer;

import io.punctual.sizing.JobKey;
import io.punctual.sizing.Resources;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything a sizer needs to decide one submission's executors.
 *
 * @param submittedAt          when the job was submitted: a job sized again after waiting in an admission queue keeps
 *                             it, so Justice's ESTIMATE_REQ sees its whole relative deadline and the time it waited
 * @param now                  when it is sized (its window opens then)
 * @param confidence           θ: the probability of meeting the deadline to size for, in (0, 1)
 * @param robustness           δ: how far (KL divergence) the real demand distribution may be from history's
 * @param executor             one executor's container
 * @param parallelism          the job's widest stage when history does not know it (see {@link ParallelismEstimate})
 * @param teamMaxExecutors     the team's cap
 * @param clusterExecutors     executors of this shape the reservable capacity can hold at once
 * @param userExecutors        an explicit executor count from the user, which overrides sizing
 */
public record SizingRequest(
        JobKey job,
        Instant submittedAt,
        Instant now,
        Instant deadline,
        double confidence,
        double robustness,
        Resources executor,
        int coresPerExecutor,
        Optional<JobHistory> history,
        ParallelismEstimate parallelism,
        int teamMaxExecutors,
        int clusterExecutors,
        Optional<Integer> userExecutors) {

    public SizingRequest {
        Objects.requireNonNull(job, "job");
        Objects.requireNonNull(submittedAt, "submittedAt");
        Objects.requireNonNull(history, "history");
        Objects.requireNonNull(userExecutors, "userExecutors");
        Objects.requireNonNull(parallelism, "parallelism");
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("the confidence must be strictly between 0 and 1 (e.g. 0.9), got "
                    + confidence);
        }
        if (!(robustness >= 0)) {
            throw new IllegalArgumentException("the robustness radius δ cannot be negative, got " + robustness);
        }
        if (coresPerExecutor < 1 || teamMaxExecutors < 1 || clusterExecutors < 0) {
            throw new IllegalArgumentException("cores per executor and the team cap must be at"
                    + " least 1, and the cluster's executor capacity at least 0");
        }
    }

    /**
     * A request sized at its submission, whose parallelism estimate is the executors x cores it asked for (or the
     * team allows).
     */
    public SizingRequest(JobKey job, Instant now, Instant deadline, double confidence, double robustness,
                         Resources executor, int coresPerExecutor, Optional<JobHistory> history,
                         int requestedParallelism, int teamMaxExecutors, int clusterExecutors,
                         Optional<Integer> userExecutors) {
        this(job, now, now, deadline, confidence, robustness, executor, coresPerExecutor, history,
                new ParallelismEstimate(requestedParallelism, "requested executors x cores"), teamMaxExecutors,
                clusterExecutors, userExecutors);
    }

    /** The same request where the reservable capacity holds {@code executors} at most. */
    public SizingRequest withClusterExecutors(int executors) {
        return new SizingRequest(job, submittedAt, now, deadline, confidence, robustness, executor, coresPerExecutor,
                history, parallelism, teamMaxExecutors, executors, userExecutors);
    }

    /** The same request at another confidence θ. */
    public SizingRequest withConfidence(double theta) {
        return new SizingRequest(job, submittedAt, now, deadline, theta, robustness, executor, coresPerExecutor,
                history, parallelism, teamMaxExecutors, clusterExecutors, userExecutors);
    }

    /** Time between now and the deadline. */
    public Duration window() {
        return Duration.between(now, deadline);
    }

    /**
     * Time between submission and the deadline: the relative deadline Justice's ESTIMATE_REQ scales by (never less
     * than the window, should the submitting host's clock run ahead of this one's).
     */
    public Duration relativeDeadline() {
        return Duration.between(submittedAt.isAfter(now) ? now : submittedAt, deadline);
    }

    /** How long the job has waited since its submission (zero when sized at once). */
    public Duration queued() {
        return submittedAt.isAfter(now) ? Duration.ZERO : Duration.between(submittedAt, now);
    }

    /** The executors the job's widest stage can use: its expected tasks over the cores of one executor. */
    public int widthExecutors() {
        return Math.max(1, -Math.floorDiv(-parallelism.tasks(), coresPerExecutor));
    }

    /** The most executors any bound allows: the team cap and what the cluster holds. */
    public int executorLimit() {
        return Math.min(teamMaxExecutors, clusterExecutors);
    }
}
