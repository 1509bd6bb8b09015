package io.punctual.history.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.history.RunFixtures;
import io.punctual.history.RunFixtures.Stage;
import io.punctual.history.run.RunRecord;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;

class CountCrossValidationTest {

    private static final int TASKS = 12;

    /**
     * A run at {@code executors} one-core executors lasting {@code wallSeconds}: 1 s of driver time either side of one
     * stage of 12 equal tasks packed evenly onto the executors, so the task time is what the executors could give.
     */
    static RunRecord run(int index, int executors, double wallSeconds, long inputBytes) {
        long wallMs = Math.round(wallSeconds * 1000);
        long jobMs = wallMs - 2000;
        int[] millis = new int[TASKS];
        Arrays.fill(millis, (int) (jobMs * executors / TASKS));
        RunRecord run = RunFixtures.run("app-" + index, 1_000_000L * index, 1000, jobMs, 1000, 1, inputBytes,
                Stage.of(0, List.of(), millis));
        return ScaledRuns.withExecutors(run, executors);
    }

    /** Two runs at each of 1-4 executors following {@code seconds}, with ±{@code noise} relative noise (seeded). */
    static List<RunRecord> runs(IntToDoubleFunction seconds, double noise, long seed) {
        Random random = new Random(seed);
        List<RunRecord> runs = new ArrayList<>();
        int index = 0;
        for (int repeat = 0; repeat < 2; repeat++) {
            for (int n = 1; n <= 4; n++) {
                double jitter = 1 + noise * (2 * random.nextDouble() - 1);
                runs.add(run(index++, n, seconds.applyAsDouble(n) * jitter, 1_000_000));
            }
        }
        return runs;
    }

    private static CountValidation validate(List<RunRecord> runs) {
        CurveOutcome outcome = choose(runs);
        return ((CurveOutcome.Chosen) outcome).curve().validation();
    }

    private static CurveOutcome choose(List<RunRecord> runs) {
        RuntimeModel replay = ((TrainingOutcome.Trained) RuntimeModels.train(RunFixtures.KEY, runs,
                ModelSettings.DEFAULT)).model();
        return ValidatedCurve.choose(RunFixtures.KEY, runs, replay, ModelSettings.DEFAULT, new ReplayCache(16));
    }

    @Test
    void anAmdahlJobIsPredictedAtCountsLeftOutBetterThanTheBaseline() {
        // 8 s serial + 40 s of parallel work: 48, 28, 21.3, 18 s at 1-4 executors, ±3%.
        CountValidation v = validate(runs(n -> 8 + 40.0 / n, 0.03, 7));

        assertThat(v.counts()).isEqualTo(4);
        assertThat(v.winning().medianError()).isLessThan(0.10);
        assertThat(v.baseline().medianError()).isGreaterThan(0.25);
        assertThat(v.winning().trials()).hasSize(8);
    }

    @Test
    void aJobThatSlowsDownWithMoreExecutorsIsLearnedNotSmoothedAway() {
        // 6 s + 3 s per executor (each executor costs start-up and contention): 9, 12, 15, 18 s, ±3%.
        List<RunRecord> runs = runs(n -> 6 + 3.0 * n, 0.03, 11);
        CountValidation v = validate(runs);
        ValidatedCurve curve = ((CurveOutcome.Chosen) choose(runs)).curve();

        assertThat(v.winning().medianError()).isLessThan(v.baseline().medianError());
        assertThat(curve.wallSeconds(4, 0.5)).isGreaterThan(curve.wallSeconds(1, 0.5) * 1.5);
    }

    @Test
    void theChosenModelIsNeverWorseThanTheBaselineInCrossValidation() {
        Random seeds = new Random(2024);
        for (int trial = 0; trial < 20; trial++) {
            double serial = 2 + 20 * seeds.nextDouble();
            double work = 40 * seeds.nextDouble();
            double perExecutor = 4 * seeds.nextDouble() - 1;
            CountValidation v = validate(runs(n -> serial + work / n + perExecutor * n + 3, 0.2, seeds.nextLong()));

            assertThat(v.winning().medianError()).as("trial %d: %s", trial, v.summary())
                    .isLessThanOrEqualTo(v.baseline().medianError());
        }
    }

    @Test
    void beyondTheCountsSeenThePredictionIsBoundedAndFlagged() {
        ValidatedCurve curve = ((CurveOutcome.Chosen) choose(runs(n -> 8 + 40.0 / n, 0.0, 3))).curve();

        assertThat(curve.wallSeconds(16, 0.5)).isEqualTo(curve.wallSeconds(4, 0.5));
        assertThat(curve.caveat(16)).contains("no run above 4 useful executors: assuming no further speed-up");
        assertThat(curve.caveat(3)).isEmpty();
        assertThat(curve.assurance(16)).contains("won leave-one-count-out").contains("no further speed-up");
    }

    @Test
    void runsAtOneCountOnlySayWhatCannotBeKnownAndBoundBothWays() {
        List<RunRecord> runs = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            runs.add(run(i, 4, 20 + i, 1_000_000));
        }
        ValidatedCurve curve = ((CurveOutcome.Chosen) choose(runs)).curve();
        CountValidation v = curve.validation();

        assertThat(v.validated()).isFalse();
        assertThat(v.winner()).isEqualTo(RuntimeDistribution.NAME);
        assertThat(v.doubts()).anySatisfy(d -> assertThat(d).contains("every usable run had 4 executors"));
        double atFour = curve.wallSeconds(4, 0.5);
        assertThat(curve.wallSeconds(8, 0.5)).isEqualTo(atFour);
        assertThat(curve.wallSeconds(2, 0.5)).isEqualTo(atFour * 2);
        assertThat(curve.caveat(2)).hasValueSatisfying(c -> assertThat(c).startsWith("no run below 4 useful executors"));
    }

    @Test
    void runsWithoutTasksAreLeftOutAndAJobWithOnlySuchRunsHasNoCurve() {
        List<RunRecord> runs = new ArrayList<>(runs(n -> 8 + 40.0 / n, 0.0, 5));
        RunRecord empty = RunFixtures.run("app-empty", 99_000_000L, 1000, 0, 1000, 1, 0);
        List<RunRecord> withEmpty = new ArrayList<>(runs);
        withEmpty.add(empty);

        assertThat(validate(withEmpty).doubts()).anySatisfy(d -> assertThat(d).contains("1 run(s) ran no tasks"));
        CurveOutcome onlyEmpty = ValidatedCurve.choose(RunFixtures.KEY, List.of(empty),
                ((TrainingOutcome.Trained) RuntimeModels.train(RunFixtures.KEY, runs, ModelSettings.DEFAULT)).model(),
                ModelSettings.DEFAULT, new ReplayCache(4));
        assertThat(onlyEmpty).isInstanceOf(CurveOutcome.NoCurve.class);
        assertThat(((CurveOutcome.NoCurve) onlyEmpty).reason()).contains("ran no tasks");
    }

    @Test
    void aRunWhoseTasksOutlastItsExecutorsHasSkewedClocksAndIsLeftOut() {
        List<RunRecord> runs = new ArrayList<>(runs(n -> 8 + 40.0 / n, 0.0, 9));
        int[] tenMinutes = new int[TASKS];
        Arrays.fill(tenMinutes, 600_000);
        runs.add(ScaledRuns.withExecutors(RunFixtures.run("app-skewed", 50_000_000L, 1000, 20_000, 1000, 1, 1_000_000,
                Stage.of(0, List.of(), tenMinutes)), 2));

        CountValidation v = validate(runs);

        assertThat(v.doubts()).anySatisfy(d -> assertThat(d).contains("app-skewed").contains("clocks disagree"));
        assertThat(v.winning().trials()).hasSize(8);
    }

    @Test
    void aTenfoldInputDriftIsSaid() {
        List<RunRecord> runs = new ArrayList<>(runs(n -> 8 + 40.0 / n, 0.0, 13));
        runs.add(run(50, 2, 200, 20_000_000));

        assertThat(validate(runs).doubts()).anySatisfy(d -> assertThat(d).contains("20-fold"));
    }

    @Test
    void theCalibratedP90CoversHeldOutRunsAtLeastAsOftenAsTheReplaysOwn() {
        CountValidation v = validate(runs(n -> 8 + 40.0 / n, 0.25, 17));

        assertThat(v.rawCoverage()).isPresent();
        assertThat(v.calibratedCoverage()).isPresent();
        assertThat(v.calibratedCoverage().getAsDouble()).isGreaterThanOrEqualTo(0.75);
    }
}
