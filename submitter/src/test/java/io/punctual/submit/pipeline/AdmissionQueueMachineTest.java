package io.punctual.submit.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.JobKey;
import io.punctual.sizing.Resources;
import io.punctual.sizing.sizer.Bound;
import io.punctual.sizing.sizer.ParallelismEstimate;
import io.punctual.sizing.sizer.SizingDecision;
import io.punctual.sizing.sizer.SizingRequest;
import io.punctual.submit.launch.ContainerShapes;
import io.punctual.submit.request.AdmissionPolicy;
import io.punctual.submit.request.Submission;
import io.punctual.submit.request.SubmitArguments;
import io.punctual.yarn.AllocationStep;
import io.punctual.yarn.AppId;
import io.punctual.yarn.AppReport;
import io.punctual.yarn.AppState;
import io.punctual.yarn.ReservationId;
import io.punctual.yarn.ReservationInfo;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A job that finds no room: rejected under first-fit, waiting under Justice until it is reserved or dropped. */
class AdmissionQueueMachineTest {

    private static final Instant T0 = Instant.parse("2026-11-26T09:00:00Z");
    private static final AppId APP = new AppId("application_1_0008");

    private final Submission submission = new Submission("p-queue-1", SubmitArguments.parse(List.of("app.jar")),
            new JobKey("t", "j"), T0, T0.plus(Duration.ofMinutes(10)), "sla", Path.of("/tmp"));
    private final Sizing sizing = sizing(2);
    private final Observation.ReservationDone noRoom = new Observation.ReservationDone(Optional.empty(),
            Prediction.plannerOnly(false),
            "no room before the deadline", Optional.of(T0.plus(Duration.ofMinutes(25))), Duration.ZERO);

    private static Sizing sizing(int executors) {
        return new Sizing(new ContainerShapes(Resources.of(1, 1536), Resources.of(1, 1536), executors),
                new SizingDecision.Sized(executors, "Justice", Bound.DEADLINE, Duration.ofMinutes(5),
                        Optional.empty(), Optional.empty(), List.of()), 8);
    }

    /** What sizing was asked: the team cap of 8 executors of one core. */
    private SizingRequest request() {
        return new SizingRequest(submission.jobKey(), submission.submittedAt(), T0, submission.deadline(), 0.9, 0.1,
                Resources.of(1, 1536), 1, Optional.empty(), new ParallelismEstimate(8, "test"), 8, 8, Optional.empty());
    }

    private static ContainerShapes oneExecutor() {
        return new ContainerShapes(Resources.of(1, 1536), Resources.of(1, 1536), 1);
    }

    private SubmissionMachine machine(AdmissionPolicy policy) {
        return new SubmissionMachine(new LargeViolators(1000), policy);
    }

    private SubmissionState.Sized sized() {
        return new SubmissionState.Sized(submission, sizing, 0, Optional.empty());
    }

    @Test
    void firstFitRejectsAJobWithNoRoomAndJusticeQueuesIt() {
        var rejected = machine(AdmissionPolicy.FIRST_FIT).next(sized(), noRoom, T0);
        var queued = machine(AdmissionPolicy.JUSTICE).next(sized(), noRoom, T0);

        assertThat(((SubmissionState.Ended) rejected.state()).outcome())
                .isInstanceOf(SubmissionOutcome.Rejected.class);
        assertThat(queued.state()).isInstanceOfSatisfying(SubmissionState.Queued.class, q -> {
            assertThat(q.since()).isEqualTo(T0);
            assertThat(q.refusal()).contains("no room");
        });
        assertThat(queued.actions()).anyMatch(a -> a instanceof Action.Tell t
                && t.event() instanceof SubmissionEvent.Note n && n.text().contains("admission queue"));
    }

    @Test
    void aTurnSizesAgainAndOffersTheNewSizingToThePlan() {
        var machine = machine(AdmissionPolicy.JUSTICE);
        var queued = (SubmissionState.Queued) machine.next(sized(), noRoom, T0).state();
        Instant later = T0.plusSeconds(90);

        var turn = machine.next(queued, new Observation.Turn(), later);
        assertThat(turn.actions()).containsExactly(new Action.Size());
        assertThat(machine.next(queued, new Observation.Tick(), later).actions()).isEmpty();

        Sizing bigger = sizing(4);
        var resized = machine.next(queued, new Observation.SizingDone(new Decision(request(), oneExecutor(),
                bigger.decision()), Optional.empty()), later);
        assertThat(resized.state()).isInstanceOfSatisfying(SubmissionState.Sized.class,
                s -> assertThat(s.turn()).contains(new SubmissionState.Turn(T0, Optional.empty())));
        assertThat(resized.actions()).singleElement().isInstanceOfSatisfying(Action.Reserve.class,
                r -> assertThat(r.sizing().shapes().executors()).isEqualTo(4));

        var stillNoRoom = machine.next(resized.state(), noRoom, later);
        assertThat(stillNoRoom.state()).isInstanceOfSatisfying(SubmissionState.Queued.class,
                q -> assertThat(q.since()).isEqualTo(T0));
        assertThat(stillNoRoom.actions()).as("told once, not every round").isEmpty();

        ReservationInfo held = new ReservationInfo(new ReservationId("reservation_1_0007"), "punctual", "", later,
                submission.deadline(), List.of(new AllocationStep(later, submission.deadline(),
                bigger.shapes().total())));
        var reserved = machine.next(resized.state(), new Observation.ReservationDone(Optional.of(held),
                Prediction.plannerOnly(true), "",
                Optional.empty(), Duration.ZERO), later);
        assertThat(reserved.state()).isInstanceOf(SubmissionState.Reserved.class);
    }

    @Test
    void aJobWhoseDeadlineCanNoLongerBeMetIsDroppedWithTheReasonAndTheEarliestDeadline() {
        var machine = machine(AdmissionPolicy.JUSTICE);
        var queued = (SubmissionState.Queued) machine.next(sized(), noRoom, T0).state();
        var unmeetable = new SizingDecision.Unmeetable("the launch alone takes longer than the time left",
                Bound.DEADLINE, Optional.empty(), List.of());

        var dropped = machine.next(queued, new Observation.SizingDone(new Decision(null, sizing.shapes(), unmeetable),
                Optional.empty()), T0.plusSeconds(560));

        assertThat(((SubmissionState.Ended) dropped.state()).outcome()).isInstanceOfSatisfying(
                SubmissionOutcome.Rejected.class, r -> {
                    assertThat(r.reason()).contains("dropped from the admission queue after waiting 560 s")
                            .contains("launch alone");
                    assertThat(r.earliestDeadline()).as("the last turn's earliest deadline with room")
                            .contains(T0.plus(Duration.ofMinutes(25)));
                });
    }

    @Test
    void aLargeJobArbitrationLetFinishLateIsJudgedByItsGrantedCompletionNotItsDeadline() {
        var machine = machine(AdmissionPolicy.RUSH);
        var queued = (SubmissionState.Queued) machine.next(sized(), noRoom, T0).state();
        Instant grantedBy = submission.deadline().plus(Duration.ofMinutes(5));
        Sizing bigger = sizing(4);

        var resized = machine.next(queued, new Observation.SizingDone(new Decision(request(), oneExecutor(),
                bigger.decision()), Optional.empty(), Optional.of(grantedBy)), T0);
        var sizedLate = (SubmissionState.Sized) resized.state();
        assertThat(sizedLate.sizing().completeBy()).contains(grantedBy);

        ReservationInfo held = new ReservationInfo(new ReservationId("reservation_1_0008"), "punctual", "", T0,
                grantedBy, List.of(new AllocationStep(T0, grantedBy, bigger.shapes().total())));
        var reserved = machine.next(sizedLate, new Observation.ReservationDone(Optional.of(held),
                Prediction.plannerOnly(true), "", Optional.empty(), Duration.ZERO), T0).state();
        var running = new SubmissionState.Running(submission, ((SubmissionState.Reserved) reserved).sizing(),
                Optional.of(held.id()), APP, SubmissionState.Watch.fresh(), Optional.of(grantedBy));
        AppReport live = new AppReport(APP, "j", "u", "reservation_1_0008", AppState.RUNNING, "YARN/RUNNING",
                Set.of(), T0, Optional.empty(), 0.5f, "", Optional.empty());

        // 5000 tasks started, far above the 1000 Justice kills above: late for its deadline, on time for arbitration
        var pastDeadline = machine.next(running, new Observation.AppSeen(Optional.of(live), 5000, Optional.empty()),
                submission.deadline().plusSeconds(60));
        var pastGranted = machine.next(running, new Observation.AppSeen(Optional.of(live), 5000, Optional.empty()),
                grantedBy.plusSeconds(1));

        assertThat(pastDeadline.state()).isInstanceOf(SubmissionState.Running.class);
        assertThat(pastDeadline.actions()).noneMatch(a -> a instanceof Action.Kill);
        assertThat(pastGranted.state()).isInstanceOf(SubmissionState.Ended.class);
        assertThat(pastGranted.actions()).anyMatch(a -> a instanceof Action.Kill k
                && k.why().contains("RUSH's arbitration gave it") && k.why().contains(grantedBy.toString()));
    }

    @Test
    void aQueuedJobThatIsKilledHoldsNothingToRelease() {
        var queued = machine(AdmissionPolicy.JUSTICE).next(sized(), noRoom, T0).state();

        var killed = machine(AdmissionPolicy.JUSTICE).next(queued, new Observation.KillAsked("DELETE"), T0);

        assertThat(((SubmissionState.Ended) killed.state()).outcome()).isInstanceOf(SubmissionOutcome.Killed.class);
        assertThat(killed.actions()).isEmpty();
    }
}
