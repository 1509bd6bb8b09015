package io.punctual.submit.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.punctual.sizing.replan.StageProgress;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * What re-planning reads of a running application, from one of Spark's own event logs (a YARN application of three
 * jobs, one two-task stage each; its task times worked out from the log's launch and finish times).
 */
class StageTimesTest {

    private static final IntFunction<OptionalDouble> NO_RATIO = width -> OptionalDouble.empty();

    private static List<String> log() throws IOException {
        try (InputStream in = StageTimesTest.class.getResourceAsStream("/spark-events/application_1553914137147_0018")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }

    private static StageTimes readUpTo(int lines) throws IOException {
        StageTimes times = new StageTimes();
        log().stream().limit(lines).forEach(times::read);
        return times;
    }

    @Test
    void nothingIsReadBeforeATaskHasFinished() throws IOException {
        // Line 14: stage 0's two tasks started, none ended.
        assertThat(readUpTo(14).progress(Instant.ofEpochMilli(1554756000000L), NO_RATIO)).isEmpty();
    }

    @Test
    void aStageHalfDoneShowsItsFinishedTaskAndHowLongTheOtherHasRun() throws IOException {
        // Line 15: task 0 ended (launched ...96103, finished ...12321: 16.218 s); task 1 launched at ...96119.
        List<StageProgress> read = readUpTo(15).progress(Instant.ofEpochMilli(1554756012321L), NO_RATIO).orElseThrow();

        assertThat(read).singleElement().satisfies(stage -> {
            assertThat(stage.tasks()).isEqualTo(2);
            assertThat(stage.finishedSeconds()).containsExactly(16.218);
            assertThat(stage.runningElapsed()).hasSize(1);
            assertThat(stage.runningElapsed()[0]).isCloseTo(16.202, within(1e-9));
        });
    }

    @Test
    void anEndedJobsStagesAreDoneAndAStageWithoutAFinishedTaskExpectsTheLatestSeenTime() throws IOException {
        // Line 30: job 0 ended; jobs 1 and 2 run stages 1 and 2; stage 1's first task took 14.451 s.
        List<StageProgress> read = readUpTo(30).progress(Instant.ofEpochMilli(1554756026881L), NO_RATIO).orElseThrow();

        assertThat(read).hasSize(3);
        assertThat(read.get(0).done()).isTrue();
        assertThat(read.get(1).finishedSeconds()).containsExactly(14.451);
        assertThat(read.get(2).finishedSeconds()).isEmpty();
        assertThat(read.get(2).runningElapsed()).hasSize(2);
        assertThat(read.get(2).expectedTaskSeconds()).isCloseTo(14.451, within(1e-9));
    }

    @Test
    void stagesAfterTheFirstWithoutAFinishedTaskAreExpectedAsMuchLongerAsRunsLikeItShowed() throws IOException {
        // Line 29: stage 0 (two tasks) is done; stages 1 and 2 run two tasks each, none finished yet.
        List<Integer> widths = new java.util.ArrayList<>();
        List<StageProgress> read = readUpTo(29).progress(Instant.ofEpochMilli(1554756020000L), width -> {
            widths.add(width);
            return OptionalDouble.of(3);
        }).orElseThrow();
        double first = java.util.Arrays.stream(read.get(0).finishedSeconds()).average().orElseThrow();

        assertThat(read).hasSize(3);
        assertThat(read.get(1).expectedTaskSeconds()).isCloseTo(3 * first, within(1e-9));
        assertThat(read.get(2).expectedTaskSeconds()).isCloseTo(3 * first, within(1e-9));
        assertThat(widths).containsExactly(2);
        // with nothing learnt of later stages, the first stage's time stands in
        assertThat(readUpTo(29).progress(Instant.ofEpochMilli(1554756020000L), NO_RATIO).orElseThrow().get(1)
                .expectedTaskSeconds()).isCloseTo(first, within(1e-9));
    }

    @Test
    void aFinishedApplicationHasNothingLeftToPlan() throws IOException {
        assertThat(readUpTo(Integer.MAX_VALUE).progress(Instant.ofEpochMilli(1554756050000L), NO_RATIO)).isEmpty();
    }
}
