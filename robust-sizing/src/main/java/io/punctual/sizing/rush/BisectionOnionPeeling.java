package io.punctual.sizing.rush;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * RUSH Algorithm 3 (§III-B, "Onion Peeling") as published: bisect on the utility level L that every remaining job
 * must reach, testing condition (12); when the bracket is narrower than the tolerance Δ, peel the bottleneck job at
 * the last feasible level, record its target T_i = U_i⁻¹(L), and repeat with the others.
 *
 * <p>One correction to the printed pseudocode: its test (12) checks the prefix sums only at the remaining jobs'
 * times U_k⁻¹(L), adding G, the demand of peeled jobs due by then. Raising L can pull a remaining job in front of a
 * peeled job's target, overfilling the time before that target while every remaining job's own check still passes.
 * Here the check runs over the merged, sorted list of all deadlines — remaining jobs at U_k⁻¹(L), peeled jobs at
 * their fixed targets — which is (12) with G for every layer, and is exactly feasibility (Theorem 2).
 *
 * <p>The paper leaves "locate the bottleneck" open. Here it is found in two steps: the first violated prefix S of
 * (12) at the infeasible end L_i of the bracket says which jobs cannot all reach L_i together; of the remaining jobs
 * in S, the bottleneck is the one due <em>latest at the feasible end</em> L_f, where it is peeled. Because L_f is
 * feasible, that deadline is at least now + Σ_S η / C, so the peeled job never takes time the rest of S needs.
 * Reading the order at L_i instead is wrong whenever two deadlines swap inside the bracket: a job whose utility is
 * nearly flat there moves its deadline by Δ/|U′|, which can carry it past a steeper job's; the steeper job is then
 * due last at L_i, gets peeled at its own L_f deadline — before the time S needs — and is held at L_f although it
 * could earn more. Ties go to the later deadline at L_i, then (identical utilities) to the longer job, which frees
 * the most time for the others, as in {@link BackwardOnionPeeling}. Jobs whose level never binds (a constant
 * utility, a linear job at level 0) get U⁻¹(L) = ∞; they are given the round's makespan end now + Σ η / C instead,
 * which keeps every constraint satisfied.
 *
 * <p>Cost: N layers × log₂(range/Δ) checks × O(N log N) sorting. This is the reference implementation, kept to
 * cross-check {@link BackwardOnionPeeling} and to measure what the published method costs; levels are within about
 * Δ of the optimum. Lexicographic max-min can hinge on smaller differences than Δ — a job whose utility changes by
 * less than Δ between two completion times may give up that much so that a later layer gains far more — and there
 * the later layers can differ from the exact optimum {@link BackwardOnionPeeling} finds.
 */
public final class BisectionOnionPeeling implements OnionPeeling {

    private final double tolerance;

    /** @param tolerance Δ, the bisection's stopping width in utility units (e.g. 1e-9 × the largest weight) */
    public BisectionOnionPeeling(double tolerance) {
        if (!(tolerance > 0) || Double.isInfinite(tolerance)) {
            throw new IllegalArgumentException("bisection tolerance must be finite and > 0, got " + tolerance);
        }
        this.tolerance = tolerance;
    }

    @Override
    public PeelingResult peel(List<RushJob> jobs, int containers, double now) {
        RoundArguments.check(jobs, containers, now);
        Round round = new Round(jobs, containers, now);
        double level = jobs.stream().mapToDouble(j -> j.utility().floor()).min().orElse(0.0);
        for (int layer = 0; layer < jobs.size(); layer++) {
            double infeasible = round.highestStartingLevel() + 1.0;
            while (infeasible - level > tolerance) {
                double mid = 0.5 * (level + infeasible);
                if (round.firstViolation(mid) < 0) {
                    level = mid;
                } else {
                    infeasible = mid;
                }
            }
            round.peel(round.bottleneck(level, infeasible), level);
        }
        return round.result();
    }

    /** The state of one peeling run: which jobs are peeled and their targets. */
    private static final class Round {
        private final List<RushJob> jobs;
        private final int containers;
        private final double now;
        private final double[] target;
        private final boolean[] peeled;
        private final double[] deadline;
        private final Integer[] order;

        Round(List<RushJob> jobs, int containers, double now) {
            this.jobs = jobs;
            this.containers = containers;
            this.now = now;
            int n = jobs.size();
            target = new double[n];
            peeled = new boolean[n];
            deadline = new double[n];
            order = new Integer[n];
            for (int i = 0; i < n; i++) {
                order[i] = i;
            }
        }

        /** The paper's initial upper bound: the most any remaining job could earn, finishing right now. */
        double highestStartingLevel() {
            double highest = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < jobs.size(); i++) {
                if (!peeled[i]) {
                    highest = Math.max(highest, jobs.get(i).utility().at(now));
                }
            }
            return highest;
        }

        /**
         * Sorts all jobs by deadline at level L (peeled ones at their targets) and returns the position in
         * {@link #order} of the first violated prefix of (12), or −1 when L is feasible.
         */
        int firstViolation(double level) {
            for (int i = 0; i < jobs.size(); i++) {
                deadline[i] = peeled[i] ? target[i] : jobs.get(i).utility().latestCompletionFor(level);
            }
            Arrays.sort(order, Comparator.comparingDouble(i -> deadline[i]));
            double cumulative = 0;
            for (int k = 0; k < order.length; k++) {
                double due = deadline[order[k]];
                if (due == Double.POSITIVE_INFINITY) {
                    return -1;
                }
                cumulative += jobs.get(order[k]).demand();
                if (due < now || cumulative > containers * (due - now)) {
                    return k;
                }
            }
            return -1;
        }

        /** The remaining job, within the first prefix violated at the infeasible level, due latest at the feasible one. */
        int bottleneck(double feasibleLevel, double infeasibleLevel) {
            int violation = firstViolation(infeasibleLevel);
            int pick = -1;
            double latest = Double.NEGATIVE_INFINITY;
            for (int k = violation; k >= 0; k--) {
                int job = order[k];
                if (!peeled[job]) {
                    double due = jobs.get(job).utility().latestCompletionFor(feasibleLevel);
                    if (pick < 0 || due > latest || due == latest && deadline[job] == deadline[pick]
                            && jobs.get(job).demand() > jobs.get(pick).demand()) {
                        pick = job;
                        latest = due;
                    }
                }
            }
            if (pick < 0) {
                throw new IllegalStateException("no remaining job in the violated prefix at level " + infeasibleLevel
                        + "; the peeled targets alone should always be feasible");
            }
            return pick;
        }

        void peel(int job, double level) {
            target[job] = jobs.get(job).utility().latestCompletionFor(level);
            peeled[job] = true;
        }

        PeelingResult result() {
            double total = jobs.stream().mapToDouble(RushJob::demand).sum();
            double makespanEnd = now + total / containers;
            List<CompletionTarget> targets = new ArrayList<>(jobs.size());
            for (int i = 0; i < jobs.size(); i++) {
                double t = target[i] == Double.POSITIVE_INFINITY ? makespanEnd : target[i];
                targets.add(new CompletionTarget(jobs.get(i), t, jobs.get(i).utility().at(t)));
            }
            return new PeelingResult(targets, containers, now);
        }
    }
}
