package io.punctual.sizing.rush;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link BackwardSequence} skips work that {@link EveryTieBranchedSequence} — the order as first written, which
 * branches on every positive tie and evaluates every utility in every pass — does, and must choose exactly the same
 * order. The rounds here are what makes the two differ if anything does: few distinct utility functions shared by
 * many jobs of different lengths (exact ties at positive utility), budgets far before the round's end (ties at zero,
 * overload), saturated sigmoids, constants and jobs without demand.
 *
 * <p>The reference's search is cut off by its budget on some of these rounds, and then its order depends on how much
 * of the tree it explored before the cut; the fast sequence spends the budget only on ties between different utility
 * functions, so it can end up elsewhere (and lexicographically better, where checked by hand). Such rounds are
 * discarded: the agreement holds wherever the reference's search was complete.
 */
class BackwardSequenceAgreementTest {

    @Provide
    Arbitrary<Rounds.Round> sharedUtilities() {
        return Combinators.combine(pool(), Arbitraries.integers().between(1, 14), Arbitraries.of(1, 2, 4),
                Arbitraries.of(0.0, 1.0, 2.5), Arbitraries.longs()).as(BackwardSequenceAgreementTest::round);
    }

    @Property(tries = 1000, edgeCases = EdgeCasesMode.NONE, maxDiscardRatio = 10)
    void theFastSequenceIsTheBranchingOne(@ForAll("sharedUtilities") Rounds.Round round) {
        assertSameOrder(round);
    }

    @Property(tries = 300, edgeCases = EdgeCasesMode.NONE, maxDiscardRatio = 10)
    void theFastSequenceIsTheBranchingOneOnTheGeneralRounds(@ForAll("general") Rounds.Round round) {
        assertSameOrder(round);
    }

    /**
     * On admission queues the branching reference sometimes orders jobs that share a function differently (and
     * lexicographically worse: it settles each tie on what the tied jobs leave behind one layer at a time), so the
     * indexed sequence is pinned to the full scan it replaced, which made the same choices as it does there.
     */
    @Property(tries = 300, edgeCases = EdgeCasesMode.NONE)
    void theIndexedSequenceIsTheFullScanOnAdmissionQueues(@ForAll("admissionQueues") Rounds.Round round) {
        assertSameOrderAsFullScan(round);
    }

    @Property(tries = 8, edgeCases = EdgeCasesMode.NONE)
    void theIndexedSequenceIsTheFullScanOnLongAdmissionQueues(@ForAll("longAdmissionQueues") Rounds.Round round) {
        assertSameOrderAsFullScan(round);
    }

    @Provide
    Arbitrary<Rounds.Round> longAdmissionQueues() {
        return Combinators.combine(Arbitraries.integers().between(300, 1000), Arbitraries.of(50, 200),
                Arbitraries.of(1.2, 5.0), Arbitraries.longs()).as(BackwardSequenceAgreementTest::queue);
    }

    private static void assertSameOrderAsFullScan(Rounds.Round round) {
        double total = round.jobs().stream().mapToDouble(RushJob::demand).sum();
        int[] expected = new FullScanSequence(round.jobs(), round.containers(), round.now())
                .sequence(total, round.containers());

        int[] found = new BackwardSequence(round.jobs(), round.containers(), round.now())
                .sequence(total, round.containers());

        assertThat(found).as("%s", round).containsExactly(expected);
    }

    /**
     * Rounds like an admission queue's: a few utility shapes (hard, linear and sigmoid deadlines, as
     * {@code RushArbitration} builds them) shared by many jobs with their own budgets, so the fast sequence's lists by
     * shape and budget do the work; budgets from well before the round to well after its end, so that linear jobs
     * go flat at zero and sigmoids far from their budget saturate at W and go flat there; now and then a budget
     * repeated, so jobs share a function.
     */
    @Provide
    Arbitrary<Rounds.Round> admissionQueues() {
        return Combinators.combine(Arbitraries.integers().between(2, 60), Arbitraries.of(1, 3, 8),
                Arbitraries.of(0.5, 1.2, 3.0), Arbitraries.longs()).as(BackwardSequenceAgreementTest::queue);
    }

    private static Rounds.Round queue(int size, int containers, double load, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] demand = new double[size];
        double total = 0;
        for (int i = 0; i < size; i++) {
            demand[i] = random.nextInt(12) == 0 ? 0 : (1 + random.nextInt(16)) * (60.0 + random.nextInt(3540));
            total += demand[i];
        }
        double horizon = total / containers / load;
        double grace = 600 + random.nextInt(3) * 1800;
        List<RushJob> jobs = new ArrayList<>(size);
        List<Double> budgets = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            double deadline = i > 0 && random.nextInt(10) == 0 ? budgets.get(random.nextInt(i))
                    : Math.rint(random.nextDouble(-0.2, 1.3) * horizon * 1000) / 1000;
            budgets.add(deadline);
            Utility utility = switch (random.nextInt(3)) {
                case 0 -> new LinearUtility(1, 1_000, deadline);
                case 1 -> new LinearUtility(1, 1 / grace, deadline);
                default -> new SigmoidUtility(1, 2 * Math.log(99) / grace, deadline + grace / 2);
            };
            jobs.add(new RushJob("q" + i, demand[i], 60, utility));
        }
        return new Rounds.Round(jobs, containers, 0);
    }

    @Provide
    Arbitrary<Rounds.Round> general() {
        return Rounds.rounds(1, 30);
    }

    private static void assertSameOrder(Rounds.Round round) {
        double total = round.jobs().stream().mapToDouble(RushJob::demand).sum();
        EveryTieBranchedSequence reference = new EveryTieBranchedSequence(round.jobs(), round.containers(),
                round.now());
        int[] expected = reference.sequence(total, round.containers());
        Assume.that(!reference.ranOutOfBudget());

        int[] found = new BackwardSequence(round.jobs(), round.containers(), round.now())
                .sequence(total, round.containers());

        assertThat(found).as("%s", round).containsExactly(expected);
    }

    /** One to four utility functions for the round's jobs to share, budgets early enough to leave most at zero. */
    private static Arbitrary<List<Utility>> pool() {
        Arbitrary<Integer> weight = Arbitraries.integers().between(1, 5);
        Arbitrary<Integer> budget = Arbitraries.integers().between(0, 12);
        Arbitrary<Utility> linear = Combinators.combine(weight, Arbitraries.of(0.25, 0.5, 1.0, 2.0), budget)
                .as((w, b, t) -> new LinearUtility(w, b, t));
        Arbitrary<Utility> hard = budget.map(t -> new LinearUtility(1, 1_000, t));
        Arbitrary<Utility> sigmoid = Combinators.combine(weight, Arbitraries.of(0.5, 1.0, 3.0, 40.0), budget)
                .as((w, b, t) -> new SigmoidUtility(w, b, t));
        Arbitrary<Utility> constant = weight.map(w -> new ConstantUtility(w));
        return Arbitraries.oneOf(linear, linear, hard, sigmoid, sigmoid, constant).list().ofMinSize(1).ofMaxSize(4);
    }

    private static Rounds.Round round(List<Utility> pool, int size, int containers, double now, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<RushJob> jobs = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            double demand = random.nextInt(10) == 0 ? 0 : 1 + random.nextInt(8);
            jobs.add(new RushJob("j" + i, demand, 1, pool.get(random.nextInt(pool.size()))));
        }
        return new Rounds.Round(jobs, containers, now);
    }
}
