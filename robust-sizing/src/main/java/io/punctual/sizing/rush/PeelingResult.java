package io.punctual.sizing.rush;

import java.util.Comparator;
import java.util.List;

/**
 * Completion targets for every job of a scheduling round, in the order the jobs were given. The targets are
 * feasible: for every time t, the demand of the jobs with targets ≤ t fits in C·(t − now) — condition (12) of RUSH
 * for every layer — so {@link ContinuousSlotMapping} can realise them.
 *
 * @param targets one per job, in input order
 * @param containers C, the capacity they were computed for
 * @param now the start of the round
 */
public record PeelingResult(List<CompletionTarget> targets, int containers, double now) {

    public PeelingResult {
        targets = List.copyOf(targets);
    }

    /** Targets from the least utility to the greatest: the order in which onion peeling fixes the layers. */
    public List<CompletionTarget> byUtility() {
        return targets.stream().sorted(Comparator.comparingDouble(CompletionTarget::utility)).toList();
    }

    /** The least utility of the round: what lexicographic max-min maximises first. */
    public double minimumUtility() {
        return targets.stream().mapToDouble(CompletionTarget::utility).min().orElse(Double.POSITIVE_INFINITY);
    }
}
