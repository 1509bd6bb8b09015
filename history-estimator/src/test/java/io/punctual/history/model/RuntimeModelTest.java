package io.punctual.history.model;

import io.punctual.history.RunFixtures;
import io.punctual.history.RunFixtures.Stage;
import io.punctual.history.run.RunRecord;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class RuntimeModelTest {

    /** Run A: 2 cores, 1.5 s in the driver; stage 0 tasks 4, 3, 2, 1 s, then stage 1 tasks 5, 5 s. B: twice as slow. */
    private static final RunRecord A = RunFixtures.run("app-a", 1_000, 1_000, 20_000, 500, 2, 0,
            Stage.of(0, List.of(), 4000, 3000, 2000, 1000), Stage.of(1, List.of(0), 5000, 5000));
    private static final RunRecord B = RunFixtures.run("app-b", 90_000, 1_000, 40_000, 500, 2, 0,
            Stage.of(0, List.of(), 8000, 6000, 4000, 2000), Stage.of(1, List.of(0), 10000, 10000));

    @Test
    void handWorkedCurveOverTwoRuns() {
        RuntimeModel model = train(List.of(A, B), ModelSettings.DEFAULT);
        // 1 executor = 2 slots. A: t=0 4s,3s; t=3 2s (ends 5); t=4 1s (ends 5); then 5s,5s -> 10 s, + 1.5 s driver.
        // B is A doubled: 20 s + 1.5 s. Nearest rank of 2 samples: p50 = the smaller, p90 = the larger.
        assertThat(model.wallSeconds(1, 0.5)).isCloseTo(11.5, within(1e-9));
        assertThat(model.wallSeconds(1, 0.9)).isCloseTo(21.5, within(1e-9));
        // 2 executors = 4 slots: stage 0 in 4 s (8 s for B), stage 1 in 5 s (10 s): 9 + 1.5 and 18 + 1.5
        assertThat(model.predict(2)).isEqualTo(new WallTimeQuantiles(2, 10.5, 19.5, 19.5, 19.5));
        // widest stage 4 tasks / 2 slots per executor
        assertThat(model.maxUsefulExecutors()).isEqualTo(2);
        assertThat(model.maxParallelism()).isEqualTo(4);
        // demand: A 20 core-s of tasks, B 40
        assertThat(model.demand().samples()).containsExactly(20.0, 40.0);
        assertThat(model.demand().fitted()).isEmpty();
        // 12 tasks: 1,2,3,4,5,5 s and 2,4,6,8,10,10 s; p99 = the largest
        assertThat(model.p99TaskSeconds()).isEqualTo(10.0);
        assertThat(model.driverOnlySeconds()).isEqualTo(1.5);
    }

    @Test
    void launchOverheadIsAddedToEveryPrediction() {
        RuntimeModel model = train(List.of(A), ModelSettings.DEFAULT.withLaunchOverhead(Duration.ofSeconds(30)));
        assertThat(model.wallSeconds(2, 0.5)).isCloseTo(30 + 10.5, within(1e-9));
    }

    @Test
    void inputDriftRescalesOlderRunsToTheLatestInput() {
        // A read 1 GB, B (later) 2 GB with twice the task time: two runs are too few to fit, so time is taken as
        // proportional to input and A counts as if it read 2 GB: its executor time doubles, its driver time stays.
        RunRecord a = RunFixtures.run("app-a", 1_000, 1_000, 20_000, 500, 2, 1L << 30,
                Stage.of(0, List.of(), 4000, 3000, 2000, 1000), Stage.of(1, List.of(0), 5000, 5000));
        RunRecord b = RunFixtures.run("app-b", 90_000, 1_000, 40_000, 500, 2, 2L << 30,
                Stage.of(0, List.of(), 8000, 6000, 4000, 2000), Stage.of(1, List.of(0), 10000, 10000));
        RuntimeModel model = train(List.of(a, b), ModelSettings.DEFAULT);
        assertThat(model.inputDrift().elasticity()).isEqualTo(1.0);
        assertThat(model.predictionsMs(2)).containsExactly(1500 + 2 * 9000, 1500 + 18000);
        assertThat(model.demand().samples()).containsExactly(40.0, 40.0);
        // told the next run reads 1 GB, B is halved instead
        assertThat(model.forInputBytes(1L << 30).predictionsMs(2)).containsExactly(1500 + 9000, 1500 + 9000);
    }

    @Test
    void eachRunIsReplayedAtTheTargetCountWithItsTaskAndDriverTimesScaled() {
        // the four runs of ExecutorScalingTest: ε = 9/11, β = 2 s per executor, fitted over 1..4 executors.
        // At 4 executors (4 one-core slots), each run's 8 tasks take 2 waves:
        //   1-executor run: driver 5 + 2·3 = 11 s; tasks 2 × 1 s × 4^(9/11)
        //   2-executor run: driver 7 + 2·2 = 11 s; tasks 2 × 1 s × 2^(9/11)
        //   4-executor runs: as recorded, 10 + 2 × 2 s = 14 s and 12 + 2 × 4 s = 20 s
        RuntimeModel model = train(ExecutorScalingTest.fourRuns(), ModelSettings.DEFAULT);
        double e = 9.0 / 11;
        assertThat(model.predictionsMs(4)).containsExactly(new double[] {11_000 + 2_000 * Math.pow(4, e),
                11_000 + 2_000 * Math.pow(2, e), 14_000, 20_000}, within(1e-6));
        // p50 by nearest rank of 4 = the 2nd smallest: 11 + 2·1.763 = 14.53 s
        assertThat(model.wallSeconds(4, 0.5)).isCloseTo(11 + 2 * Math.pow(2, e), within(1e-9));
        // at 1 executor the 16 s of the first 4-executor run shrink by 4^(9/11) and its driver loses 2·3 s
        assertThat(model.predictionsMs(1)[2]).isCloseTo(4_000 + 16_000 * Math.pow(4, -e), within(1e-6));
        // demand at the latest run's count (4): 8 core-s × 4^ε = 24.9, 8 × 2^ε = 14.1, 16, 32 (kept sorted)
        assertThat(model.demand().samples()).containsExactly(new double[] {8 * Math.pow(2, e), 16,
                8 * Math.pow(4, e), 32}, within(1e-9));
        // switched off, every run replays its recorded times: 5 + 2 s, 7 + 2 s, 14 s, 20 s
        RuntimeModel plain = train(ExecutorScalingTest.fourRuns(), ModelSettings.DEFAULT.withoutExecutorScaling());
        assertThat(plain.executorScaling().isNeutral()).isTrue();
        assertThat(plain.predictionsMs(4)).containsExactly(7_000, 9_000, 14_000, 20_000);
    }

    @Test
    void aScalingThatChargesExecutorsLetsTheCurveRiseInsideTheFittedRange() {
        // where the runs show that executors cost time, the curve rises with them (it is no longer monotone)
        List<RunRecord> runs = List.of(ScaledRuns.run("a", 0, 1, 4_000, 2, 1_000),
                ScaledRuns.run("b", 1, 2, 6_000, 2, 2_000), ScaledRuns.run("c", 2, 3, 8_000, 2, 3_000),
                ScaledRuns.run("d", 3, 4, 10_000, 2, 4_000));
        // run at n executors: 2 tasks of n s (task time 2n: ε = 1), driver 2 + 2n s (β = 2 s). Replayed at N in
        // 1..4, every run has driver 2 + 2N and tasks of n·(N/n) = N s: two waves at N = 1 (6 s in all), one wave
        // at N >= 2, so 2 + 2N + N: 8 s at 2, 14 s at 4
        RuntimeModel model = train(runs, ModelSettings.DEFAULT);
        assertThat(model.executorScaling().taskElasticity()).isCloseTo(1.0, within(1e-12));
        assertThat(model.executorScaling().driverMsPerExecutor()).isCloseTo(2_000, within(1e-9));
        assertThat(model.wallSeconds(1, 0.5)).isCloseTo(6, within(1e-9));
        assertThat(model.wallSeconds(2, 0.5)).isCloseTo(8, within(1e-9));
        assertThat(model.wallSeconds(4, 0.5)).isCloseTo(14, within(1e-9));
        // beyond the 4 executors the runs span, the scaling is held: nothing changes (2 tasks fill 2 slots already)
        assertThat(model.wallSeconds(9, 0.5)).isCloseTo(14, within(1e-9));
    }

    @Test
    void untrainedWhenNoRunMayTrain() {
        assertThat(RuntimeModels.train(new io.punctual.sizing.JobKey("t", "other"), List.of(A), ModelSettings.DEFAULT))
                .isInstanceOf(TrainingOutcome.Untrained.class);
    }

    @Test
    void rejectsNonsenseQuestions() {
        RuntimeModel model = train(List.of(A), ModelSettings.DEFAULT);
        assertThatThrownBy(() -> model.wallSeconds(0, 0.5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> model.wallSeconds(1, 1.0)).isInstanceOf(IllegalArgumentException.class);
    }

    /** The replay alone (runs at one executor count, so the scaling is neutral) never predicts more executors slower. */
    @Property(tries = 200)
    void withNeutralScalingMoreExecutorsAreNeverPredictedSlower(@ForAll("runs") List<RunRecord> runs,
                                                                @ForAll @IntRange(min = 1, max = 99) int percent) {
        RuntimeModel model = train(runs, ModelSettings.DEFAULT);
        assertThat(model.executorScaling().isNeutral()).isTrue();
        double q = percent / 100.0;
        double previous = Double.MAX_VALUE;
        for (int executors = 1; executors <= 80; executors++) {
            double wall = model.wallSeconds(executors, q);
            assertThat(wall).isLessThanOrEqualTo(previous);
            previous = wall;
        }
    }

    /** Past the executor counts the runs span, the scaling is held and only the replay changes: never slower. */
    @Property(tries = 200)
    void beyondTheFittedRangeMoreExecutorsAreNeverPredictedSlower(@ForAll("runsAtCounts") List<RunRecord> runs,
                                                                  @ForAll @IntRange(min = 1, max = 99) int percent) {
        RuntimeModel model = train(runs, ModelSettings.DEFAULT);
        Statistics.collect(model.executorScaling().isNeutral() ? "neutral" : "fitted");
        double q = percent / 100.0;
        int top = runs.stream().mapToInt(RunRecord::executorsMax).max().orElseThrow();
        double previous = model.wallSeconds(top, q);
        for (int executors = top + 1; executors <= top + 40; executors++) {
            double wall = model.wallSeconds(executors, q);
            assertThat(wall).isLessThanOrEqualTo(previous);
            previous = wall;
        }
        Statistics.coverage(c -> c.check("fitted").percentage(p -> p > 30));
    }

    /** A run predicted at the executor count it had is not corrected: the scaling only moves runs between counts. */
    @Property(tries = 200)
    void aRunPredictedAtItsOwnCountIsReplayedAsRecorded(@ForAll("runsAtCounts") List<RunRecord> runs) {
        RuntimeModel scaled = train(runs, ModelSettings.DEFAULT);
        RuntimeModel plain = train(runs, ModelSettings.DEFAULT.withoutExecutorScaling());
        for (int i = 0; i < runs.size(); i++) {
            int own = runs.get(i).executorsMax();
            assertThat(scaled.predictionsMs(own)[i]).isCloseTo(plain.predictionsMs(own)[i], within(1e-6));
        }
    }

    @Property(tries = 200)
    void oneSingleCoreExecutorRunsAllTasksInARowPlusDriverTime(@ForAll("runOneCore") RunRecord run) {
        RuntimeModel model = train(List.of(run), ModelSettings.DEFAULT);
        double expected = (run.totals().taskTimeMs() + run.driverOnlyMs()) / 1000.0;
        assertThat(model.wallSeconds(1, 0.5)).isCloseTo(expected, within(1e-9));
    }

    @Property(tries = 200)
    void oneExecutorWithCoresIsBetweenPerfectSharingAndGrahamsBound(@ForAll("runs") List<RunRecord> runs) {
        RunRecord run = runs.get(0);
        RuntimeModel model = train(List.of(run), ModelSettings.DEFAULT);
        int cores = run.coresPerExecutor();
        double work = run.totals().taskTimeMs();
        double cp = ListSchedulerTest.criticalPath(ReplayPlan.of(run).phases().get(0));
        double executorSeconds = model.wallSeconds(1, 0.5) - run.driverOnlyMs() / 1000.0;
        assertThat(executorSeconds * 1000).isBetween(work / cores - 1e-6, work / cores + (1 - 1.0 / cores) * cp + 1e-6);
    }

    @Property(tries = 200)
    void unlimitedExecutorsGiveTheCriticalPathPlusDriverTime(@ForAll("runs") List<RunRecord> runs) {
        RunRecord run = runs.get(0);
        RuntimeModel model = train(List.of(run), ModelSettings.DEFAULT);
        long cp = ListSchedulerTest.criticalPath(ReplayPlan.of(run).phases().get(0));
        assertThat(model.wallSeconds(100_000, 0.5)).isCloseTo((cp + run.driverOnlyMs()) / 1000.0, within(1e-9));
        assertThat(model.wallSeconds(model.maxUsefulExecutors() * 8, 0.5))
                .isGreaterThanOrEqualTo((cp + run.driverOnlyMs()) / 1000.0 - 1e-9);
    }

    @Property(tries = 100)
    void higherQuantilesAreNeverShorter(@ForAll("runs") List<RunRecord> runs, @ForAll @IntRange(min = 1, max = 40) int executors) {
        RuntimeModel model = train(runs, ModelSettings.DEFAULT);
        double previous = 0;
        for (int percent = 1; percent < 100; percent++) {
            double wall = model.wallSeconds(executors, percent / 100.0);
            assertThat(wall).isGreaterThanOrEqualTo(previous);
            previous = wall;
        }
    }

    private static RuntimeModel train(List<RunRecord> runs, ModelSettings settings) {
        return ((TrainingOutcome.Trained) RuntimeModels.train(RunFixtures.KEY, runs, settings)).model();
    }

    @Provide
    Arbitrary<List<RunRecord>> runs() {
        return run(Arbitraries.integers().between(1, 8)).list().ofMinSize(1).ofMaxSize(5);
    }

    /** Runs of random shape, each at 1..6 executors (distinct ids: a replay is cached by run id). */
    @Provide
    Arbitrary<List<RunRecord>> runsAtCounts() {
        return Combinators.combine(run(Arbitraries.integers().between(1, 4)), Arbitraries.integers().between(1, 6))
                .as(ScaledRuns::withExecutors).list().uniqueElements(RunRecord::id).ofMinSize(4).ofMaxSize(8);
    }

    @Provide
    Arbitrary<RunRecord> runOneCore() {
        return run(Arbitraries.just(1));
    }

    /** One run: a random stage DAG (parents have smaller ids) in one job, random driver time before and after. */
    private static Arbitrary<RunRecord> run(Arbitrary<Integer> cores) {
        Arbitrary<int[]> tasks = Arbitraries.integers().between(0, 3000).array(int[].class).ofMinSize(1).ofMaxSize(40);
        Arbitrary<List<Stage>> stages = Arbitraries.integers().between(1, 5).flatMap(n -> {
            List<Arbitrary<Stage>> list = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int id = i;
                Arbitrary<List<Integer>> parents = id == 0 ? Arbitraries.just(List.of())
                        : Arbitraries.integers().between(0, id - 1).set().ofMaxSize(2).map(s -> s.stream().sorted().toList());
                list.add(Combinators.combine(tasks, parents).as((t, p) -> new Stage(id, p, t)));
            }
            return Combinators.combine(list).as(l -> l);
        });
        return Combinators.combine(stages, cores, Arbitraries.longs().between(0, 5000),
                        Arbitraries.longs().between(0, 5000), Arbitraries.longs().between(0, 1_000_000))
                .as((s, c, before, after, start) -> {
                    long jobMs = s.stream().flatMapToInt(st -> Arrays.stream(st.taskMillis())).sum();
                    return RunFixtures.run("app-" + start, start, before, jobMs, after, c, 0, s.toArray(Stage[]::new));
                });
    }
}
