package io.punctual.submit.pipeline;

import io.punctual.submit.request.Submission;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.sizing.JobKey;
import io.punctual.sizing.Resources;
import io.punctual.sizing.sizer.Bound;
import io.punctual.sizing.sizer.SizingDecision;
import io.punctual.submit.request.SubmitArguments;
import io.punctual.submit.launch.ContainerShapes;
import io.punctual.yarn.ReservationSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ReservationWindowsTest {

    private static Sizing holding(Duration hold) {
        return new Sizing(new ContainerShapes(Resources.of(2, 3072), Resources.of(1, 1536), 5),
                new SizingDecision.Sized(5, "RUSH", Bound.DEADLINE, hold, Optional.empty(), Optional.empty(), List.of()),
                20);
    }

    private static List<io.punctual.yarn.ReservationSpec> toTry(Submission submission, Sizing sizing) {
        return ReservationWindows.toTry(submission, sizing, submission.submittedAt());
    }

    private static Submission at(Instant submitted, Instant deadline) {
        return new Submission("p1-test", SubmitArguments.parse(List.of("app.jar")), new JobKey("t", "j"), submitted,
                deadline, "sla", Path.of("/"));
    }

    @Test
    void aShortRunAsksFirstForAWindowThatStartsItNowThenForTheWholeWindow() {
        var specs = toTry(at(Instant.parse("2026-11-22T10:00:00.250Z"),
                Instant.parse("2026-11-22T10:10:00.900Z")), holding(Duration.ofMillis(120_400)));

        assertThat(specs).hasSize(2);
        ReservationSpec soon = specs.get(0);
        assertThat(soon.arrival()).isEqualTo(Instant.parse("2026-11-22T10:00:01Z"));
        // The run's 120.4 s plus its margin, max(10 s, a quarter = 30.1 s), rounds up to 151 s (YARN kills what is
        // still running when a reservation ends); no slack, so any agent can place it only from 10:00:01: 10:02:32.
        assertThat(soon.deadline()).isEqualTo(Instant.parse("2026-11-22T10:02:32Z"));
        assertThat(soon.stages()).allSatisfy(stage -> assertThat(stage.duration()).isEqualTo(Duration.ofSeconds(151)));
        ReservationSpec whole = specs.get(1);
        assertThat(whole.deadline()).isEqualTo(Instant.parse("2026-11-22T10:10:00Z"));
        // One gang: 5 executors and the master, each container large enough for either (<2, 3072> holds <1, 1536>).
        assertThat(whole.stages()).hasSize(1);
        assertThat(whole.stages().get(0).capability()).isEqualTo(Resources.of(2, 3072));
        assertThat(whole.stages().get(0).containers()).isEqualTo(6);
        assertThat(whole.stages().get(0).concurrency()).isEqualTo(6);
        assertThat(whole.combine()).isEqualTo(ReservationSpec.Combine.ALL);
    }

    @Test
    void aHoldAsLongAsTheWindowLeavesOneStepAtEachEndThenHalfTheWindowIsAskedWithoutAPrediction() {
        var specs = toTry(at(Instant.parse("2026-11-22T10:00:00.250Z"),
                Instant.parse("2026-11-22T10:10:00.900Z")), holding(Duration.ofMinutes(11)));

        assertThat(specs).hasSize(3);
        // 599 s between the aligned ends, minus one plan step at each end: first in a window just as long, which
        // starts it at the next step, then anywhere in the whole window.
        assertThat(specs).extracting(ReservationSpec::deadline).containsExactly(
                Instant.parse("2026-11-22T10:09:58Z"), Instant.parse("2026-11-22T10:10:00Z"),
                Instant.parse("2026-11-22T10:10:00Z"));
        assertThat(specs.get(0).stages()).allSatisfy(s -> assertThat(s.duration()).isEqualTo(Duration.ofSeconds(597)));
        assertThat(specs.get(1).stages()).allSatisfy(s -> assertThat(s.duration()).isEqualTo(Duration.ofSeconds(597)));
        // The whole window, with slack: half of those 597 s, rounded up, placed anywhere in it.
        assertThat(specs.get(2).arrival()).isEqualTo(specs.get(1).arrival());
        assertThat(specs.get(2).stages()).allSatisfy(s -> assertThat(s.duration()).isEqualTo(Duration.ofSeconds(299)));
    }

    @Test
    void aWholeWindowHoldWithAPredictionIsFollowedByThePredictedRunPlusItsMargin() {
        Instant submitted = Instant.parse("2026-11-22T10:00:00.250Z");
        // Justice holds the whole window; its history predicts the θ-quantile finish 200 s after the window opens.
        var justice = new Sizing(holding(Duration.ZERO).shapes(), new SizingDecision.Sized(5, "Justice",
                Bound.DEADLINE, Duration.ofMinutes(10), Optional.empty(),
                Optional.of(Instant.parse("2026-11-22T10:03:21Z")), List.of()), 20);

        var specs = toTry(at(submitted, Instant.parse("2026-11-22T10:10:00.900Z")), justice);

        assertThat(specs).hasSize(3);
        assertThat(specs.get(0).stages().get(0).duration()).isEqualTo(Duration.ofSeconds(597));
        assertThat(specs.get(1).stages().get(0).duration()).isEqualTo(Duration.ofSeconds(597));
        // 200 s plus max(10 s, a quarter) = 250 s.
        assertThat(specs.get(2).stages().get(0).duration()).isEqualTo(Duration.ofSeconds(250));
        assertThat(specs.get(2).deadline()).isEqualTo(Instant.parse("2026-11-22T10:10:00Z"));
    }

    @Test
    void aPredictionThatFillsTheWindowAnywayAddsNoShorterHold() {
        var late = new Sizing(holding(Duration.ZERO).shapes(), new SizingDecision.Sized(5, "Justice",
                Bound.DEADLINE, Duration.ofMinutes(10), Optional.empty(),
                Optional.of(Instant.parse("2026-11-22T10:09:00Z")), List.of()), 20);

        var specs = toTry(at(Instant.parse("2026-11-22T10:00:00.250Z"),
                Instant.parse("2026-11-22T10:10:00.900Z")), late);

        assertThat(specs).hasSize(2).allSatisfy(spec ->
                assertThat(spec.stages().get(0).duration()).isEqualTo(Duration.ofSeconds(597)));
    }

    @Test
    void aJobThatWaitedAsksForAWindowFromNowNotFromItsSubmission() {
        Instant submitted = Instant.parse("2026-11-22T10:00:00.250Z");
        Submission waited = at(submitted, Instant.parse("2026-11-22T10:10:00.900Z"));

        var specs = ReservationWindows.toTry(waited, holding(Duration.ofMinutes(11)), submitted.plusSeconds(300));

        assertThat(specs).allSatisfy(spec -> assertThat(spec.arrival()).isEqualTo(Instant.parse("2026-11-22T10:05:01Z")));
        // 299 s between 10:05:01 and 10:10:00, less a step at each end (from the next step, then anywhere); then half.
        assertThat(specs).extracting(spec -> spec.stages().get(0).duration())
                .containsExactly(Duration.ofSeconds(297), Duration.ofSeconds(297), Duration.ofSeconds(149));
    }

    @Test
    void aDeadlineTooCloseToHoldAnythingIsRefused() {
        Instant t = Instant.parse("2026-11-22T10:00:00.500Z");
        assertThatThrownBy(() -> toTry(at(t, t.plusSeconds(3)), holding(Duration.ofSeconds(1))))
                .hasMessageContaining("leaves no time");
    }
}
