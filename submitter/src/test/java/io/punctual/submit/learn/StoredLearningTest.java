package io.punctual.submit.learn;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.JobKey;
import io.punctual.sizing.justice.ErrorSmoothing;
import io.punctual.sizing.justice.JusticeState;
import io.punctual.sizing.width.ParallelWork;
import io.punctual.submit.SparkEventLog;
import io.punctual.yarn.AppState;
import io.punctual.yarn.memory.ManualClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a finished run teaches about launching: only a run that started in its own reservation measures the launch. */
class StoredLearningTest {

    /** Another of Spark's own event logs (spark-core's test jar), so the second run is a new one. */
    private static final String OTHER = "application_1516285256255_0012";

    @TempDir
    Path tmp;

    private Completion completion(Path eventLog, Instant submitted, boolean reserved) {
        return completion(eventLog, submitted, submitted, reserved);
    }

    private Completion completion(Path eventLog, Instant submitted, Instant opened, boolean reserved) {
        return new Completion(new JobKey("t", "job"), submitted,
                reserved ? Optional.of(submitted.plus(Duration.ofHours(1))) : Optional.empty(),
                AppState.SUCCEEDED, submitted.plus(Duration.ofMinutes(30)), 2, 1, 8, Optional.of(eventLog), reserved,
                Optional.of(opened));
    }

    @Test
    void aBestEffortRunTeachesNoLaunchOverheadAndAReservedOneDoes() throws Exception {
        Path copy = SparkEventLog.copy("application_1628109047826_1317105", tmp.resolve("logs"));
        StoredLearning learning = StoredLearning.open(Files.createDirectories(tmp.resolve("home")),
                Files.createDirectories(tmp.resolve("store")),
                new ErrorSmoothing.EqualWeights(), Clock.systemUTC());
        Duration before = learning.launchOverhead();

        // submitted an hour before the log's start: a best-effort run that waited in a busy queue
        var waited = learning.learn(completion(copy, Instant.ofEpochMilli(startMs(learning, copy)).minusSeconds(3600),
                false));

        assertThat(waited.problem()).isEmpty();
        assertThat(waited.launchOverhead()).isEmpty();
        assertThat(learning.launchOverhead()).isEqualTo(before);

        Path other = SparkEventLog.copy(OTHER, tmp.resolve("logs"));
        var reserved = learning.learn(completion(other, Instant.ofEpochMilli(startMs(learning, other)).minusSeconds(7),
                true));
        assertThat(reserved.problem()).isEmpty();
        assertThat(reserved.launchOverhead()).hasValueSatisfying(d -> assertThat(d).isEqualTo(Duration.ofSeconds(7)));
    }

    @Test
    void aCompletionWithoutADeadlineLeavesJusticesStateUnchanged() throws Exception {
        StoredLearning learning = StoredLearning.open(Files.createDirectories(tmp.resolve("home")),
                Files.createDirectories(tmp.resolve("store")), new ErrorSmoothing.EqualWeights(), Clock.systemUTC());
        Path first = SparkEventLog.copy("application_1628109047826_1317105", tmp.resolve("first"));
        Instant firstSubmitted = Instant.ofEpochMilli(startMs(learning, first)).minusSeconds(5);
        var deadlineRun = learning.learn(completion(first, firstSubmitted, true));
        assertThat(deadlineRun.justiceTracked()).isTrue();
        JusticeState before = learning.justice();

        Path other = SparkEventLog.copy(OTHER, tmp.resolve("other"));
        Instant otherSubmitted = Instant.ofEpochMilli(startMs(learning, other)).minusSeconds(5);
        var bestEffort = learning.learn(completion(other, otherSubmitted, false));

        assertThat(bestEffort.problem()).isEmpty();
        assertThat(bestEffort.ingested()).isPresent();
        assertThat(bestEffort.justiceTracked()).isFalse();
        assertThat(learning.justice()).isEqualTo(before);
    }

    @Test
    void aWaitBeforeTheReservationOpenedIsNotLearnedAsLaunching() throws Exception {
        StoredLearning learning = StoredLearning.open(Files.createDirectories(tmp.resolve("home")),
                Files.createDirectories(tmp.resolve("store")), new ErrorSmoothing.EqualWeights(), Clock.systemUTC());
        Path log = SparkEventLog.copy("application_1628109047826_1317105", tmp.resolve("logs"));
        Instant started = Instant.ofEpochMilli(startMs(learning, log));

        // submitted 10 minutes before it started: it waited in the admission queue until its reservation opened 6 s
        // before the application started
        var report = learning.learn(completion(log, started.minusSeconds(600), started.minusSeconds(6), true));

        assertThat(report.launchOverhead()).contains(Duration.ofSeconds(6));
        assertThat(learning.launchOverhead()).isEqualTo(Duration.ofSeconds(6));
    }

    @Test
    void everySucceededRunTeachesItsWorkPerTaskWithOrWithoutADeadline() throws Exception {
        Path store = Files.createDirectories(tmp.resolve("store"));
        StoredLearning learning = StoredLearning.open(Files.createDirectories(tmp.resolve("home")), store,
                new ErrorSmoothing.EqualWeights(), Clock.systemUTC());
        assertThat(learning.parallelWork().runs()).isEmpty();
        Path first = SparkEventLog.copy("application_1628109047826_1317105", tmp.resolve("first"));
        Path other = SparkEventLog.copy(OTHER, tmp.resolve("other"));

        learning.learn(completion(first, Instant.ofEpochMilli(startMs(learning, first)).minusSeconds(5), true));
        learning.learn(completion(other, Instant.ofEpochMilli(startMs(learning, other)).minusSeconds(5), false));

        assertThat(learning.parallelWork().runs()).hasSize(2).allSatisfy(run -> {
            assertThat(run.perTaskSeconds()).isPositive();
            assertThat(run.tailSeconds()).isPositive();
            assertThat(run.width()).isPositive();
        });
        // the first log ran one stage; the other two, whose later stage is compared with its first
        assertThat(learning.parallelWork().runs().get(0).hasLaterStages()).isFalse();
        assertThat(learning.parallelWork().runs().get(1).laterStageRatio()).isPositive();
        // a damaged line is skipped, the others still count; a line written before widths (or ratios) were has none
        Files.writeString(store.resolve("parallel-work.txt"), "garbage\n-1 2\n1 2 x\n1 2 3 -1\n1.5 2.5 4\n1.5 2.5\n",
                java.nio.file.StandardOpenOption.APPEND);
        List<ParallelWork> read = StoredLearning.open(tmp.resolve("home"), store, new ErrorSmoothing.EqualWeights(),
                Clock.systemUTC()).parallelWork().runs();
        assertThat(read).hasSize(4).last().isEqualTo(new ParallelWork(1.5, 2.5, ParallelWork.UNKNOWN_WIDTH));
        assertThat(read.get(2)).isEqualTo(new ParallelWork(1.5, 2.5, 4, ParallelWork.ONE_STAGE));
        assertThat(read.get(1).laterStageRatio()).isEqualTo(learning.parallelWork().runs().get(1).laterStageRatio(),
                org.assertj.core.data.Offset.offset(1e-4));
    }

    @Test
    void theLaunchOverheadIsTheMedianSoAFewStartsThatWaitedForContainersDoNotRefuseEveryJob() {
        Instant now = Instant.parse("2026-11-28T12:00:00Z");
        List<LaunchOverheads.Seen> seen = new ArrayList<>();
        for (long ms : new long[] {10_000, 10_000, 11_000, 10_000, 12_000, 10_000, 10_000, 150_000, 160_000, 10_000}) {
            seen.add(new LaunchOverheads.Seen(now.minusSeconds(60), Duration.ofMillis(ms)));
        }

        assertThat(LaunchOverheads.estimate(seen, now, LaunchOverheads.BEFORE_ANY)).isEqualTo(Duration.ofSeconds(10));
        assertThat(LaunchOverheads.estimate(List.of(), now, LaunchOverheads.BEFORE_ANY))
                .isEqualTo(LaunchOverheads.BEFORE_ANY);
    }

    @Test
    void launchesSeenLongerAgoThanTheFreshWindowNoLongerCountSoARefusingEstimateRecovers() throws Exception {
        ManualClock clock = new ManualClock(Instant.parse("2026-11-28T12:00:00Z"));
        Path store = Files.createDirectories(tmp.resolve("store"));
        // a line of one number was written before launches carried their time: it is stale
        Files.writeString(store.resolve("launch-overheads.txt"), "114000\n");
        StoredLearning learning = StoredLearning.open(Files.createDirectories(tmp.resolve("home")), store,
                new ErrorSmoothing.EqualWeights(), clock);
        assertThat(learning.launchOverhead()).isEqualTo(LaunchOverheads.BEFORE_ANY);
        Path log = SparkEventLog.copy("application_1628109047826_1317105", tmp.resolve("logs"));
        Instant started = Instant.ofEpochMilli(startMs(learning, log));

        learning.learn(completion(log, started.minusSeconds(114), started.minusSeconds(114), true));
        assertThat(learning.launchOverhead()).isEqualTo(Duration.ofSeconds(114));

        clock.set(clock.instant().plus(LaunchOverheads.FRESH).plusSeconds(1));
        assertThat(learning.launchOverhead()).isEqualTo(LaunchOverheads.BEFORE_ANY);
    }

    @Test
    void withNoFreshLaunchTheOlderOnesStillCountButNeverAboveTheDefault() {
        Instant now = Instant.parse("2026-11-28T12:00:00Z");
        Instant stale = now.minus(LaunchOverheads.FRESH).minusSeconds(1);
        List<LaunchOverheads.Seen> quick = List.of(new LaunchOverheads.Seen(stale, Duration.ofSeconds(9)),
                new LaunchOverheads.Seen(stale, Duration.ofSeconds(10)), new LaunchOverheads.Seen(stale,
                        Duration.ofSeconds(12)));
        List<LaunchOverheads.Seen> slow = List.of(new LaunchOverheads.Seen(stale, Duration.ofSeconds(114)));

        // a quiet half hour does not make launches look like the 30 s default: the 10 s seen before still stand
        assertThat(LaunchOverheads.estimate(quick, now, LaunchOverheads.BEFORE_ANY)).isEqualTo(Duration.ofSeconds(10));
        // an estimate that refused every short job still recovers to the default
        assertThat(LaunchOverheads.estimate(slow, now, LaunchOverheads.BEFORE_ANY)).isEqualTo(LaunchOverheads.BEFORE_ANY);
        // one fresh launch outweighs every stale one
        List<LaunchOverheads.Seen> both = new ArrayList<>(quick);
        both.add(new LaunchOverheads.Seen(now.minusSeconds(5), Duration.ofSeconds(20)));
        assertThat(LaunchOverheads.estimate(both, now, LaunchOverheads.BEFORE_ANY)).isEqualTo(Duration.ofSeconds(20));
    }

    private static long startMs(StoredLearning learning, Path log) throws Exception {
        for (String line : Files.readAllLines(log)) {
            if (line.contains("\"Event\":\"SparkListenerApplicationStart\"")) {
                return new com.fasterxml.jackson.databind.ObjectMapper().readTree(line).get("Timestamp").asLong();
            }
        }
        throw new AssertionError("no application start in " + log);
    }
}
