package io.punctual.sizing.rush;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Random scheduling rounds for property tests. Parameters carry six decimals so that exact ties between different
 * jobs' utilities — where lexicographic max-min and "cannot rise without lowering a poorer job" part ways — are
 * rare; jqwik still reports the seed of any failure.
 */
final class Rounds {

    private Rounds() {
    }

    /** A round: jobs, capacity C and start time. */
    record Round(List<RushJob> jobs, int containers, double now) {
        @Override
        public String toString() {
            return "Round[C=" + containers + ", now=" + now + ", jobs=" + jobs + "]";
        }
    }

    static Arbitrary<Utility> utilities() {
        Arbitrary<Double> weight = Arbitraries.doubles().between(1, 10).ofScale(6);
        Arbitrary<Double> sensitivity = Arbitraries.doubles().between(0.01, 0.5).ofScale(6);
        Arbitrary<Double> budget = Arbitraries.doubles().between(0, 60).ofScale(6);
        Arbitrary<Utility> linear = Combinators.combine(weight, sensitivity, budget)
                .as((w, beta, b) -> (Utility) new LinearUtility(w, beta, b));
        Arbitrary<Utility> sigmoid = Combinators.combine(weight, sensitivity, budget)
                .as((w, beta, b) -> (Utility) new SigmoidUtility(w, beta, b));
        Arbitrary<Utility> constant = weight.map(w -> (Utility) new ConstantUtility(w));
        return Arbitraries.frequencyOf(Tuple.of(4, linear), Tuple.of(4, sigmoid), Tuple.of(1, constant));
    }

    static Arbitrary<Round> rounds(int minJobs, int maxJobs) {
        Arbitrary<Double> demand = Arbitraries.doubles().between(0.5, 40).ofScale(6);
        Arbitrary<Double> slot = Arbitraries.doubles().between(0.1, 5).ofScale(6);
        Arbitrary<RushJob> job = Combinators.combine(demand, slot, utilities())
                .as((d, r, u) -> new RushJob("unnamed", d, r, u));
        Arbitrary<List<RushJob>> jobs = job.list().ofMinSize(minJobs).ofMaxSize(maxJobs).map(Rounds::named);
        Arbitrary<Integer> containers = Arbitraries.integers().between(1, 6);
        Arbitrary<Double> now = Arbitraries.doubles().between(0, 20).ofScale(3);
        return Combinators.combine(jobs, containers, now).as(Round::new);
    }

    private static List<RushJob> named(List<RushJob> jobs) {
        List<RushJob> named = new ArrayList<>(jobs.size());
        for (int i = 0; i < jobs.size(); i++) {
            RushJob j = jobs.get(i);
            named.add(new RushJob("j" + i, j.demand(), j.slotSeconds(), j.utility()));
        }
        return named;
    }

    /**
     * True when every job left with zero utility could not have earned anything even running first. Backward onion
     * peeling is exactly lexicographic max-min under this condition (see its Javadoc).
     */
    static boolean noAvoidableZero(PeelingResult result) {
        for (CompletionTarget t : result.targets()) {
            RushJob job = t.job();
            double best = job.utility().at(result.now() + job.demand() / result.containers());
            if (t.utility() == 0 && best > 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * True when every job's utility, wherever it varies over the round, changes by more than {@code difference} when
     * its completion moves by the shortest job's length η_min / C anywhere in [now + η_i / C, E]. Lexicographic
     * max-min can hinge on arbitrarily small differences — one job giving up 1e-12 so that another gains 1e-3 — and
     * a bisection that resolves levels only to its tolerance Δ cannot see them, so comparing it with an exact
     * method is meaningful only on rounds where such differences exceed Δ. Linear utilities change by β per second
     * while positive; a sigmoid's slope β·U·(1 − U/W) is least at an end of the interval; constants never change.
     */
    static boolean everyUtilityResolves(Round round, double difference) {
        double total = 0;
        double shortest = Double.POSITIVE_INFINITY;
        for (RushJob job : round.jobs()) {
            total += job.demand();
            shortest = Math.min(shortest, job.demand() / round.containers());
        }
        double end = round.now() + total / round.containers();
        for (RushJob job : round.jobs()) {
            double slope = Double.POSITIVE_INFINITY;
            if (job.utility() instanceof LinearUtility linear) {
                slope = linear.sensitivity();
            } else if (job.utility() instanceof SigmoidUtility sigmoid) {
                double earliest = round.now() + job.demand() / round.containers();
                slope = Math.min(slope(sigmoid, earliest), slope(sigmoid, end));
            }
            if (slope * shortest <= difference) {
                return false;
            }
        }
        return true;
    }

    private static double slope(SigmoidUtility sigmoid, double time) {
        double u = sigmoid.at(time);
        return sigmoid.sensitivity() * u * (1 - u / sigmoid.weight());
    }
}
