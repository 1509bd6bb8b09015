package io.punctual.history.model;

import io.punctual.history.RunFixtures;
import io.punctual.history.RunFixtures.Stage;
import io.punctual.history.run.RunRecord;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class ExecutorScalingTest {

    /**
     * Four runs at 1, 2, 4, 4 executors with 8, 8, 16, 32 s of task time and 5, 7, 10, 12 s of driver-only time.
     * Task time, in log2 units relative to 8 s, against log2(executors): x = 0, 1, 2, 2 and y = 0, 0, 1, 2;
     * means 1.25 and 0.75; Sxy = (−1.25)(−0.75) + (−0.25)(−0.75) + 0.75·0.25 + 0.75·1.25 = 2.25;
     * Sxx = 1.5625 + 0.0625 + 0.5625 + 0.5625 = 2.75; ε = 2.25 / 2.75 = 9/11 (a log-log slope has no base).
     * Driver: n = 1, 2, 4, 4 (mean 2.75), D = 5, 7, 10, 12 s (mean 8.5); Sxy = 6.125 + 1.125 + 1.875 + 4.375 = 13.5;
     * Sxx = 3.0625 + 0.5625 + 1.5625 + 1.5625 = 6.75; β = 2 s per executor.
     */
    static List<RunRecord> fourRuns() {
        return List.of(ScaledRuns.run("app-1", 0, 1, 5_000, 8, 1_000),
                ScaledRuns.run("app-2", 100_000, 2, 7_000, 8, 1_000),
                ScaledRuns.run("app-3", 200_000, 4, 10_000, 8, 2_000),
                ScaledRuns.run("app-4", 300_000, 4, 12_000, 8, 4_000));
    }

    @Test
    void handWorkedFitOfTaskElasticityAndDriverSlope() {
        ExecutorScaling scaling = ExecutorScaling.fit(fourRuns(), InputDrift.NONE);
        assertThat(scaling.taskElasticity()).isCloseTo(9.0 / 11, within(1e-12));
        assertThat(scaling.driverMsPerExecutor()).isCloseTo(2_000, within(1e-9));
        assertThat(scaling.minExecutors()).isEqualTo(1);
        assertThat(scaling.maxExecutors()).isEqualTo(4);
        assertThat(scaling.method()).startsWith("fitted over 4 runs at 3 executor counts (1-4)");
        // a 1-executor run replayed at 4: tasks × 4^(9/11) = 2^(18/11) ≈ 3.107; driver + 2 s × 3
        assertThat(scaling.taskFactor(1, 4)).isCloseTo(Math.pow(2, 18.0 / 11), within(1e-12));
        assertThat(scaling.driverShiftMs(1, 4)).isCloseTo(6_000, within(1e-9));
        // and back: a 4-executor run replayed at 1
        assertThat(scaling.taskFactor(4, 1)).isCloseTo(Math.pow(2, -18.0 / 11), within(1e-12));
        assertThat(scaling.driverShiftMs(4, 1)).isCloseTo(-6_000, within(1e-9));
    }

    @Test
    void targetsOutsideTheFittedRangeAreHeldAtItsEdges() {
        ExecutorScaling scaling = ExecutorScaling.fit(fourRuns(), InputDrift.NONE);
        // the runs span 1..4 executors: 80 is treated as 4, so a 4-executor run is not corrected at all
        assertThat(scaling.taskFactor(4, 80)).isEqualTo(1.0);
        assertThat(scaling.driverShiftMs(4, 80)).isZero();
        assertThat(scaling.taskFactor(1, 80)).isEqualTo(scaling.taskFactor(1, 4));
        assertThat(scaling.driverShiftMs(2, 80)).isCloseTo(4_000, within(1e-9));
        // an unknown count (a run without executor events) is never corrected
        assertThat(scaling.taskFactor(0, 4)).isEqualTo(1.0);
        assertThat(scaling.driverShiftMs(0, 4)).isZero();
    }

    @Test
    void neutralWithoutThreeExecutorCountsOrFourRuns() {
        List<RunRecord> twoCounts = List.of(ScaledRuns.run("a", 0, 1, 5_000, 8, 1_000),
                ScaledRuns.run("b", 1, 1, 5_000, 8, 1_000), ScaledRuns.run("c", 2, 2, 9_000, 8, 3_000),
                ScaledRuns.run("d", 3, 2, 9_000, 8, 3_000));
        ExecutorScaling two = ExecutorScaling.fit(twoCounts, InputDrift.NONE);
        assertThat(two.isNeutral()).isTrue();
        assertThat(two.method()).isEqualTo("neutral: 4 runs at 2 executor count(s); fitting needs 4 runs at 3");
        List<RunRecord> threeRuns = fourRuns().subList(0, 3);
        assertThat(ExecutorScaling.fit(threeRuns, InputDrift.NONE).isNeutral()).isTrue();
        assertThat(ExecutorScaling.neutral("x").taskFactor(1, 8)).isEqualTo(1.0);
        assertThat(ExecutorScaling.neutral("x").driverShiftMs(1, 8)).isZero();
    }

    @Test
    void slopesAreClampedToWhatExecutorsCanCost() {
        // task time falling as 1/n (raw ε = −1) and driver time falling 1 s per executor: both clamp to 0
        List<RunRecord> faster = List.of(ScaledRuns.run("a", 0, 1, 8_000, 1, 12_000),
                ScaledRuns.run("b", 1, 2, 7_000, 1, 6_000), ScaledRuns.run("c", 2, 3, 6_000, 1, 4_000),
                ScaledRuns.run("d", 3, 4, 5_000, 1, 3_000));
        ExecutorScaling clampedLow = ExecutorScaling.fit(faster, InputDrift.NONE);
        assertThat(clampedLow.taskElasticity()).isZero();
        assertThat(clampedLow.driverMsPerExecutor()).isZero();
        assertThat(clampedLow.method()).contains("raw -1.00", "raw -1.00");
        // task time growing as n^3: clamps to 2
        List<RunRecord> steep = List.of(ScaledRuns.run("a", 0, 1, 1_000, 1, 1_000),
                ScaledRuns.run("b", 1, 2, 1_000, 1, 8_000), ScaledRuns.run("c", 2, 3, 1_000, 1, 27_000),
                ScaledRuns.run("d", 3, 4, 1_000, 1, 64_000));
        assertThat(ExecutorScaling.fit(steep, InputDrift.NONE).taskElasticity()).isEqualTo(2.0);
        // and a 10x factor cap, as the input drift has: 1 → 4 executors at ε = 2 would be 16
        assertThat(ExecutorScaling.fit(steep, InputDrift.NONE).taskFactor(1, 4)).isEqualTo(10.0);
    }

    @Test
    void taskTimeExplainedByInputIsNotBlamedOnExecutors() {
        // task time is exactly proportional to input (1, 2, 1, 4 GB → 8, 16, 8, 32 s) whatever the executors;
        // the input drift (fitted: slope 1) brings every run to 32 s, leaving nothing for executors to explain
        long gb = 1L << 30;
        List<RunRecord> runs = List.of(withInput("a", 0, 1, gb, 1_000), withInput("b", 1, 2, 2 * gb, 2_000),
                withInput("c", 2, 4, gb, 1_000), withInput("d", 3, 4, 4 * gb, 4_000));
        InputDrift drift = InputDrift.fit(runs);
        assertThat(drift.elasticity()).isCloseTo(1.0, within(1e-12));
        assertThat(ExecutorScaling.fit(runs, drift).taskElasticity()).isCloseTo(0.0, within(1e-12));
        // uncorrected, the same runs would read as tasks slowing with executors
        assertThat(ExecutorScaling.fit(runs, InputDrift.NONE).taskElasticity()).isGreaterThan(0.3);
    }

    @Test
    void rejectsImpossibleScalings() {
        assertThatThrownBy(() -> new ExecutorScaling(-0.1, 0, 1, 2, "m")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("elasticity");
        assertThatThrownBy(() -> new ExecutorScaling(0.5, -1, 1, 2, "m")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("driver time");
        assertThatThrownBy(() -> new ExecutorScaling(0.5, 0, 3, 2, "m")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("range");
    }

    @Property(tries = 300)
    void recoversTheExponentAndSlopeOfNoiselessRuns(@ForAll("counts") List<Integer> counts,
                                                     @ForAll @DoubleRange(min = 0, max = 2) double elasticity,
                                                     @ForAll @LongRange(min = 0, max = 5_000) long driverPerExecutor,
                                                     @ForAll @IntRange(min = 1_000_000, max = 4_000_000) int baseMs,
                                                     @ForAll @LongRange(min = 0, max = 20_000) long driverBase) {
        List<RunRecord> runs = new ArrayList<>();
        for (int i = 0; i < counts.size(); i++) {
            int n = counts.get(i);
            int taskMs = (int) Math.round(baseMs * Math.pow(n, elasticity));
            runs.add(ScaledRuns.run("app-" + i, i * 1_000_000L, n, driverBase + driverPerExecutor * n, 1, taskMs));
        }
        ExecutorScaling scaling = ExecutorScaling.fit(runs, InputDrift.NONE);
        assertThat(scaling.taskElasticity()).isCloseTo(elasticity, within(1e-3));
        assertThat(scaling.driverMsPerExecutor()).isCloseTo(driverPerExecutor, within(1e-6));
    }

    @Property(tries = 300)
    void aFittedScalingLeavesARunAtItsOwnCountAloneAndNeverFavoursMoreExecutors(
            @ForAll("noisyRuns") List<RunRecord> runs) {
        ExecutorScaling scaling = ExecutorScaling.fit(runs, InputDrift.NONE);
        assertThat(scaling.taskElasticity()).isBetween(0.0, ExecutorScaling.MAX_ELASTICITY);
        assertThat(scaling.driverMsPerExecutor()).isGreaterThanOrEqualTo(0);
        for (RunRecord run : runs) {
            int own = run.executorsMax();
            assertThat(scaling.taskFactor(own, own)).isEqualTo(1.0);
            assertThat(scaling.driverShiftMs(own, own)).isZero();
            for (int n = 1; n < 40; n++) {
                assertThat(scaling.taskFactor(own, n + 1)).isGreaterThanOrEqualTo(scaling.taskFactor(own, n));
                assertThat(scaling.driverShiftMs(own, n + 1)).isGreaterThanOrEqualTo(scaling.driverShiftMs(own, n));
            }
        }
    }

    /** Four to eight executor counts in 1..16 with at least three distinct values. */
    @Provide
    Arbitrary<List<Integer>> counts() {
        return Arbitraries.integers().between(1, 16).list().ofMinSize(4).ofMaxSize(8)
                .filter(l -> l.stream().distinct().count() >= ExecutorScaling.MIN_COUNTS_TO_FIT);
    }

    @Provide
    Arbitrary<List<RunRecord>> noisyRuns() {
        Arbitrary<RunRecord> run = net.jqwik.api.Combinators.combine(Arbitraries.integers().between(1, 12),
                        Arbitraries.longs().between(0, 30_000), Arbitraries.integers().between(1, 60_000),
                        Arbitraries.longs().between(0, 1_000_000))
                .as((n, driver, taskMs, start) -> ScaledRuns.run("app-" + start, start, n, driver, 4, taskMs));
        return run.list().ofMinSize(1).ofMaxSize(8);
    }

    private static RunRecord withInput(String appId, long startMs, int executors, long inputBytes, int taskMs) {
        return ScaledRuns.withExecutors(RunFixtures.run(appId, startMs, 0, 8L * taskMs, 0, 1, inputBytes,
                Stage.of(0, List.of(), taskMs, taskMs, taskMs, taskMs, taskMs, taskMs, taskMs, taskMs)), executors);
    }
}
