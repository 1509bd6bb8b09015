package io.punctual.submit.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.submit.SparkEventLog;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The isolated runtime and the oracle, from a job's history runs (times in seconds after T0). */
class BenchOracleTest {

    @TempDir
    Path tmp;

    private static final Instant T0 = Instant.parse("2026-11-23T02:00:00Z");

    /** A run at {@code executors}: submitted at s, started at s + overhead, ended after {@code run} seconds. */
    private static HistoryRun run(int week, int executors, double overhead, double run, double cost, boolean ok) {
        Instant submitted = T0.plusSeconds(week * 1000L);
        Instant started = submitted.plusMillis((long) (overhead * 1000));
        return new HistoryRun("analytics/bench.demo.wordcount.tiny", week, executors, week, "application_1_" + week,
                submitted.toString(), started.toString(), started.plusMillis((long) (run * 1000)).toString(), ok, cost,
                "/logs/application_1_" + week, ok ? null : "dead");
    }

    private static final List<HistoryRun> HISTORY = List.of(
            run(1, 1, 10, 100, 95, true),
            run(2, 2, 12, 60, 110, true),
            run(3, 4, 10, 40, 150, true),
            run(4, 4, 14, 44, 170, true),
            run(5, 8, 1, 5, 1, false));

    @Test
    void theIsolatedRuntimeIsTheFastestCountsEndToEndTime() {
        JobProfile profile = JobProfile.of(HISTORY);

        // at 4 executors: median of 10 + 40 and 14 + 44 end to end = 54 s; the failed run at 8 counts for nothing
        assertThat(profile.isolatedRuntime()).contains(Duration.ofSeconds(54));
        assertThat(profile.overheadSeconds()).isEqualTo(11.0);
        assertThat(profile.byCount()).containsOnlyKeys(1, 2, 4);
        assertThat(profile.byCount().get(4).runSeconds()).isEqualTo(42.0);
        assertThat(profile.byCount().get(4).executorSeconds()).isEqualTo(160.0);
    }

    @Test
    void theOracleTakesTheCheapestCountThatFitsTheWindowLessTheLaunchOverhead() {
        JobProfile profile = JobProfile.of(HISTORY);

        // 111 s leave 100 s to run: one executor fits and is cheapest
        assertThat(profile.oracleExecutorSeconds(Duration.ofSeconds(111))).contains(95.0);
        // 110 s leave 99: one executor no longer fits, two do
        assertThat(profile.oracleExecutorSeconds(Duration.ofSeconds(110))).contains(110.0);
        // 53 s leave 42: only four executors' median run fits
        assertThat(profile.oracleExecutorSeconds(Duration.ofSeconds(53))).contains(160.0);
        // 52 s: nothing measured would have met it
        assertThat(profile.oracleExecutorSeconds(Duration.ofSeconds(52))).isEmpty();
    }

    @Test
    void eachCountSaysHowManyRunsItsMediansComeFromAndHowFarTheyLieApart() {
        JobProfile profile = JobProfile.of(HISTORY);

        assertThat(profile.byCount().get(4).runs()).isEqualTo(2);
        assertThat(profile.byCount().get(4).spreadSeconds()).isEqualTo(4.0);
        assertThat(profile.byCount().get(1).runs()).isEqualTo(1);
        assertThat(profile.byCount().get(1).spreadSeconds()).isZero();
    }

    @Test
    void runsUnderLoadGiveTheOracleButTheIdleRunsStillGiveTheDeadline() {
        // Under the background every count ran about twice as long, and one executor cost more.
        JobProfile loaded = JobProfile.of(List.of(run(1, 1, 20, 200, 120, true), run(2, 1, 20, 220, 130, true),
                run(3, 2, 20, 120, 140, true), run(4, 4, 20, 80, 180, true)));
        JobProfile profile = JobProfile.of(HISTORY).withOracleUnderLoad(loaded);

        assertThat(profile.isolatedRuntime()).contains(Duration.ofSeconds(54));
        // 111 s fit one idle executor (95 executor-s), but under load 111 - 20 = 91 s fit only four executors' 80 s
        assertThat(profile.oracleExecutorSeconds(Duration.ofSeconds(111))).contains(180.0);
        // 231 s leave 211 s: one executor's median of 200 and 220 s fits, at the median of 120 and 130
        assertThat(profile.oracleExecutorSeconds(Duration.ofSeconds(231))).contains(125.0);
        assertThat(profile.underLoad()).contains(loaded);
        JobProfile nothingRan = JobProfile.of(List.of(run(1, 1, 5, 30, 60, false)));
        assertThat(JobProfile.of(HISTORY).withOracleUnderLoad(nothingRan).oracleExecutorSeconds(
                Duration.ofSeconds(111))).as("no run under load: the idle table stands").contains(95.0);
    }

    @Test
    void aJobWithoutASuccessfulRunHasNoDeadlineToGive() {
        JobProfile profile = JobProfile.of(List.of(run(1, 2, 5, 30, 60, false)));

        assertThat(profile.measured()).isFalse();
        assertThat(profile.isolatedRuntime()).isEmpty();
        assertThat(profile.oracleExecutorSeconds(Duration.ofHours(1))).isEmpty();
    }

    @Test
    void aRowsCostIsItsExecutorsLifetimesTimesCoresAsTheEventLogTellsIt() throws IOException {
        String app = "application_1628109047826_1317105"; // dynamic allocation: executors come and go
        Path logs = tmp.resolve("spark-events");
        SparkEventLog.copy(app, logs);

        AppCost cost = new EventLogs(logs, Duration.ZERO).cost(app).orElseThrow();

        // independently, straight from the log's JSON lines
        ExecutorLives independent = ExecutorLives.read(logs.resolve(app));
        Map<String, long[]> lives = independent.lives();
        long end = independent.endMs();
        double expected = independent.executorSeconds();
        assertThat(lives).hasSize(10);
        assertThat(cost.executorSeconds()).isCloseTo(expected, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(cost.endMs()).isEqualTo(end);
        assertThat(cost.eventLog()).isEqualTo(logs.resolve(app));
        assertThat(new EventLogs(logs, Duration.ZERO).cost("application_1628109047826_131710")).isEmpty();
    }
}
