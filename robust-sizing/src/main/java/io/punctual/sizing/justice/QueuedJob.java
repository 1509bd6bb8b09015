package io.punctual.sizing.justice;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * A submitted job waiting for admission.
 *
 * @param id               the submission's identifier, unique within a snapshot
 * @param tasks            its maximum parallelism (tasks of its widest stage)
 * @param coresPerExecutor CPUs per executor it will run with
 * @param submittedAt      when it was submitted
 * @param deadline         its deadline relative to {@code submittedAt}
 */
public record QueuedJob(String id, int tasks, int coresPerExecutor, Instant submittedAt, Duration deadline) {

    public QueuedJob {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(submittedAt, "submittedAt");
        Objects.requireNonNull(deadline, "deadline");
        if (id.isBlank()) {
            throw new IllegalArgumentException("a queued job needs a non-blank id");
        }
        if (tasks < 1 || coresPerExecutor < 1) {
            throw new IllegalArgumentException("job " + id + " needs tasks ≥ 1 and coresPerExecutor ≥ 1, got "
                    + tasks + " and " + coresPerExecutor);
        }
        if (deadline.isNegative() || deadline.isZero()) {
            throw new IllegalArgumentException("job " + id + " needs a positive deadline, got " + deadline);
        }
    }

    /** What ESTIMATE_REQ needs for this job at {@code now}, with {@code now − submittedAt} spent queued. */
    public JobDemand demandAt(Instant now, int capacityCpus) {
        return new JobDemand(tasks, capacityCpus, coresPerExecutor, deadline, Duration.between(submittedAt, now));
    }

    /** The absolute moment the deadline falls. */
    public Instant dueAt() {
        return submittedAt.plus(deadline);
    }
}
