package io.punctual.submit.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.JobKey;
import io.punctual.sizing.Resources;
import io.punctual.sizing.replan.StageProgress;
import io.punctual.sizing.sizer.Bound;
import io.punctual.sizing.sizer.SizingDecision;
import io.punctual.submit.launch.ContainerShapes;
import io.punctual.submit.request.AdmissionPolicy;
import io.punctual.submit.request.Submission;
import io.punctual.submit.request.SubmitArguments;
import io.punctual.yarn.AppId;
import io.punctual.yarn.ReservationId;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Re-planning a running job through the machine (issue 25), with hand-worked numbers: progress, the remaining time
 * the planner gives, the executors and hold it asks for, and what the answer does to the run's state.
 */
class ReplanMachineTest {

    private static final Instant T0 = Instant.parse("2026-11-28T09:00:00Z");
    private static final AppId APP = new AppId("application_1_0007");
    private static final ReservationId RESERVATION = new ReservationId("reservation_1_0007");

    private final SubmissionMachine machine = new SubmissionMachine(new LargeViolators(100_000),
            AdmissionPolicy.JUSTICE, Optional.of(new ReplanRules(submission -> 0.9, 0.5, 0.2, submission -> true,
                    width -> java.util.OptionalDouble.empty())));
    // Due at T0 + 100 s; two 1-core executors, up to 8 (the team's cap); held until T0 + 80 s.
    private final Submission submission = new Submission("p-replan-1", SubmitArguments.parse(List.of("app.jar")),
            new JobKey("t", "j"), T0.minusSeconds(30), T0.plusSeconds(100), "sla", Path.of("/tmp"));
    private final Sizing sizing = new Sizing(new ContainerShapes(Resources.of(1, 1024), Resources.of(1, 1024), 2),
            new SizingDecision.Sized(2, "RUSH", Bound.DEADLINE, Duration.ofSeconds(110), Optional.empty(),
                    Optional.empty(), List.of()), 8);

    private SubmissionState.Running running(Optional<ReservationId> reservation) {
        return new SubmissionState.Running(submission, sizing, reservation, APP, SubmissionState.Watch.fresh(),
                Optional.of(T0.plusSeconds(80)));
    }

    /** A stage of {@code tasks} tasks: {@code finished} of them took {@code seconds}, {@code running} for 5 s so far. */
    private static StageProgress stage(int tasks, int finished, double seconds, int running) {
        double[] done = new double[finished];
        Arrays.fill(done, seconds);
        double[] going = new double[running];
        Arrays.fill(going, 5);
        return new StageProgress(tasks, done, going, seconds);
    }

    @Test
    void aJobBehindGrowsToTheFewestExecutorsThatMeetItsDeadlineAndItsHoldCoversTheRestOfItsRun() {
        // 40 tasks of 10 s: 4 done, 2 running for 5 s, 34 pending. Work left: 34 x 10 + 2 x 5 = 350 s over 36 tasks.
        // On 2 executors 175 s, 3: 116.7 s, 4: 87.5 s <= the 100 s left. Hold: 87.5 s + 25% margin + one plan step.
        var step = machine.next(running(Optional.of(RESERVATION)),
                new Observation.Progressed(List.of(stage(40, 4, 10, 2))), T0);

        assertThat(step.actions()).singleElement().isInstanceOfSatisfying(Action.Resize.class, resize -> {
            assertThat(resize.from()).isEqualTo(2);
            assertThat(resize.to()).isEqualTo(4);
            assertThat(resize.holdEnds()).isEqualTo(T0.plusMillis(87_500 + 21_875 + 1_000));
            assertThat(resize.why()).startsWith("behind");
        });
        Action.Resize asked = (Action.Resize) step.actions().get(0);
        Instant granted = T0.plusSeconds(111);
        var after = machine.next(step.state(), new Observation.Resized(asked, Optional.of(granted), Optional.empty(),
                Optional.empty()), T0);
        var grown = (SubmissionState.Running) after.state();
        assertThat(grown.replanning().executors()).isEqualTo(4);
        assertThat(grown.holdEnds()).contains(granted);
        assertThat(grown.replanning().changes()).singleElement().satisfies(change -> {
            assertThat(change.from()).isEqualTo(2);
            assertThat(change.holdFrom()).contains(T0.plusSeconds(80));
            assertThat(change.holdTo()).isEqualTo(granted);
        });
        assertThat(after.actions()).singleElement().isInstanceOf(Action.Tell.class);
    }

    @Test
    void aJobFarAheadGivesExecutorsBackOnlyOnceEveryStageLeftHasShownItsTaskTime() {
        // 12 tasks of 2 s: 10 done, 2 running for 5 s (more than the mean: none of their time is left), nothing
        // pending. One executor meets the 100 s left with the 20% slack kept, so it shrinks to 1 - but not while a
        // second stage none of whose tasks has finished is still to come.
        var ahead = List.of(stage(12, 10, 2, 2));
        var shrink = machine.next(running(Optional.of(RESERVATION)), new Observation.Progressed(ahead), T0);
        assertThat(shrink.actions()).singleElement().isInstanceOfSatisfying(Action.Resize.class,
                resize -> assertThat(resize.to()).isEqualTo(1));

        var unseen = List.of(stage(12, 10, 2, 2), stage(4, 0, 2, 0));
        assertThat(machine.next(running(Optional.of(RESERVATION)), new Observation.Progressed(unseen), T0).actions())
                .isEmpty();
        // Nor where a released executor would take its shuffle output with it (decommissioning turned off).
        var live = new SubmissionMachine(new LargeViolators(100_000), AdmissionPolicy.JUSTICE,
                Optional.of(new ReplanRules(submission -> 0.9, 0.5, 0.2, submission -> false,
                        width -> java.util.OptionalDouble.empty())));
        assertThat(live.next(running(Optional.of(RESERVATION)), new Observation.Progressed(ahead), T0).actions())
                .isEmpty();
    }

    @Test
    void aMissEvenAtTheMostExecutorsIsAnnouncedOnceAndTheJobGrowsToThem() {
        // 400 tasks of 10 s, none pending but 396 left at most 8 executors: 3,960 s of work / 8 = 495 s > 100 s.
        var late = new Observation.Progressed(List.of(stage(400, 4, 10, 0)));
        var first = machine.next(running(Optional.of(RESERVATION)), late, T0);

        assertThat(((SubmissionState.Running) first.state()).replanning().predictedLateSeconds())
                .hasValueSatisfying(s -> assertThat(s).isCloseTo(395, org.assertj.core.api.Assertions.within(1e-6)));
        assertThat(first.actions()).hasSize(2);
        assertThat(first.actions().get(0)).isInstanceOfSatisfying(Action.Tell.class,
                tell -> assertThat(((SubmissionEvent.Note) tell.event()).text()).contains("predicted to miss")
                        .contains("by 395 s"));
        assertThat(first.actions().get(1)).isInstanceOfSatisfying(Action.Resize.class,
                resize -> assertThat(resize.to()).isEqualTo(8));
        // Told once: the next observation with the same verdict says nothing new.
        var again = machine.next(first.state(), late, T0.plusSeconds(5));
        assertThat(again.actions()).noneMatch(Action.Tell.class::isInstance);
    }

    @Test
    void aRefusedGrowWaitsBeforeAskingAgainAndAnUnreachableDriverTurnsReplanningOffForTheRun() {
        var behind = new Observation.Progressed(List.of(stage(40, 4, 10, 2)));
        var asked = (Action.Resize) machine.next(running(Optional.of(RESERVATION)), behind, T0).actions().get(0);
        var refused = machine.next(running(Optional.of(RESERVATION)), new Observation.Resized(asked,
                Optional.empty(), Optional.of("YARN's plan: no room"), Optional.empty()), T0);
        var state = (SubmissionState.Running) refused.state();
        assertThat(state.replanning().executors()).isEqualTo(2);
        assertThat(state.holdEnds()).contains(T0.plusSeconds(80));
        assertThat(machine.next(state, behind, T0.plusSeconds(10)).actions()).isEmpty();
        assertThat(machine.next(state, behind, T0.plusSeconds(31)).actions())
                .anyMatch(Action.Resize.class::isInstance);

        var off = machine.next(running(Optional.of(RESERVATION)), new Observation.Resized(asked, Optional.empty(),
                Optional.empty(), Optional.of("the driver does not answer")), T0);
        assertThat(((SubmissionState.Running) off.state()).replanning().off()).contains("the driver does not answer");
        assertThat(machine.next(off.state(), behind, T0.plusSeconds(60)).actions()).isEmpty();
    }

    @Test
    void aPollersReportWithTheStagesItsEventLogShowsIsWatchedAndReplannedInOneStep() {
        var report = new io.punctual.yarn.AppReport(APP, "j", "u", "reservation_1_0007",
                io.punctual.yarn.AppState.RUNNING, "YARN/RUNNING", java.util.Set.of(), T0, Optional.empty(), 0.5f,
                "", Optional.empty());
        var seen = new Observation.AppSeen(Optional.of(report), 6, Optional.empty(),
                Optional.of(List.of(stage(40, 4, 10, 2))));

        var step = machine.next(running(Optional.of(RESERVATION)), seen, T0);

        // The state change is told as ever, and the same report grows the lagging job (2 -> 4, as above).
        assertThat(step.actions()).hasSize(2);
        assertThat(step.actions().get(0)).isInstanceOf(Action.Tell.class);
        assertThat(step.actions().get(1)).isInstanceOfSatisfying(Action.Resize.class,
                resize -> assertThat(resize.to()).isEqualTo(4));
        var once = new SubmissionMachine(new LargeViolators(100_000), AdmissionPolicy.JUSTICE);
        assertThat(once.next(running(Optional.of(RESERVATION)), seen, T0).actions())
                .noneMatch(Action.Resize.class::isInstance);
    }

    @Test
    void workWithoutAReservationAndAMachineThatSizesOnceAreNeverReplanned() {
        var behind = new Observation.Progressed(List.of(stage(40, 4, 10, 2)));
        assertThat(machine.next(running(Optional.empty()), behind, T0).actions()).isEmpty();
        var once = new SubmissionMachine(new LargeViolators(100_000), AdmissionPolicy.JUSTICE);
        assertThat(once.next(running(Optional.of(RESERVATION)), behind, T0).actions()).isEmpty();
    }

    private static Observation.AppSeen seenWithoutTasks(io.punctual.yarn.AppState state, long tasksStarted) {
        return new Observation.AppSeen(Optional.of(new io.punctual.yarn.AppReport(APP, "j", "u", "reservation_1_0007",
                state, "YARN/" + state, java.util.Set.of(), T0, Optional.empty(), 0f, "", Optional.empty())),
                tasksStarted, Optional.empty());
    }

    @Test
    void aRunNoTaskOfWhichHasStartedMovesItsHoldOnceItsSizedRunFromNowOutlastsItAndAnnouncesAMissPastItsDeadline() {
        // Sized for 110 s (launch and run), held until T0 + 80 s, due at T0 + 100 s.
        // At T0 - 40 s its sized run ends at T0 + 70 s, inside the hold: nothing to do.
        assertThat(machine.next(running(Optional.of(RESERVATION)), seenWithoutTasks(
                io.punctual.yarn.AppState.ACCEPTED, 0), T0.minusSeconds(40)).actions())
                .noneMatch(Action.Resize.class::isInstance);
        // At T0 - 20 s it would end at T0 + 90 s, past the hold but before the deadline: the hold moves to cover it,
        // 110 s + 25% margin + one plan step from now, at the same 2 executors, and no miss is told.
        var moved = machine.next(running(Optional.of(RESERVATION)), seenWithoutTasks(
                io.punctual.yarn.AppState.ACCEPTED, 0), T0.minusSeconds(20));
        assertThat(moved.actions()).filteredOn(Action.Resize.class::isInstance).singleElement()
                .isInstanceOfSatisfying(Action.Resize.class, resize -> {
                    assertThat(resize.from()).isEqualTo(2);
                    assertThat(resize.to()).isEqualTo(2);
                    assertThat(resize.holdEnds()).isEqualTo(T0.minusSeconds(20).plusMillis(110_000 + 27_500 + 1_000));
                    assertThat(resize.why()).startsWith("not started");
                });
        assertThat(((SubmissionState.Running) moved.state()).replanning().predictedLateSeconds()).isEmpty();
        // At T0 it would end at T0 + 110 s: 10 s after its deadline, which is announced now, once.
        var late = machine.next(running(Optional.of(RESERVATION)), seenWithoutTasks(
                io.punctual.yarn.AppState.RUNNING, 0), T0);
        assertThat(((SubmissionState.Running) late.state()).replanning().predictedLateSeconds()).contains(10.0);
        assertThat(late.actions()).filteredOn(Action.Tell.class::isInstance)
                .anyMatch(tell -> ((Action.Tell) tell).event() instanceof SubmissionEvent.Note note
                        && note.text().contains("by 10 s") && note.text().contains("no task has started"));
        var again = machine.next(late.state(), seenWithoutTasks(io.punctual.yarn.AppState.RUNNING, 0),
                T0.plusSeconds(2));
        assertThat(again.actions()).noneMatch(a -> a instanceof Action.Tell tell
                && tell.event() instanceof SubmissionEvent.Note);
    }

    @Test
    void aHoldMovedForARunNotStartedIsRecordedAsAChangeAtTheSameExecutors() {
        var asked = (Action.Resize) machine.next(running(Optional.of(RESERVATION)), seenWithoutTasks(
                io.punctual.yarn.AppState.ACCEPTED, 0), T0.minusSeconds(20)).actions().stream()
                .filter(Action.Resize.class::isInstance).findFirst().orElseThrow();
        Instant granted = T0.plusSeconds(119);
        var after = machine.next(running(Optional.of(RESERVATION)), new Observation.Resized(asked,
                Optional.of(granted), Optional.empty(), Optional.empty()), T0.minusSeconds(20));
        var state = (SubmissionState.Running) after.state();
        assertThat(state.holdEnds()).contains(granted);
        assertThat(state.replanning().executors()).isEqualTo(2);
        assertThat(state.replanning().changes()).singleElement().satisfies(change -> {
            assertThat(change.from()).isEqualTo(2);
            assertThat(change.to()).isEqualTo(2);
            assertThat(change.holdFrom()).contains(T0.plusSeconds(80));
        });
    }

    @Test
    void aRunWhoseTasksHaveStartedButNoneFinishedWaitsForItsFirstFinishedTask() {
        // Its executors are up: the loop that reads finished tasks judges it from the first one on.
        assertThat(machine.next(running(Optional.of(RESERVATION)), seenWithoutTasks(
                io.punctual.yarn.AppState.RUNNING, 3), T0).actions()).noneMatch(Action.Resize.class::isInstance);
        // Nor is work without a reservation, or after a recent refusal, moved.
        assertThat(machine.next(running(Optional.empty()), seenWithoutTasks(io.punctual.yarn.AppState.RUNNING, 0),
                T0).actions()).noneMatch(Action.Resize.class::isInstance);
    }
}
