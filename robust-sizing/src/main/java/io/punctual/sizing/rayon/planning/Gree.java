package io.punctual.sizing.rayon.planning;

import io.punctual.sizing.rayon.planning.TallestLatest.Fill;
import io.punctual.sizing.rayon.rdl.NormalForm;

/**
 * GREE, Rayon's procrastinating placement heuristic (Curino et al., SoCC 2014, Section 4.2): every sub-expression
 * as late as it fits, every atom as tall as the plan allows near its deadline. Fast, accepts many, but its tall and
 * skinny allocations cause preemption. Stateless and safe to share.
 */
public final class Gree extends RightToLeftPlanner {

    @Override
    AtomAllocation placeAtom(NormalForm.Atom atom, long lo, long hi, TentativePlan plan) {
        AtomGrid grid = grid(atom, hi, plan);
        Fill fill = TallestLatest.fill(UnitProfile.of(plan, grid), grid.leaseSteps(), grid.workUnits());
        if (fill.missing() > 0) {
            throw shortfall(grid, fill);
        }
        return grid.toAllocation(fill.leases());
    }

    @Override
    public String toString() {
        return "GREE";
    }
}
