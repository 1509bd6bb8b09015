package io.punctual.submit.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.JobKey;
import io.punctual.sizing.Resources;
import io.punctual.sizing.sizer.Bound;
import io.punctual.sizing.sizer.SizingDecision;
import io.punctual.submit.launch.ContainerShapes;
import io.punctual.submit.request.AdmissionPolicy;
import io.punctual.submit.request.Submission;
import io.punctual.submit.request.SubmitArguments;
import io.punctual.yarn.AppId;
import io.punctual.yarn.AppReport;
import io.punctual.yarn.AppState;
import io.punctual.yarn.AllocationStep;
import io.punctual.yarn.ReservationId;
import io.punctual.yarn.ReservationInfo;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The machine's rules, one transition at a time: no cluster, no clock, only values. */
class SubmissionMachineTest {

    private static final Instant T0 = Instant.parse("2026-11-24T09:00:00Z");
    private static final AppId APP = new AppId("application_1_0001");
    private static final ReservationId RESERVATION = new ReservationId("reservation_1_0001");
    private static final Instant HOLD_ENDS = T0.plus(Duration.ofMinutes(8));

    private final SubmissionMachine machine = new SubmissionMachine(new LargeViolators(1000), AdmissionPolicy.FIRST_FIT);
    private final Submission submission = new Submission("p-machine-1", SubmitArguments.parse(List.of("app.jar")),
            new JobKey("t", "j"), T0, T0.plus(Duration.ofMinutes(10)), "sla", Path.of("/tmp"));
    private final Sizing sizing = new Sizing(new ContainerShapes(Resources.of(1, 1536), Resources.of(1, 1536), 2),
            new SizingDecision.Sized(2, "user", Bound.DEADLINE, Duration.ofMinutes(5), Optional.empty(),
                    Optional.empty(), List.of()), 2);

    private SubmissionState.Running running() {
        return new SubmissionState.Running(submission, sizing, Optional.of(RESERVATION), APP,
                SubmissionState.Watch.fresh(), Optional.of(HOLD_ENDS));
    }

    private static Observation.AppSeen seen(AppReport report) {
        return new Observation.AppSeen(Optional.of(report), 0, Optional.empty());
    }

    private static AppReport report(AppState state, String diagnostics) {
        return new AppReport(APP, "j", "u", "reservation_1_0001", state, "YARN/" + state, Set.of(), T0,
                state.isFinal() ? Optional.of(T0.plus(Duration.ofMinutes(4))) : Optional.empty(), 0.5f, diagnostics,
                Optional.empty());
    }

    @Test
    void anApplicationStuckInAcceptedOnAZeroCapacityQueueIsKilledAfterNinetySecondsAndReleased() {
        AppReport stuck = report(AppState.ACCEPTED, "Queue's AM resource limit exceeded. <memory:0, vCores:0>");
        var first = machine.next(running(), new Observation.AppSeen(Optional.of(stuck), 0, Optional.empty()), T0);
        var later = machine.next(first.state(), new Observation.AppSeen(Optional.of(stuck), 0, Optional.empty()),
                T0.plus(Duration.ofSeconds(60)));
        assertThat(later.state()).isInstanceOf(SubmissionState.Running.class);

        var stuckLong = machine.next(later.state(), new Observation.AppSeen(Optional.of(stuck), 0,
                Optional.empty()), T0.plus(SubmissionMachine.STUCK).plusSeconds(1));

        assertThat(stuckLong.state()).isInstanceOf(SubmissionState.Ended.class);
        assertThat(((SubmissionState.Ended) stuckLong.state()).outcome()).isInstanceOf(SubmissionOutcome.Failed.class);
        assertThat(stuckLong.actions()).contains(new Action.Release(RESERVATION))
                .anyMatch(a -> a instanceof Action.Kill k && k.why().contains("zero effective resources"));
    }

    @Test
    void aLargeViolatorPastItsDeadlineIsKilledAndASmallOneIsLeftToFinish() {
        Instant late = submission.deadline().plusSeconds(1);
        AppReport live = report(AppState.RUNNING, "");

        var small = machine.next(running(), new Observation.AppSeen(Optional.of(live), 1000, Optional.empty()), late);
        var large = machine.next(running(), new Observation.AppSeen(Optional.of(live), 1001, Optional.empty()), late);
        var early = machine.next(running(), new Observation.AppSeen(Optional.of(live), 5000, Optional.empty()), T0);

        assertThat(small.state()).isInstanceOf(SubmissionState.Running.class);
        assertThat(small.actions()).anyMatch(a -> a instanceof Action.Tell t
                && t.event() instanceof SubmissionEvent.DeadlinePassed);
        assertThat(early.state()).isInstanceOf(SubmissionState.Running.class);
        assertThat(large.state()).isInstanceOf(SubmissionState.Ended.class);
        assertThat(large.actions()).anyMatch(a -> a instanceof Action.Kill k && k.why().contains("kill-above-tasks"))
                .contains(new Action.Release(RESERVATION));
    }

    @Test
    void anApplicationStillInItsReservationLeavesItOnceJustBeforeTheReservationEnds() {
        Instant due = HOLD_ENDS.minus(SubmissionMachine.LEAVE_BEFORE_END);
        AppReport inReservation = report(AppState.RUNNING, "");

        var before = machine.next(running(), seen(inReservation), due.minusSeconds(1));
        var at = machine.next(before.state(), seen(inReservation), due);
        var again = machine.next(at.state(), seen(inReservation), due.plusSeconds(2));

        assertThat(before.actions()).noneMatch(a -> a instanceof Action.LeaveReservation);
        assertThat(at.actions()).containsOnlyOnce(new Action.LeaveReservation(APP, HOLD_ENDS));
        assertThat(at.state()).isInstanceOf(SubmissionState.Running.class);
        assertThat(again.actions()).as("asked once").noneMatch(a -> a instanceof Action.LeaveReservation);
        var moved = new AppReport(APP, "j", "u", "sla-default", AppState.RUNNING, "YARN/RUNNING", Set.of(), T0,
                Optional.empty(), 0.5f, "", Optional.empty());
        var finished = machine.next(again.state(), new Observation.AppSeen(Optional.of(new AppReport(APP, "j", "u",
                "sla-default", AppState.SUCCEEDED, "FINISHED/SUCCEEDED", Set.of(), T0,
                Optional.of(submission.deadline().plusSeconds(30)), 1f, "", Optional.empty())), 10, Optional.empty()),
                submission.deadline().plusSeconds(31));
        assertThat(machine.next(running(), seen(moved), due).actions()).as("already out of its reservation")
                .noneMatch(a -> a instanceof Action.LeaveReservation);
        var outcome = (SubmissionOutcome.Finished) ((SubmissionState.Ended) finished.state()).outcome();
        assertThat(outcome.metDeadline()).isFalse();
        assertThat(finished.actions()).contains(new Action.Release(RESERVATION))
                .anyMatch(a -> a instanceof Action.Learn);
    }

    private Observation.ReservationDone heldFrom(Instant start, Optional<String> aheadQueue) {
        var held = new ReservationInfo(RESERVATION, "punctual", "", start, HOLD_ENDS,
                List.of(new AllocationStep(start, HOLD_ENDS, sizing.shapes().total())));
        return new Observation.ReservationDone(Optional.of(held), Prediction.plannerOnly(true), "", Optional.empty(),
                Duration.ZERO, aheadQueue);
    }

    @Test
    void aReservationOpeningAtTheFollowersNextStepIsLaunchedAtOnceAndOneOpeningLaterWaitsForItsQueue() {
        var sized = new SubmissionState.Sized(submission, sizing, 0, Optional.empty());

        var soon = machine.next(sized, heldFrom(T0.plusSeconds(1), Optional.of("adhoc")), T0);
        var later = machine.next(sized, heldFrom(T0.plusSeconds(60), Optional.of("adhoc")), T0);
        var nowhereAhead = machine.next(sized, heldFrom(T0.plusSeconds(1), Optional.empty()), T0);

        assertThat(soon.state()).isEqualTo(new SubmissionState.Launching(submission, sizing.opensAt(T0.plusSeconds(1)),
                Optional.of(RESERVATION), "adhoc", Optional.of(HOLD_ENDS)));
        assertThat(soon.actions()).contains(new Action.Launch(sizing.opensAt(T0.plusSeconds(1)), "adhoc"))
                .noneMatch(a -> a instanceof Action.CheckQueue);
        assertThat(later.state()).isInstanceOf(SubmissionState.Reserved.class);
        assertThat(later.actions()).contains(new Action.CheckQueue(RESERVATION))
                .noneMatch(a -> a instanceof Action.Launch);
        assertThat(nowhereAhead.state()).isInstanceOf(SubmissionState.Reserved.class);
    }

    @Test
    void aRunLaunchedAheadEntersItsReservationsQueueUntilItIsThereButNotAsItsHoldEnds() {
        var outside = new AppReport(APP, "j", "u", "adhoc", AppState.RUNNING, "YARN/RUNNING", Set.of(), T0,
                Optional.empty(), 0.1f, "", Optional.empty());

        var first = machine.next(running(), seen(outside), T0.plusSeconds(5));
        var stillOutside = machine.next(first.state(), seen(outside), T0.plusSeconds(7));
        var inside = machine.next(stillOutside.state(), seen(report(AppState.RUNNING, "")), T0.plusSeconds(9));
        var ending = machine.next(running(), seen(outside), HOLD_ENDS.minus(SubmissionMachine.LEAVE_BEFORE_END));

        assertThat(first.actions()).containsOnlyOnce(new Action.EnterReservation(APP, RESERVATION));
        assertThat(stillOutside.actions()).as("until the queue runs").contains(
                new Action.EnterReservation(APP, RESERVATION));
        assertThat(inside.actions()).noneMatch(a -> a instanceof Action.EnterReservation);
        assertThat(ending.actions()).noneMatch(a -> a instanceof Action.EnterReservation
                || a instanceof Action.LeaveReservation);
    }

    @Test
    void anApplicationWithoutAReservationNeverLeavesOne() {
        var bestEffort = new SubmissionState.Running(submission, sizing, Optional.empty(), APP,
                SubmissionState.Watch.fresh(), Optional.empty());

        var step = machine.next(bestEffort, seen(report(AppState.RUNNING, "")), submission.deadline());

        assertThat(step.actions()).noneMatch(a -> a instanceof Action.LeaveReservation);
    }

    @Test
    void aFinishedApplicationIsReleasedAndLearntFromOnce() {
        var done = machine.next(running(), new Observation.AppSeen(Optional.of(report(AppState.SUCCEEDED, "")), 10,
                Optional.empty()), T0.plus(Duration.ofMinutes(5)));

        assertThat(done.state()).isInstanceOf(SubmissionState.Ended.class);
        var finished = (SubmissionOutcome.Finished) ((SubmissionState.Ended) done.state()).outcome();
        assertThat(finished.metDeadline()).isTrue();
        assertThat(done.actions()).containsOnlyOnce(new Action.Release(RESERVATION))
                .filteredOn(a -> a instanceof Action.Learn).hasSize(1);
        assertThat(machine.next(done.state(), new Observation.AppSeen(Optional.of(report(AppState.SUCCEEDED, "")), 10,
                Optional.empty()), T0.plus(Duration.ofMinutes(6))).actions()).isEmpty();
    }

    @Test
    void aKillWhileLaunchingReleasesNowAndKillsTheApplicationWhenItArrives() {
        var launching = new SubmissionState.Launching(submission, sizing, Optional.of(RESERVATION), "q",
                Optional.of(HOLD_ENDS));

        var killed = machine.next(launching, new Observation.KillAsked("deleted"), T0);
        var arrived = machine.next(killed.state(), new Observation.LaunchDone(Optional.of(APP), "", Duration.ZERO),
                T0.plusSeconds(5));

        assertThat(killed.state()).isInstanceOf(SubmissionState.Ended.class);
        assertThat(killed.actions()).containsExactly(new Action.Release(RESERVATION));
        assertThat(arrived.actions()).singleElement().isInstanceOfSatisfying(Action.Kill.class,
                k -> assertThat(k.app()).isEqualTo(APP));
    }

    @Test
    void aDeadlineSizingCannotMeetIsRejectedWithTheEarliestDeadlineAndNothingHeld() {
        Instant earliest = T0.plus(Duration.ofMinutes(30));
        var unmeetable = new SizingDecision.Unmeetable("too short", Bound.DEADLINE, Optional.of(earliest), List.of());
        var decision = new Decision(null, sizing.shapes(), unmeetable);

        var step = machine.next(new SubmissionState.Received(submission),
                new Observation.SizingDone(decision, Optional.empty()), T0);

        var outcome = ((SubmissionState.Ended) step.state()).outcome();
        assertThat(outcome).isInstanceOfSatisfying(SubmissionOutcome.Rejected.class,
                r -> assertThat(r.earliestDeadline()).contains(earliest));
        assertThat(step.actions()).isEmpty();
    }
}
