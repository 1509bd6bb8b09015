package io.punctual.sizing.justice;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * A job that has been admitted and holds CPUs. Its allocation no longer changes (Justice paper, Section 2.2);
 * admission looks at it only to kill large deadline violators.
 *
 * @param id          the submission's identifier, unique within a snapshot
 * @param tasks       its {@code requestedTasks}, compared with the kill threshold
 * @param cpus        CPUs it holds
 * @param submittedAt when it was submitted
 * @param deadline    its deadline relative to {@code submittedAt}
 */
public record RunningJob(String id, int tasks, int cpus, Instant submittedAt, Duration deadline) {

    public RunningJob {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(submittedAt, "submittedAt");
        Objects.requireNonNull(deadline, "deadline");
        if (id.isBlank()) {
            throw new IllegalArgumentException("a running job needs a non-blank id");
        }
        if (tasks < 1 || cpus < 1) {
            throw new IllegalArgumentException("job " + id + " needs tasks ≥ 1 and cpus ≥ 1, got " + tasks
                    + " and " + cpus);
        }
        if (deadline.isNegative() || deadline.isZero()) {
            throw new IllegalArgumentException("job " + id + " needs a positive deadline, got " + deadline);
        }
    }

    /** The absolute moment the deadline falls. */
    public Instant dueAt() {
        return submittedAt.plus(deadline);
    }
}
