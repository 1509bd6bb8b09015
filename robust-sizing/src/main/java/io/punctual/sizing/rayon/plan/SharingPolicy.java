package io.punctual.sizing.rayon.plan;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Rayon's sharing policy seam (SoCC 2014, Section 5.2, "Sharing Policies"): bounds what one team may reserve,
 * beyond the physical capacity. Checked after a planner found a placement and before it enters the plan.
 */
public interface SharingPolicy {

    /** Lets everything through: only physical capacity applies. */
    SharingPolicy UNCONSTRAINED = (plan, team, addition) -> Optional.empty();

    /**
     * Why adding {@code addition} (non-zero segments, time order) for {@code team} to {@code plan} would break this
     * policy, or empty when it would not.
     */
    Optional<String> violation(PlanView plan, String team, List<Segment> addition);

    /** A policy per team, {@code otherwise} for teams without one. */
    static SharingPolicy perTeam(Map<String, SharingPolicy> policies, SharingPolicy otherwise) {
        Map<String, SharingPolicy> copy = Map.copyOf(policies);
        return (plan, team, addition) -> copy.getOrDefault(team, otherwise).violation(plan, team, addition);
    }
}
