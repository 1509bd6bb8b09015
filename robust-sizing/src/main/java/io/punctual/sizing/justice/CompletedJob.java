package io.punctual.sizing.justice;

import java.time.Duration;
import java.util.Objects;

/**
 * What Justice learns from one job that ran to completion (the arguments of TRACK_JOB, Algorithm 1 of the Justice
 * paper), whether it met its deadline or not. Jobs that were dropped or killed are not tracked: their computation
 * time is unknown.
 *
 * @param cpuSeconds     {@code compTime}: the job's total computation time across all its tasks, in CPU-seconds
 *                       (for Spark, the sum of task run times times the CPUs per task). The paper derives it from
 *                       {@code numCPUsAllocd × jobET}; the task-time sum is the tighter measure of the same work,
 *                       and a caller that only knows the allocation may pass {@code cpusAllocated × runtime}
 * @param requestedTasks the job's maximum useful parallelism (tasks of its widest stage)
 * @param deadline       the deadline relative to submission (queueing included), as the paper's "maximum
 *                       execution time"
 * @param cpusAllocated  {@code numCPUsAllocd}: CPUs the job held while it ran
 * @param metDeadline    {@code success}: whether it finished by its deadline
 * @param capacityCpus   {@code cluster_capacity}: CPUs in the cluster (or the team's share) when it ran
 */
public record CompletedJob(double cpuSeconds, int requestedTasks, Duration deadline, int cpusAllocated,
                           boolean metDeadline, int capacityCpus) {

    public CompletedJob {
        Objects.requireNonNull(deadline, "deadline");
        if (!(cpuSeconds >= 0) || Double.isInfinite(cpuSeconds)) {
            throw new IllegalArgumentException("cpuSeconds must be a finite number ≥ 0 (total task CPU-seconds), got "
                    + cpuSeconds);
        }
        if (requestedTasks < 1) {
            throw new IllegalArgumentException("requestedTasks must be ≥ 1 (tasks of the widest stage), got "
                    + requestedTasks);
        }
        if (deadline.isNegative() || deadline.isZero()) {
            throw new IllegalArgumentException("deadline must be positive, got " + deadline);
        }
        if (cpusAllocated < 1) {
            throw new IllegalArgumentException("cpusAllocated must be ≥ 1, got " + cpusAllocated);
        }
        if (capacityCpus < 1) {
            throw new IllegalArgumentException("capacityCpus must be ≥ 1, got " + capacityCpus);
        }
    }

    /** {@code maxCPUs = min(requestedTasks, cluster_capacity)} (Algorithm 1, line 3). */
    public int maxCpus() {
        return Math.min(requestedTasks, capacityCpus);
    }
}
