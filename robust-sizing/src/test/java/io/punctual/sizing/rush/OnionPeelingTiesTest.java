package io.punctual.sizing.rush;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * Exact ties, which the six-decimal rounds of {@link Rounds} almost never produce: small integer parameters make
 * different jobs worth exactly the same at the same time, where the exchange argument alone cannot choose.
 */
class OnionPeelingTiesTest {

    private final OnionPeeling backward = new BackwardOnionPeeling();

    @Example
    void aTieAtTheEndGoesToTheJobThatLeavesTheOtherMore() {
        // C = 1, now = 0, demand 1 each, so the round ends at E = 2. At E both are worth 50: j0 = 50 − 2·(2 − 2),
        // j1 = 51 − (2 − 1). j1 last, j0 first at T = 1: j0 = 50 − 2·(1 − 2) = 52, vector {50, 52}. j0 last, j1 first:
        // j1 = 51 − 0 = 51, vector {50, 51}. The steeper j0 gains more from finishing first.
        RushJob j0 = new RushJob("j0", 1, 1, new LinearUtility(50, 2, 2));
        RushJob j1 = new RushJob("j1", 1, 1, new LinearUtility(51, 1, 1));

        for (List<RushJob> jobs : List.of(List.of(j0, j1), List.of(j1, j0))) {
            Map<String, CompletionTarget> targets = byId(backward.peel(jobs, 1, 0));
            assertThat(targets.get("j0").target()).isEqualTo(1.0);
            assertThat(targets.get("j0").utility()).isEqualTo(52.0);
            assertThat(targets.get("j1").target()).isEqualTo(2.0);
            assertThat(targets.get("j1").utility()).isEqualTo(50.0);
        }
    }

    @Example
    void aJobThatBecomesFlatOnceAnotherGoesLastStillGoesLastBeforeTheSteepOne() {
        // C = 1, E = 3. k = Linear(10, 1, 0) is worth 7 at E and more earlier; f = Linear(5, 1, 0) earns nothing
        // after 5 but is worth 2 at E; c = Constant(1). c is flat and goes last (slot now ends at 2). There f is
        // worth 3, k 8: k goes last (8), then f completes at 1 (4). Vector {1, 4, 8}; exhaustive search agrees.
        List<RushJob> jobs = List.of(new RushJob("k", 1, 1, new LinearUtility(10, 1, 0)),
                new RushJob("f", 1, 1, new LinearUtility(5, 1, 0)), new RushJob("c", 1, 1, new ConstantUtility(1)));

        double[] found = sorted(backward.peel(jobs, 1, 0));

        assertThat(found).containsExactly(1, 4, 8);
        assertThat(found).containsExactly(ExhaustiveLexOptimum.sortedUtilities(jobs, 1, 0), within(0.0));
    }

    @Provide
    Arbitrary<Rounds.Round> integerRounds() {
        Arbitrary<Integer> weight = Arbitraries.integers().between(10, 60);
        Arbitrary<Integer> beta = Arbitraries.integers().between(1, 3);
        Arbitrary<Integer> budget = Arbitraries.integers().between(0, 10);
        Arbitrary<Utility> linear = Combinators.combine(weight, beta, budget)
                .as((w, b, t) -> (Utility) new LinearUtility(w, b, t));
        Arbitrary<Utility> sigmoid = Combinators.combine(weight, beta, budget)
                .as((w, b, t) -> (Utility) new SigmoidUtility(w, b, t));
        Arbitrary<Utility> constant = weight.map(w -> (Utility) new ConstantUtility(w));
        Arbitrary<Utility> utility = Arbitraries.frequencyOf(Tuple.of(6, linear), Tuple.of(2, sigmoid),
                Tuple.of(1, constant));
        Arbitrary<RushJob> job = Combinators.combine(Arbitraries.integers().between(1, 4), utility)
                .as((d, u) -> new RushJob("unnamed", d, 1, u));
        // Capacities that are powers of two keep every completion time exact, so the oracle compares exactly.
        return Combinators.combine(job.list().ofMinSize(1).ofMaxSize(6).map(OnionPeelingTiesTest::named),
                Arbitraries.of(1, 2, 4)).as((jobs, c) -> new Rounds.Round(jobs, c, 0));
    }

    @Property(tries = 400, edgeCases = EdgeCasesMode.NONE)
    void withIntegerParametersTheResultIsTheExhaustiveOptimum(@ForAll("integerRounds") Rounds.Round round) {
        PeelingResult result = backward.peel(round.jobs(), round.containers(), round.now());
        Assume.that(Rounds.noAvoidableZero(result));

        double[] optimum = ExhaustiveLexOptimum.sortedUtilities(round.jobs(), round.containers(), round.now());

        assertThat(sorted(result)).as("round %s", round).containsExactly(optimum, within(1e-9));
    }

    @Property(tries = 400, edgeCases = EdgeCasesMode.NONE)
    void theTargetsDoNotDependOnTheInputOrder(@ForAll("integerRounds") Rounds.Round round) {
        Map<String, CompletionTarget> given = byId(backward.peel(round.jobs(), round.containers(), round.now()));

        for (List<RushJob> reordered : List.of(reversed(round.jobs()), rotated(round.jobs()))) {
            Map<String, CompletionTarget> other = byId(backward.peel(reordered, round.containers(), round.now()));
            for (String id : given.keySet()) {
                assertThat(other.get(id).target()).as("job %s in %s", id, round).isEqualTo(given.get(id).target());
            }
        }
    }

    private static List<RushJob> named(List<RushJob> jobs) {
        List<RushJob> named = new ArrayList<>();
        for (int i = 0; i < jobs.size(); i++) {
            named.add(new RushJob("j" + i, jobs.get(i).demand(), 1, jobs.get(i).utility()));
        }
        return named;
    }

    private static List<RushJob> reversed(List<RushJob> jobs) {
        List<RushJob> copy = new ArrayList<>(jobs);
        Collections.reverse(copy);
        return copy;
    }

    private static List<RushJob> rotated(List<RushJob> jobs) {
        List<RushJob> copy = new ArrayList<>(jobs);
        Collections.rotate(copy, 1);
        return copy;
    }

    private static Map<String, CompletionTarget> byId(PeelingResult result) {
        return result.targets().stream().collect(Collectors.toMap(t -> t.job().id(), Function.identity()));
    }

    private static double[] sorted(PeelingResult result) {
        return result.targets().stream().mapToDouble(CompletionTarget::utility).sorted().toArray();
    }
}
