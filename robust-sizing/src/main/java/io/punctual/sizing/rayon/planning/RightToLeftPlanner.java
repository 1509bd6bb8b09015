package io.punctual.sizing.rayon.planning;

import io.punctual.sizing.rayon.plan.PlanView;
import io.punctual.sizing.rayon.planning.TallestLatest.Fill;
import io.punctual.sizing.rayon.rdl.NormalForm;
import java.util.ArrayList;
import java.util.List;

/**
 * The traversal GREE and GREE-L share (Rayon, SoCC 2014, Section 4.2): one pass over the compiled expression,
 * right-deep and depth-first, never revisiting a placed sub-expression. {@code order} places its last stage first
 * and bounds each earlier stage by the start of the one after it; {@code all} places every part; {@code any} takes
 * the first alternative that fits and undoes the ones that did not. Subclasses decide how an atom (and, for GREE-L,
 * an order's stages) meet the plan.
 */
abstract class RightToLeftPlanner implements Planner {

    @Override
    public final Placement place(NormalForm reservation, PlanView plan) {
        TentativePlan tentative = new TentativePlan(plan);
        List<AtomAllocation> placed = new ArrayList<>();
        try {
            place(reservation, Long.MIN_VALUE, Long.MAX_VALUE, tentative, placed);
            return new Placement.Placed(placed);
        } catch (NoFit noFit) {
            return new Placement.Infeasible(noFit.getMessage());
        }
    }

    /**
     * Places {@code form} so that it ends by {@code hi}; {@code lo} is a preferred earliest start (GREE-L's guessed
     * interval), not a constraint. Returns the earliest start of what was placed, or {@code hi} if nothing was.
     */
    final long place(NormalForm form, long lo, long hi, TentativePlan plan, List<AtomAllocation> out) {
        if (form instanceof NormalForm.Atom atom) {
            AtomAllocation allocation = atom.isVoid()
                    ? new AtomAllocation(atom, List.of())
                    : placeAtom(atom, lo, hi, plan);
            plan.add(allocation);
            out.add(allocation);
            return Math.min(hi, allocation.start());
        }
        if (form instanceof NormalForm.All all) {
            long start = hi;
            for (NormalForm part : all.parts()) {
                start = Math.min(start, place(part, lo, hi, plan, out));
            }
            return start;
        }
        if (form instanceof NormalForm.Any any) {
            return placeAny(any, lo, hi, plan, out);
        }
        return placeOrder((NormalForm.Order) form, lo, hi, plan, out);
    }

    /** Places one non-void atom ending by {@code hi}, or throws {@link NoFit} with the reason. */
    abstract AtomAllocation placeAtom(NormalForm.Atom atom, long lo, long hi, TentativePlan plan);

    /** GREE's order: last stage first, each as late as it fits, each earlier stage ending before the next starts. */
    long placeOrder(NormalForm.Order order, long lo, long hi, TentativePlan plan, List<AtomAllocation> out) {
        long bound = hi;
        List<NormalForm> stages = order.stages();
        for (int i = stages.size() - 1; i >= 0; i--) {
            bound = placeStage(order, i, lo, bound, plan, out);
        }
        return bound;
    }

    final long placeStage(NormalForm.Order order, int i, long lo, long hi, TentativePlan plan,
                          List<AtomAllocation> out) {
        try {
            return Math.min(hi, place(order.stages().get(i), lo, hi, plan, out));
        } catch (NoFit noFit) {
            String bound = hi == Long.MAX_VALUE ? "" : " (ending by " + hi + " for the stages after it)";
            throw new NoFit("order stage " + (i + 1) + " of " + order.stages().size() + bound + ": "
                    + noFit.getMessage());
        }
    }

    private long placeAny(NormalForm.Any any, long lo, long hi, TentativePlan plan, List<AtomAllocation> out) {
        List<String> reasons = new ArrayList<>();
        for (NormalForm alternative : any.alternatives()) {
            int mark = plan.mark();
            int size = out.size();
            try {
                return place(alternative, lo, hi, plan, out);
            } catch (NoFit noFit) {
                plan.rollback(mark);
                out.subList(size, out.size()).clear();
                reasons.add("(" + (reasons.size() + 1) + ") " + noFit.getMessage());
            }
        }
        throw new NoFit("no alternative of any(...) fits: " + String.join("; ", reasons));
    }

    /** The grid for an atom ending by {@code hi}, or a {@link NoFit} when its unit or lease cannot fit at all. */
    static AtomGrid grid(NormalForm.Atom atom, long hi, TentativePlan plan) {
        AtomGrid grid = AtomGrid.of(atom, plan.step(), hi);
        if (!grid.unit().fitsIn(plan.capacity())) {
            throw new NoFit(atom.describe() + ": g = " + atom.minParallel() + " bundles need " + grid.unit()
                    + ", more than the plan capacity " + plan.capacity());
        }
        if (grid.length() < grid.leaseSteps()) {
            throw new NoFit(atom.describe() + ": aligned to the plan step of " + plan.step() + " s"
                    + (hi < atom.end() ? " and ending by " + hi : "") + ", its window " + grid.window()
                    + " is shorter than one lease of " + grid.leaseSteps() * plan.step() + " s");
        }
        return grid;
    }

    static NoFit shortfall(AtomGrid grid, Fill fill) {
        long step = grid.step();
        long g = grid.atom().minParallel();
        return new NoFit(grid.atom().describe() + ": only " + fill.placed(grid.workUnits()) * g * step + " of "
                + grid.placedWork() + " bundle-seconds fit in " + grid.window() + " given the plan");
    }

    /** A sub-expression that cannot be placed; unwinds to the nearest {@code any} or to {@link #place}. */
    static final class NoFit extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NoFit(String reason) {
            super(reason, null, false, false);
        }
    }
}
