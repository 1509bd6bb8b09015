package io.punctual.submit.pipeline;

import io.punctual.yarn.AppReport;
import io.punctual.yarn.AppState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a report of a live application changes: a new YARN state is told; an application stuck in ACCEPTED on a queue
 * with zero resources (the Hadoop 3.3.x reservation-queue fault) is killed; a large deadline violator is killed
 * (Justice's rule); the deadline passing is told once; one launched ahead of its reservation's queue is moved into it
 * once the queue runs; shortly before its reservation ends, one still in the reservation's queue is moved out of it,
 * so that it finishes, late, and is learnt from instead of YARN killing it.
 */
final class RunningRules {

    private RunningRules() {
    }

    static SubmissionMachine.Step observe(SubmissionState.Running state, AppReport report, long tasksStarted,
                                          Instant now, LargeViolators violators) {
        SubmissionState.Watch before = state.watch();
        List<Action> actions = new ArrayList<>();
        Optional<Instant> acceptedSince = before.acceptedSince();
        if (!Optional.of(report.state()).equals(before.lastState())) {
            actions.add(new Action.Tell(new SubmissionEvent.StateChanged(report.id(), report.state(), report.queue(),
                    report.yarnState())));
            acceptedSince = report.state() == AppState.ACCEPTED ? Optional.of(now) : Optional.empty();
        }
        Optional<String> kill = stuck(report, acceptedSince, now)
                .or(() -> violators.verdict(now, state.submission().deadline(), state.sizing().completeBy(),
                        tasksStarted));
        if (kill.isPresent()) {
            actions.add(new Action.Kill(report.id(), "Punctual: " + kill.get()));
            SubmissionMachine.Step failed = SubmissionMachine.failed(state.submission(), state.reservation(),
                    "application " + report.id() + " was killed: " + kill.get());
            actions.addAll(failed.actions());
            return new SubmissionMachine.Step(failed.state(), actions);
        }
        boolean tell = !before.deadlineTold() && now.isAfter(state.submission().deadline());
        if (tell) {
            actions.add(new Action.Tell(new SubmissionEvent.DeadlinePassed(report.id(), state.submission().deadline())));
        }
        boolean leave = !before.leaveAsked() && leavesNow(state, report, now);
        if (leave) {
            actions.add(new Action.LeaveReservation(report.id(), state.holdEnds().orElseThrow()));
        } else if (!before.leaveAsked() && entersNow(state, report, now)) {
            actions.add(new Action.EnterReservation(report.id(), state.reservation().orElseThrow()));
        }
        var watch = new SubmissionState.Watch(Optional.of(report.state()), acceptedSince, 0,
                before.deadlineTold() || tell, before.leaveAsked() || leave);
        return new SubmissionMachine.Step(state.watching(watch), actions);
    }

    /**
     * Whether an application still in its reservation's queue should leave it now: its reservation ends within
     * {@link SubmissionMachine#LEAVE_BEFORE_END}, and YARN would kill it there instead of moving it (Hadoop 3.3).
     */
    private static boolean leavesNow(SubmissionState.Running state, AppReport report, Instant now) {
        boolean inReservation = state.reservation().map(r -> r.queueName().equals(report.queue())).orElse(false);
        return inReservation && state.holdEnds()
                .map(ends -> !now.isBefore(ends.minus(SubmissionMachine.LEAVE_BEFORE_END))).orElse(false);
    }

    /**
     * Whether an application launched ahead of its reservation is still outside the reservation's queue, with time
     * left in the hold: it is moved in as soon as the queue runs.
     */
    private static boolean entersNow(SubmissionState.Running state, AppReport report, Instant now) {
        return state.outsideReservation(report.queue()) && !report.state().isFinal() && state.holdEnds()
                .map(ends -> now.isBefore(ends.minus(SubmissionMachine.LEAVE_BEFORE_END))).orElse(true);
    }

    private static Optional<String> stuck(AppReport report, Optional<Instant> acceptedSince, Instant now) {
        boolean stuck = acceptedSince.map(since -> Duration.between(since, now).compareTo(SubmissionMachine.STUCK) > 0)
                .orElse(false) && report.diagnostics().contains("<memory:0, vCores:0>");
        if (!stuck) {
            return Optional.empty();
        }
        return Optional.of("it waited " + SubmissionMachine.STUCK.toSeconds() + " s in ACCEPTED because queue "
                + report.queue() + " has zero effective resources (the Hadoop 3.3.x reservation-queue fault). Run"
                + " 'yarn rmadmin -updateNodeResource' or ask the cluster admin, then submit again");
    }
}
