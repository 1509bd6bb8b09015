package io.punctual.sizing.sizer;

import java.util.Objects;

/**
 * How many tasks a job's widest stage is expected to run, for a job history does not know. Justice learns its fraction
 * against each finished job's widest stage, so the fraction is applied to this same quantity (Justice, Algorithm 4:
 * {@code maxCpus = min(tasks, capacity)}), never to a cap that merely bounds it.
 *
 * @param tasks the expected task count of the widest stage, at least 1
 * @param basis   where the number comes from ({@code spark.default.parallelism}, comparable jobs, ...), for explain
 * @param ownHint whether the number is the job's own (its history, input, settings or executor count) rather than a
 *                bound such as the team cap, which says nothing of the job's width
 */
public record ParallelismEstimate(int tasks, String basis, boolean ownHint) {

    /** An estimate from the job's own hints. */
    public ParallelismEstimate(int tasks, String basis) {
        this(tasks, basis, true);
    }

    public ParallelismEstimate {
        Objects.requireNonNull(basis, "basis");
        if (tasks < 1) {
            throw new IllegalArgumentException("a parallelism estimate needs at least 1 task, got " + tasks
                    + " (from " + basis + ")");
        }
    }
}
