package io.punctual.sizing.rayon.planning;

import io.punctual.sizing.rayon.plan.PlanEdit;
import io.punctual.sizing.rayon.plan.SharingPolicy;
import io.punctual.sizing.rayon.rdl.NormalForm;
import java.util.Objects;
import java.util.Optional;

/**
 * Rayon's admission steps 2–4 (SoCC 2014, Section 5.1): a planner proposes a placement, the sharing policy
 * validates it, and only then does it enter the plan. A refusal at any step leaves the plan exactly as it was.
 */
public final class ReservationAdmission {

    private final Planner planner;
    private final SharingPolicy policy;

    public ReservationAdmission(Planner planner, SharingPolicy policy) {
        this.planner = Objects.requireNonNull(planner, "planner");
        this.policy = Objects.requireNonNull(policy, "policy");
    }

    /** Places {@code reservation} for {@code team} under id {@code id}; on success it is in {@code plan}. */
    public Placement admit(String id, String team, NormalForm reservation, PlanEdit plan) {
        if (plan.reservation(id).isPresent()) {
            return new Placement.Infeasible("reservation " + id + " is already in the plan");
        }
        Placement placement = planner.place(reservation, plan);
        if (placement instanceof Placement.Placed placed) {
            Optional<String> violation = policy.violation(plan, team, placed.total());
            if (violation.isPresent()) {
                return new Placement.Infeasible("sharing policy: " + violation.get());
            }
            plan.add(id, team, placed.total());
        }
        return placement;
    }
}
