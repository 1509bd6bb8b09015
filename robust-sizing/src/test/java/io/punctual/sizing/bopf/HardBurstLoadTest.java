package io.punctual.sizing.bopf;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.Resources;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Assume;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The exact peak of the hard bursts during a queue's ON windows, checked against a brute-force sweep of every
 * second over the queues' starts plus two hyperperiods (small periods keep that sweep cheap).
 */
class HardBurstLoadTest {

    private static final long NO_LIMIT = PeriodProfile.MAX_SEGMENTS;

    @Property(tries = 400)
    void peakMatchesASecondBySecondSweep(@ForAll("hardQueues") List<QueueSpec> hard, @ForAll("queue") QueueSpec q,
                                         @ForAll("denseLimits") long denseLimit, @ForAll boolean denseSweep) {
        HardBurstLoad load = new HardBurstLoad(denseLimit, denseSweep ? HardBurstLoad.DENSE_SWEEP : 0);
        hard.forEach(load::add);

        PeakLoad peak = load.peakDuring(q, NO_LIMIT);

        assertThat(peak.isExact()).isTrue();
        assertThat(peak.upper()).isEqualTo(BruteForce.peakDuring(hard, q));
    }

    @Property(tries = 300)
    void boundsStaySoundWhenTheBudgetRunsOut(@ForAll("hardQueues") List<QueueSpec> hard, @ForAll("queue") QueueSpec q,
                                             @ForAll @IntRange(min = 1, max = 12) int budget,
                                             @ForAll("denseLimits") long denseLimit, @ForAll boolean denseSweep) {
        HardBurstLoad load = new HardBurstLoad(denseLimit, denseSweep ? HardBurstLoad.DENSE_SWEEP : 0);
        hard.forEach(load::add);

        PeakLoad peak = load.peakDuring(q, budget);
        Resources truth = BruteForce.peakDuring(hard, q);

        assertThat(peak.lower().fitsIn(truth)).as("lower %s <= truth %s", peak.lower(), truth).isTrue();
        assertThat(truth.fitsIn(peak.upper())).as("truth %s <= upper %s", truth, peak.upper()).isTrue();
    }

    @Property(tries = 300)
    void coupledFamiliesFoldTheSameEitherWay(@ForAll("hardQueues") List<QueueSpec> hard, @ForAll("queue") QueueSpec q) {
        List<DenseBursts> families = new java.util.ArrayList<>();
        for (QueueSpec h : hard) {
            DenseBursts family = new DenseBursts(h.periodSeconds());
            family.add(h);
            families.add(family);
        }
        Assume.that(families.size() >= 2);

        FoldedWindow split = CoupledFold.fold(families, q, CoupledFold.Way.SPLIT);
        FoldedWindow merge = CoupledFold.fold(families, q, CoupledFold.Way.MERGE);

        Resources truth = BruteForce.peakDuring(hard, q);
        assertThat(PeakLoad.toResources(split.windowMax())).isEqualTo(truth);
        assertThat(PeakLoad.toResources(merge.windowMax())).isEqualTo(truth);
    }

    @Test
    void queuesThatFirstMeetLongAfterTheirFirstWindowsStillCount() {
        // h1: ON at t ≡ 0 (mod 4); h2: ON at t ≡ 5 (mod 9); q: ON at t ≡ 3 (mod 7). The moduli are coprime, so by
        // the CRT all three meet once every 252 s: t = 248 (248 = 62·4, 248 − 5 = 27·9, 248 − 3 = 35·7).
        // Peak = α1 + α2 = <2+3, 10+20> = <5, 30>.
        QueueSpec h1 = QueueSpec.latencySensitive("h1", Resources.of(2, 10), 1, 4, 0);
        QueueSpec h2 = QueueSpec.latencySensitive("h2", Resources.of(3, 20), 1, 9, 5);
        QueueSpec q = QueueSpec.latencySensitive("q", Resources.of(1, 1), 1, 7, 3);
        HardBurstLoad load = new HardBurstLoad();
        load.add(h1);
        load.add(h2);

        assertThat(load.peakDuring(q, NO_LIMIT)).isEqualTo(new PeakLoad(Resources.of(5, 30), Resources.of(5, 30)));
        assertThat(BruteForce.peakDuring(List.of(h1, h2), q)).isEqualTo(Resources.of(5, 30));
    }

    @Test
    void windowsThatNeverOverlapContributeNothing() {
        // h: period 4, ON [0,2); q: period 8, ON [2,4) mod 8 → q sits at 2,3 (mod 4) where h is always OFF.
        HardBurstLoad load = new HardBurstLoad();
        load.add(QueueSpec.latencySensitive("h", Resources.of(7, 7), 2, 4, 0));

        PeakLoad peak = load.peakDuring(QueueSpec.latencySensitive("q", Resources.of(1, 1), 2, 8, 2), NO_LIMIT);

        assertThat(peak).isEqualTo(PeakLoad.NONE);
    }

    @Test
    void hugeCoprimePeriodsAreSolvedWithoutTheirHyperperiod() {
        // Periods 999,983 and 1,000,003 (primes) and q's 86,400: the hyperperiod is ~8.6e16 s, far past any sweep,
        // yet n = T/gcd(T, T_q) are coprime, so every combination of phases occurs: the peak is α1 + α2.
        HardBurstLoad load = new HardBurstLoad();
        load.add(QueueSpec.latencySensitive("p1", Resources.of(4, 100), 10, 999_983, 5));
        load.add(QueueSpec.latencySensitive("p2", Resources.of(6, 300), 10, 1_000_003, 77));

        PeakLoad peak = load.peakDuring(QueueSpec.latencySensitive("q", Resources.of(1, 1), 60, 86_400, 0), NO_LIMIT);

        assertThat(peak.isExact()).isTrue();
        assertThat(peak.upper()).isEqualTo(Resources.of(10, 400));
    }

    /** All sparse, small dense families that must be coupled at query time, and the default. */
    @Provide
    Arbitrary<Long> denseLimits() {
        return Arbitraries.of(0L, 6L, 12L, HardBurstLoad.DENSE_HYPERPERIOD);
    }

    @Provide
    Arbitrary<List<QueueSpec>> hardQueues() {
        return queueArbitrary("h").list().ofMinSize(0).ofMaxSize(6).map(HardBurstLoadTest::renamed);
    }

    @Provide
    Arbitrary<QueueSpec> queue() {
        return queueArbitrary("q");
    }

    private static Arbitrary<QueueSpec> queueArbitrary(String name) {
        Arbitrary<Integer> period = Arbitraries.of(1, 2, 3, 4, 5, 6, 8, 9, 10, 12);
        return Combinators.combine(period, Arbitraries.doubles().between(0, 1), Arbitraries.integers().between(0, 20),
                        Arbitraries.integers().between(0, 9), Arbitraries.integers().between(0, 9))
                .as((p, onFraction, start, cores, memory) -> QueueSpec.latencySensitive(name,
                        Resources.of(cores + 1, memory), Math.max(1, Math.round(onFraction * p)), p, start));
    }

    private static List<QueueSpec> renamed(List<QueueSpec> queues) {
        return java.util.stream.IntStream.range(0, queues.size())
                .mapToObj(i -> new QueueSpec("h" + i, queues.get(i).kind(), queues.get(i).alpha(),
                        queues.get(i).onSeconds(), queues.get(i).periodSeconds(), queues.get(i).startSeconds()))
                .toList();
    }
}
