package io.punctual.sizing.rayon.plan;

import java.util.List;

/** Write side of a Rayon plan. Changes are checked: a plan never holds more than its capacity at any instant. */
public interface PlanEdit extends PlanView {

    /**
     * Admits {@code allocation} for reservation {@code id} of {@code team}.
     *
     * @throws IllegalArgumentException if the id is taken, a boundary is not a multiple of {@link #step()}, or the
     *     plan would exceed its capacity somewhere; the plan is then unchanged
     */
    void add(String id, String team, List<Segment> allocation);

    /** Removes reservation {@code id}; false when there is no such reservation. */
    boolean remove(String id);
}
