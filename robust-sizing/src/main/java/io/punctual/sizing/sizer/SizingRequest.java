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

    /** A request whose parallelism estimate is the executors x cores it asked for (or the team allows). */
    public SizingRequest(JobKey job, Instant now, Instant deadline, double confidence, double robustness,
                         Resources executor, int coresPerExecutor, Optional<JobHistory> history,
                         int requestedParallelism, int teamMaxExecutors, int clusterExecutors,
                         Optional<Integer> userExecutors) {
        this(job, now, deadline, confidence, robustness, executor, coresPerExecutor, history,
                new ParallelismEstimate(requestedParallelism, "requested executors x cores"), teamMaxExecutors,
                clusterExecutors, userExecutors);
    }

    /** Time between now and the deadline. */
    public Duration window() {
        return Duration.between(now, deadline);
    }

    /** The most executors any bound allows: the team cap and what the cluster holds. */
    public int executorLimit() {
        return Math.min(teamMaxExecutors, clusterExecutors);
    }
}
