package io.punctual.submit.bench.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The weekly benchmark's Pareto picture (issue 26, item 5): each policy as a point, deadlines met over all its jobs (a
 * refusal a miss) against the executor-seconds it spent per met deadline, and whether each of Punctual's points lies
 * beyond the baselines' frontier. A point is dominated when a baseline met at least as large a share at no more cost
 * per met deadline, and is better in one of the two. A policy that met nothing has an infinite cost: any baseline
 * that met something dominates it.
 */
final class ParetoFront {

    /** One policy's place in the picture; {@code costPerMet} is infinite when it met no deadline. */
    record Point(String policy, double sdrAll, double costPerMet) {
    }

    private ParetoFront() {
    }

    /** Every policy that ran a job. */
    static List<Point> points(List<PolicySummary> summaries) {
        return summaries.stream().filter(s -> s.jobs() > 0).map(s -> new Point(s.policy(), s.sdrAll(),
                s.executorSecondsPerMet() == null ? Double.POSITIVE_INFINITY : s.executorSecondsPerMet())).toList();
    }

    /** Static at any count and dynamic: what teams can do without Punctual. */
    static boolean isBaseline(String policy) {
        return GoalVerdict.BASELINES.stream().anyMatch(b -> GoalVerdict.runOf(policy, b));
    }

    /** The baselines no other baseline dominates, cheapest first: the frontier Punctual should lie beyond. */
    static List<Point> frontier(List<Point> points) {
        List<Point> baselines = points.stream().filter(p -> isBaseline(p.policy())).toList();
        List<Point> front = new ArrayList<>();
        for (Point p : baselines) {
            if (dominator(p, baselines).isEmpty()) {
                front.add(p);
            }
        }
        front.sort(Comparator.comparingDouble(Point::costPerMet));
        return front;
    }

    /** The baseline that dominates {@code p} by the widest margin in deadlines met, if any does. */
    static Optional<Point> dominator(Point p, List<Point> baselines) {
        return baselines.stream().filter(b -> !b.policy().equals(p.policy()) && dominates(b, p))
                .max(Comparator.comparingDouble(Point::sdrAll));
    }

    private static boolean dominates(Point a, Point b) {
        boolean noWorse = a.sdrAll() >= b.sdrAll() - GoalVerdict.EPSILON && a.costPerMet() <= b.costPerMet();
        boolean better = a.sdrAll() > b.sdrAll() + GoalVerdict.EPSILON || a.costPerMet() < b.costPerMet();
        return noWorse && better;
    }

    /** Whether one of Punctual's policies lies beyond the baselines' frontier, with the numbers that say so. */
    static GoalVerdict.Check check(PolicySummary punctual, List<PolicySummary> all) {
        List<Point> points = points(all);
        List<Point> baselines = points.stream().filter(p -> isBaseline(p.policy())).toList();
        Optional<Point> mine = points.stream().filter(p -> p.policy().equals(punctual.policy())).findFirst();
        if (baselines.isEmpty() || mine.isEmpty()) {
            return GoalVerdict.Check.unknown("no baseline ran, so " + punctual.policy() + " cannot be placed against"
                    + " their frontier");
        }
        Optional<Point> by = dominator(mine.get(), baselines);
        return by.map(b -> new GoalVerdict.Check(false, String.format(Locale.ROOT, "dominated by %s, which met %s"
                        + " of all deadlines at %s executor-seconds per met deadline (against %s at %s)", b.policy(),
                        GoalVerdict.percent(b.sdrAll()), cost(b), GoalVerdict.percent(mine.get().sdrAll()),
                        cost(mine.get()))))
                .orElseGet(() -> new GoalVerdict.Check(true, String.format(Locale.ROOT, "beyond the baselines'"
                        + " frontier: none met as large a share of all deadlines (%s) at %s executor-seconds per met"
                        + " deadline or less", GoalVerdict.percent(mine.get().sdrAll()), cost(mine.get()))));
    }

    static String cost(Point p) {
        return Double.isInfinite(p.costPerMet()) ? "∞ (none met)" : String.format(Locale.ROOT, "%.1f",
                p.costPerMet());
    }
}
