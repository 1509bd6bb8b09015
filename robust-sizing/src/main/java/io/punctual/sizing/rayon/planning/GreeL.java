package io.punctual.sizing.rayon.planning;

import io.punctual.sizing.Resources;
import io.punctual.sizing.rayon.plan.PlanMetrics;
import io.punctual.sizing.rayon.planning.TallestLatest.Fill;
import io.punctual.sizing.rayon.rdl.NormalForm;
import io.punctual.sizing.rayon.rdl.RdlCompiler;
import java.util.List;

/**
 * GREE-L, Rayon's lower-preemption placement heuristic (Curino et al., SoCC 2014, Section 4.2 and Algorithm 1).
 * Like GREE it walks the expression right to left, but it first guesses an interval for each stage of an
 * {@code order} — the time left, shared in proportion to each remaining stage's size (work weighted by the bundle's
 * dominant share of capacity), never less than a stage's shortest possible duration, never starting before the
 * stages ahead of it could have finished, and recomputed after every stage is placed — and places each atom as flat
 * as possible over its interval (see {@link FlatFill}).
 *
 * <p>The paper's pseudo-code did not survive in our copy; where this differs from a literal reading it says so:
 * when no flat allocation fits the guessed interval, the atom tries a flat allocation over its whole window (still
 * bounded by the stages after it), then GREE's tallest-latest placement there, as YARN's
 * {@code AlignedPlannerWithGreedy} falls back to its greedy agent. Placed stages are never revisited, so earlier
 * stages can still be squeezed out.
 */
public final class GreeL extends RightToLeftPlanner {

    @Override
    AtomAllocation placeAtom(NormalForm.Atom atom, long lo, long hi, TentativePlan plan) {
        AtomGrid grid = grid(atom, hi, plan);
        UnitProfile whole = UnitProfile.of(plan, grid);
        if (whole.roomBound(grid.leaseSteps()) < grid.workUnits()) {
            // Nothing can fit; let GREE's fill measure how much would, for the reason.
            throw shortfall(grid, TallestLatest.fill(whole, grid.leaseSteps(), grid.workUnits()));
        }
        if (lo > Long.MIN_VALUE) {
            AtomGrid guessed = grid.startingFrom(lo);
            Fill flat = FlatFill.flat(UnitProfile.of(plan, guessed), guessed.leaseSteps(), guessed.workUnits());
            if (flat != null) {
                return grid.toAllocation(flat.leases());
            }
        }
        Fill flat = FlatFill.flat(whole, grid.leaseSteps(), grid.workUnits());
        if (flat != null) {
            return grid.toAllocation(flat.leases());
        }
        Fill tall = TallestLatest.fill(whole, grid.leaseSteps(), grid.workUnits());
        if (tall.missing() > 0) {
            throw shortfall(grid, tall);
        }
        return grid.toAllocation(tall.leases());
    }

    @Override
    long placeOrder(NormalForm.Order order, long lo, long hi, TentativePlan plan, List<AtomAllocation> out) {
        List<NormalForm> stages = order.stages();
        long start = Math.max(lo, order.start());
        long bound = Math.min(hi, order.end());
        double[] weight = new double[stages.size()];
        long[] shortest = new long[stages.size()];
        for (int i = 0; i < stages.size(); i++) {
            weight[i] = size(stages.get(i), plan.capacity());
            shortest[i] = shortestDuration(stages.get(i));
        }
        long[] earliestEnd = new long[stages.size()];
        long t = start;
        for (int i = 0; i < stages.size(); i++) {
            t = saturatingAdd(Math.max(t, stages.get(i).start()), shortest[i]);
            earliestEnd[i] = t;
        }
        for (int i = stages.size() - 1; i >= 0; i--) {
            double before = 0;
            long shortestBefore = 0;
            for (int j = 0; j < i; j++) {
                before += weight[j];
                shortestBefore += shortest[j];
            }
            long left = bound - start;
            double share = before + weight[i] == 0 ? 1 : weight[i] / (before + weight[i]);
            long length = Math.max(shortest[i], (long) Math.floor(left * share));
            length = Math.min(length, Math.max(shortest[i], left - shortestBefore));
            long notBefore = i == 0 ? start : Math.min(earliestEnd[i - 1], bound - shortest[i]);
            bound = placeStage(order, i, Math.max(bound - length, notBefore), bound, plan, out);
        }
        return bound;
    }

    private static long saturatingAdd(long a, long b) {
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }

    /** Work weighted by the bundle's dominant share of capacity: what the interval guess shares time by. */
    static double size(NormalForm form, Resources capacity) {
        if (form instanceof NormalForm.Atom atom) {
            return atom.work() * PlanMetrics.dominantShare(atom.bundle(), capacity);
        }
        if (form instanceof NormalForm.Any any) {
            return any.alternatives().stream().mapToDouble(a -> size(a, capacity)).min().orElse(0);
        }
        List<NormalForm> parts = form instanceof NormalForm.All all ? all.parts() : ((NormalForm.Order) form).stages();
        return parts.stream().mapToDouble(p -> size(p, capacity)).sum();
    }

    /** Shortest time in seconds {@code form} can take on an empty plan. */
    static long shortestDuration(NormalForm form) {
        if (form instanceof NormalForm.Atom atom) {
            return RdlCompiler.minimumDuration(atom);
        }
        if (form instanceof NormalForm.Any any) {
            return any.alternatives().stream().mapToLong(GreeL::shortestDuration).min().orElse(0);
        }
        if (form instanceof NormalForm.All all) {
            return all.parts().stream().mapToLong(GreeL::shortestDuration).max().orElse(0);
        }
        return ((NormalForm.Order) form).stages().stream().mapToLong(GreeL::shortestDuration).sum();
    }

    @Override
    public String toString() {
        return "GREE-L";
    }
}
