package io.punctual.sizing.rayon.planning;

import io.punctual.sizing.rayon.plan.PlanView;
import io.punctual.sizing.rayon.rdl.NormalForm;

/**
 * Places one compiled reservation into a plan (Rayon, SoCC 2014, Section 4.2). Reads the plan, never changes it:
 * applying a {@link Placement.Placed} is the caller's step (see {@link ReservationAdmission}), so a rejection
 * cannot leave anything behind.
 */
public interface Planner {

    Placement place(NormalForm reservation, PlanView plan);
}
