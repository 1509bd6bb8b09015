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

    @Property(tries = 200)
    void moreExecutorsAreNeverPredictedSlower(@ForAll("runs") List<RunRecord> runs,
                                              @ForAll @IntRange(min = 1, max = 99) int percent) {
        RuntimeModel model = train(runs, ModelSettings.DEFAULT);
        double q = percent / 100.0;
        double previous = Double.MAX_VALUE;
        for (int executors = 1; executors <= 80; executors++) {
            double wall = model.wallSeconds(executors, q);
            assertThat(wall).isLessThanOrEqualTo(previous);
            previous = wall;
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
