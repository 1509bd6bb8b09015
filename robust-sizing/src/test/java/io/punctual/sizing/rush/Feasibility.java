package io.punctual.sizing.rush;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Independent checks of onion-peeling results: EDF feasibility of deadlines (condition (12) with G) and the
 * "cannot rise without lowering a poorer job" test, by brute force over the whole round.
 */
final class Feasibility {

    private static final double SLACK = 1e-9;

    private Feasibility() {
    }

    /** Whether demands with these deadlines fit C containers from {@code now}: every prefix in deadline order. */
    static boolean fits(double[] demand, double[] deadline, int containers, double now) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < demand.length; i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingDouble(i -> deadline[i]));
        double cumulative = 0;
        for (int i : order) {
            if (deadline[i] == Double.POSITIVE_INFINITY) {
                return true;
            }
            cumulative += demand[i];
            if (cumulative > containers * (deadline[i] - now) * (1 + SLACK) + SLACK) {
                return false;
            }
        }
        return true;
    }

    /**
     * Condition (12) for layer {@code layer} of {@code result}: the jobs ranked below it by utility keep their
     * targets (the G term), the rest must reach that layer's level by U⁻¹(level).
     */
    static boolean layerHolds(PeelingResult result, int layer) {
        List<CompletionTarget> ranked = result.byUtility();
        double level = ranked.get(layer).utility();
        double[] demand = new double[ranked.size()];
        double[] deadline = new double[ranked.size()];
        for (int k = 0; k < ranked.size(); k++) {
            CompletionTarget t = ranked.get(k);
            demand[k] = t.job().demand();
            deadline[k] = k < layer ? t.target() : latest(t, level);
        }
        return fits(demand, deadline, result.containers(), result.now());
    }

    /**
     * Whether job {@code j}'s utility can rise by {@code epsilon} while every job with lower or equal utility keeps
     * its own and every richer job keeps at least the raised level (or its own, if less). Lexicographic max-min
     * optimality rules this out: such a change would be a lexicographic improvement.
     */
    static boolean canRise(PeelingResult result, int j, double epsilon) {
        List<CompletionTarget> targets = result.targets();
        double raised = targets.get(j).utility() + epsilon;
        double[] demand = new double[targets.size()];
        double[] deadline = new double[targets.size()];
        for (int k = 0; k < targets.size(); k++) {
            CompletionTarget t = targets.get(k);
            demand[k] = t.job().demand();
            if (k == j) {
                deadline[k] = t.job().utility().latestCompletionFor(raised);
            } else if (t.utility() <= targets.get(j).utility()) {
                deadline[k] = latest(t, t.utility());
            } else {
                deadline[k] = latest(t, Math.min(t.utility(), raised));
            }
        }
        return fits(demand, deadline, result.containers(), result.now());
    }

    /** U⁻¹(level), never earlier than the target when the target already earns the level (rounding guard). */
    private static double latest(CompletionTarget t, double level) {
        double latest = t.job().utility().latestCompletionFor(level);
        return t.utility() >= level ? Math.max(latest, t.target()) : latest;
    }
}
