package io.punctual.sizing.rush;

import java.util.List;

/**
 * Where one job runs in a {@link SlotPlan}.
 *
 * @param target     the job and its target from onion peeling
 * @param runs       its slots, container by container, in the order they were placed
 * @param completion when its last slot ends (now, for a job without demand)
 */
public record JobSlots(CompletionTarget target, List<SlotRun> runs, double completion) {

    public JobSlots {
        runs = List.copyOf(runs);
    }

    /** Container-seconds placed for the job: its η, up to rounding. */
    public double work() {
        return runs.stream().mapToDouble(SlotRun::work).sum();
    }

    /** How far past its target the job completes (negative when early); at most R_i for feasible targets. */
    public double lateness() {
        return completion - target.target();
    }
}
