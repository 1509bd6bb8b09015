package io.punctual.sizing.rush;

import java.util.List;

/**
 * A container assignment for a scheduling round (RUSH §III-C): every job's demand cut into uninterrupted slots on
 * {@code containers} containers, no two slots on one container overlapping.
 *
 * @param jobs       one entry per target, in the order the targets were given
 * @param containers C
 */
public record SlotPlan(List<JobSlots> jobs, int containers) {

    public SlotPlan {
        jobs = List.copyOf(jobs);
    }

    /** Containers busy right after {@code time}: the count RUSH compares against what jobs hold now (§IV). */
    public long containersBusyAt(double time) {
        return jobs.stream().flatMap(j -> j.runs().stream())
                .filter(r -> r.start() <= time && time < r.end())
                .count();
    }
}
