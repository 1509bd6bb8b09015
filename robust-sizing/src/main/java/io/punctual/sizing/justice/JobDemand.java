package io.punctual.sizing.justice;

import java.time.Duration;
import java.util.Objects;

/**
 * What ESTIMATE_REQ needs to know about a job that is about to be sized.
 *
 * @param maxParallelism   the job's {@code tasks}: tasks of its widest stage, or requested executors × cores
 * @param capacityCpus     CPUs in the cluster (or the share the job may draw from)
 * @param coresPerExecutor CPUs per Spark executor; the result is rounded up to whole executors
 * @param deadline         the job's deadline relative to its submission
 * @param queued           time the job has already waited since submission (0 when sizing at submission)
 */
public record JobDemand(int maxParallelism, int capacityCpus, int coresPerExecutor, Duration deadline,
                        Duration queued) {

    public JobDemand {
        Objects.requireNonNull(deadline, "deadline");
        Objects.requireNonNull(queued, "queued");
        if (maxParallelism < 1) {
            throw new IllegalArgumentException("maxParallelism must be ≥ 1 (tasks of the widest stage), got "
                    + maxParallelism);
        }
        if (capacityCpus < 1) {
            throw new IllegalArgumentException("capacityCpus must be ≥ 1, got " + capacityCpus);
        }
        if (coresPerExecutor < 1) {
            throw new IllegalArgumentException("coresPerExecutor must be ≥ 1, got " + coresPerExecutor);
        }
        if (deadline.isNegative() || deadline.isZero()) {
            throw new IllegalArgumentException("deadline must be positive, got " + deadline);
        }
        if (queued.isNegative()) {
            throw new IllegalArgumentException("queued time cannot be negative, got " + queued
                    + "; was the job's submission time after 'now'?");
        }
    }

    /** A job sized at the moment it is submitted (nothing queued yet). */
    public static JobDemand atSubmission(int maxParallelism, int capacityCpus, int coresPerExecutor,
                                         Duration deadline) {
        return new JobDemand(maxParallelism, capacityCpus, coresPerExecutor, deadline, Duration.ZERO);
    }

    /** {@code maxCpus = min(tasks, capacity)} (Algorithm 4, line 22). */
    public int maxCpus() {
        return Math.min(maxParallelism, capacityCpus);
    }

    /** TTD: the time left until the deadline. */
    public Duration timeToDeadline() {
        return deadline.minus(queued);
    }
}
