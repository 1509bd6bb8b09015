package io.punctual.submit.pipeline;

import io.punctual.sizing.sizer.SizingDecision;
import io.punctual.submit.request.AdmissionPolicy;
import io.punctual.submit.request.Submission;
import io.punctual.yarn.AppReport;
import io.punctual.yarn.ReservationId;
import io.punctual.yarn.ReservationInfo;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The one sequence of a submission, for every entry point: given where a submission stands and what was observed, the
 * next state and the actions to take. Pure — no I/O, no clock of its own — so every path (refusal and retry, a kill
 * while launching, a restart in any state, an application YARN forgot) is a unit test. Whatever ends a submission
 * releases its reservation and, for an application that ran to a final state, learns from it.
 */
public final class SubmissionMachine {

    /** Two steps of YARN's plan follower at its default interval (1 s): YARN sizes its plan from the nodes late. */
    static final Duration PLAN_FOLLOWER_STEP = Duration.ofSeconds(2);
    /** How long past its allocation's start a reservation's queue may take to run before Punctual gives up. */
    static final Duration QUEUE_GRACE = Duration.ofSeconds(60);
    /** How long an application may wait in ACCEPTED on a zero-capacity queue before Punctual calls it stuck. */
    static final Duration STUCK = Duration.ofSeconds(90);
    /**
     * How long before its reservation ends an application still running leaves it for a best-effort queue: more
     * than a poll interval (2 s by default) and a plan-follower step (1 s), so the move lands before YARN's expiry.
     */
    public static final Duration LEAVE_BEFORE_END = Duration.ofSeconds(10);
    /** Reports in a row without the application before it is declared lost (YARN may briefly not list it). */
    static final int ROUNDS_BEFORE_LOST = 5;

    private final LargeViolators violators;
    private final AdmissionPolicy admission;
    private final Optional<ReplanRules> replan;

    /** A machine that sizes each job once and never re-plans it while it runs. */
    public SubmissionMachine(LargeViolators violators, AdmissionPolicy admission) {
        this(violators, admission, Optional.empty());
    }

    /** @param replan how a running job's progress re-plans it; empty: sized once */
    public SubmissionMachine(LargeViolators violators, AdmissionPolicy admission, Optional<ReplanRules> replan) {
        this.violators = violators;
        this.admission = admission;
        this.replan = replan;
    }

    /** The next state and what to do to get there. */
    public record Step(SubmissionState state, List<Action> actions) {
        public Step {
            actions = List.copyOf(actions);
        }

        static Step stay(SubmissionState state) {
            return new Step(state, List.of());
        }
    }

    public Step next(SubmissionState state, Observation observation, Instant now) {
        if (observation instanceof Observation.KillAsked kill) {
            return killed(state, kill.why());
        }
        if (state instanceof SubmissionState.Received received) {
            return received(received, observation);
        }
        if (state instanceof SubmissionState.Sized sized) {
            return sized(sized, observation, now);
        }
        if (state instanceof SubmissionState.Queued queued) {
            return queued(queued, observation, now);
        }
        if (state instanceof SubmissionState.Reserved reserved) {
            return reserved(reserved, observation, now);
        }
        if (state instanceof SubmissionState.Launching launching) {
            return launching(launching, observation);
        }
        if (state instanceof SubmissionState.Running running) {
            return running(running, observation, now);
        }
        return ended((SubmissionState.Ended) state, observation);
    }

    private Step received(SubmissionState.Received state, Observation observation) {
        if (observation instanceof Observation.SizingDone done) {
            Decision decision = done.decision();
            if (!(decision.sizing() instanceof SizingDecision.Sized sized)) {
                return new Step(new SubmissionState.Ended(state.submission(), decision.rejection(state.submission())),
                        List.of());
            }
            Sizing sizing = decision.sizingFor(sized);
            Optional<String> bestEffort = done.bestEffortQueue();
            SubmissionState after = bestEffort.isPresent()
                    ? new SubmissionState.Launching(state.submission(), sizing, Optional.empty(), bestEffort.get(),
                    Optional.empty())
                    : new SubmissionState.Sized(state.submission(), sizing, 0, Optional.empty());
            Action first = bestEffort.<Action>map(q -> new Action.Launch(sizing, q))
                    .orElse(new Action.Reserve(sizing));
            return new Step(after, List.of(new Action.Tell(new SubmissionEvent.Sized(state.submission(), sizing)),
                    first));
        }
        return new Step(state, List.of(new Action.Size()));
    }

    private Step sized(SubmissionState.Sized state, Observation observation, Instant now) {
        if (observation instanceof Observation.ReservationDone done) {
            if (done.held().isPresent()) {
                return reserved(state, done, now);
            }
            if (done.prediction().fits() && state.attempts() == 0) {
                var retry = new SubmissionState.Sized(state.submission(), state.sizing(), 1,
                        Optional.of(now.plus(PLAN_FOLLOWER_STEP)));
                return new Step(retry, List.of(new Action.Tell(new SubmissionEvent.Note(done.prediction().by()
                        + " found room for this reservation, but YARN refused it (" + done.refusal() + "): the two"
                        + " views of the plan disagree (the plan changed between them); asking again in "
                        + PLAN_FOLLOWER_STEP.toSeconds() + " s"))));
            }
            if (admission != AdmissionPolicy.FIRST_FIT) {
                return queue(state, done, now);
            }
            return Step.stay(new SubmissionState.Ended(state.submission(), new SubmissionOutcome.Rejected(
                    state.submission(), done.refusal(), done.earliestDeadline())));
        }
        boolean due = state.retryAt().map(at -> !now.isBefore(at)).orElse(false);
        if (observation instanceof Observation.Restarted || due) {
            return new Step(new SubmissionState.Sized(state.submission(), state.sizing(), state.attempts(),
                    Optional.empty()), List.of(new Action.Reserve(state.sizing())));
        }
        return Step.stay(state);
    }

    /** No room now: under Justice's or RUSH's admission the job waits for its next turn instead of being rejected. */
    private Step queue(SubmissionState.Sized state, Observation.ReservationDone done, Instant now) {
        Instant since = state.turn().map(SubmissionState.Turn::since).orElse(now);
        var queued = new SubmissionState.Queued(state.submission(), state.sizing(), since, done.refusal(),
                done.earliestDeadline());
        return state.turn().isPresent() ? Step.stay(queued) : new Step(queued, List.of(new Action.Tell(
                new SubmissionEvent.Note("no room in the plan now, so it waits in the admission queue ("
                        + admission.configName() + "): " + done.refusal()))));
    }

    /**
     * A queued job's turn: sized again with its submission time and the time it waited (Justice's ESTIMATE_REQ scales
     * its fraction by deadline / (deadline − waited), so its CPUs grow as its window shrinks), then offered the plan;
     * dropped, with the sizer's reason, once no sizing can meet its deadline any more.
     */
    private static Step queued(SubmissionState.Queued state, Observation observation, Instant now) {
        if (observation instanceof Observation.Turn turn) {
            return new Step(state, List.of(new Action.Size(turn.completeBy())));
        }
        if (!(observation instanceof Observation.SizingDone done)) {
            return Step.stay(state);
        }
        Decision decision = done.decision();
        if (!(decision.sizing() instanceof SizingDecision.Sized sized)) {
            SubmissionOutcome dropped = decision.rejection(state.submission());
            String waited = "dropped from the admission queue after waiting "
                    + Duration.between(state.since(), now).toSeconds() + " s (last: " + state.refusal() + "): ";
            return Step.stay(new SubmissionState.Ended(state.submission(), dropped instanceof SubmissionOutcome.Rejected r
                    ? new SubmissionOutcome.Rejected(r.submission(), waited + r.reason(),
                    later(r.earliestDeadline(), state.earliestDeadline())) : dropped));
        }
        Optional<Instant> by = done.completeBy();
        Sizing sizing = decision.sizingFor(sized).completingBy(by);
        return new Step(new SubmissionState.Sized(state.submission(), sizing, 1, Optional.empty(),
                Optional.of(new SubmissionState.Turn(state.since(), by))), List.of(new Action.Reserve(sizing, by)));
    }

    /** A deadline both the sizing and the plan's room would meet: the later of the two, where both are known. */
    private static Optional<Instant> later(Optional<Instant> sizing, Optional<Instant> plan) {
        if (sizing.isPresent() && plan.isPresent()) {
            return Optional.of(sizing.get().isAfter(plan.get()) ? sizing.get() : plan.get());
        }
        return sizing.or(() -> plan);
    }

    private static Step reserved(SubmissionState.Sized state, Observation.ReservationDone done, Instant now) {
        ReservationInfo held = done.held().orElseThrow();
        List<Action> actions = new ArrayList<>(List.of(new Action.Tell(new SubmissionEvent.Reserved(held,
                done.took()))));
        done.prediction().refusedBy().ifPresent(who -> actions.add(new Action.Tell(new SubmissionEvent.Note(
                "YARN placed this reservation although it was expected to refuse it (" + who
                        + "): the two views of the plan disagree"))));
        Instant opens = held.start().filter(now::isBefore).orElse(now);
        Sizing sizing = state.sizing().opensAt(opens);
        if (done.aheadQueue().isPresent() && !opens.isAfter(now.plus(PLAN_FOLLOWER_STEP))) {
            // The queue opens at the plan follower's next step; the launch, which takes longer, need not wait for it.
            String queue = done.aheadQueue().get();
            actions.add(new Action.Tell(new SubmissionEvent.Note("launched at once in queue " + queue + ": it enters"
                    + " its reservation's queue " + held.id().queueName() + " as soon as YARN's plan follower opens"
                    + " it")));
            actions.add(new Action.Launch(sizing, queue));
            return new Step(new SubmissionState.Launching(state.submission(), sizing, Optional.of(held.id()), queue,
                    held.end()), actions);
        }
        actions.add(new Action.CheckQueue(held.id()));
        return new Step(new SubmissionState.Reserved(state.submission(), sizing, held, now), actions);
    }

    private Step reserved(SubmissionState.Reserved state, Observation observation, Instant now) {
        ReservationId id = state.reservation().id();
        if (observation instanceof Observation.QueueSeen seen && seen.queue().isPresent()) {
            String queue = seen.queue().get().name();
            return new Step(new SubmissionState.Launching(state.submission(), state.sizing(), Optional.of(id), queue,
                    state.reservation().end()),
                    List.of(new Action.Tell(new SubmissionEvent.QueueReady(id, queue,
                            Duration.between(state.reservedAt(), now))), new Action.Launch(state.sizing(), queue)));
        }
        if (observation instanceof Observation.QueueLost lost) {
            return failed(state.submission(), Optional.of(id), lost.reason());
        }
        Instant start = state.reservation().start().filter(s -> s.isAfter(state.reservedAt()))
                .orElse(state.reservedAt());
        if (observation instanceof Observation.QueueSeen && now.isAfter(start.plus(QUEUE_GRACE))) {
            return failed(state.submission(), Optional.of(id), "reservation " + id + " has no running queue "
                    + QUEUE_GRACE.toSeconds() + " s after its allocation started at " + start
                    + ". Check that YARN's plan follower runs (yarn.resourcemanager.reservation-system.enable)");
        }
        return new Step(state, observation instanceof Observation.QueueSeen ? List.of()
                : List.of(new Action.CheckQueue(id)));
    }

    private static Step launching(SubmissionState.Launching state, Observation observation) {
        if (observation instanceof Observation.LaunchDone done) {
            if (done.app().isEmpty()) {
                return failed(state.submission(), state.reservation(), done.failure());
            }
            return new Step(new SubmissionState.Running(state.submission(), state.sizing(), state.reservation(),
                    done.app().get(), SubmissionState.Watch.fresh(), state.holdEnds()), List.of(new Action.Tell(
                    new SubmissionEvent.Submitted(done.app().get(), done.took())), new Action.Poll(done.app().get())));
        }
        if (observation instanceof Observation.TagSearched searched) {
            return searched.app().map(app -> new Step(new SubmissionState.Running(state.submission(), state.sizing(),
                    state.reservation(), app.id(), SubmissionState.Watch.fresh(), state.holdEnds()),
                    List.of(new Action.Poll(app.id()))))
                    .orElseGet(() -> new Step(state, List.of(new Action.Launch(state.sizing(), state.queue()))));
        }
        if (observation instanceof Observation.Restarted) {
            return new Step(state, List.of(new Action.FindByTag()));
        }
        return Step.stay(state);
    }

    private Step running(SubmissionState.Running state, Observation observation, Instant now) {
        if (observation instanceof Observation.Progressed progressed) {
            return replan.map(rules -> rules.progressed(state, progressed.stages(), now)).orElse(Step.stay(state));
        }
        if (observation instanceof Observation.Resized resized) {
            return ReplanRules.resized(state, resized, now);
        }
        if (!(observation instanceof Observation.AppSeen seen)) {
            return new Step(state, List.of(new Action.Poll(state.app())));
        }
        if (seen.report().isEmpty()) {
            return missing(state);
        }
        AppReport report = seen.report().get();
        if (report.state().isFinal()) {
            return finished(state, report, seen.eventLog(), now);
        }
        Step watched = RunningRules.observe(state, report, seen.tasksStarted(), now, violators);
        if (replan.isEmpty() || !(watched.state() instanceof SubmissionState.Running still)
                || (seen.stages().isEmpty() && seen.tasksStarted() > 0)) {
            return watched;
        }
        Step replanned = seen.stages().isPresent() ? replan.get().progressed(still, seen.stages().get(), now)
                : replan.get().notStarted(still, now);
        List<Action> actions = new ArrayList<>(watched.actions());
        actions.addAll(replanned.actions());
        return new Step(replanned.state(), actions);
    }

    private static Step missing(SubmissionState.Running state) {
        SubmissionState.Watch watch = state.watch();
        if (watch.missedRounds() + 1 >= ROUNDS_BEFORE_LOST) {
            return failed(state.submission(), state.reservation(), "YARN no longer knows application " + state.app());
        }
        return Step.stay(state.watching(new SubmissionState.Watch(watch.lastState(), watch.acceptedSince(),
                watch.missedRounds() + 1, watch.deadlineTold(), watch.leaveAsked())));
    }

    private static Step finished(SubmissionState.Running state, AppReport report, Optional<Path> eventLog,
                                 Instant now) {
        var finished = new SubmissionOutcome.Finished(state.submission(), report.id(), report.queue(),
                state.reservation().orElse(null), state.sizing(), report.state(), report.finished().orElse(now),
                eventLog, report.diagnostics());
        List<Action> actions = new ArrayList<>();
        if (report.state() != state.watch().lastState().orElse(null)) {
            actions.add(new Action.Tell(new SubmissionEvent.StateChanged(report.id(), report.state(), report.queue(),
                    report.yarnState())));
        }
        state.reservation().ifPresent(r -> actions.add(new Action.Release(r)));
        actions.add(new Action.Learn(finished));
        return new Step(new SubmissionState.Ended(state.submission(), finished), actions);
    }

    private static Step killed(SubmissionState state, String why) {
        if (state instanceof SubmissionState.Ended ended) {
            return Step.stay(ended);
        }
        List<Action> actions = new ArrayList<>();
        if (state instanceof SubmissionState.Reserved r) {
            actions.add(new Action.Release(r.reservation().id()));
        } else if (state instanceof SubmissionState.Launching l) {
            l.reservation().ifPresent(r -> actions.add(new Action.Release(r)));
        } else if (state instanceof SubmissionState.Running r) {
            actions.add(new Action.Kill(r.app(), why));
            r.reservation().ifPresent(id -> actions.add(new Action.Release(id)));
        }
        Submission submission = state.submission();
        return new Step(new SubmissionState.Ended(submission, new SubmissionOutcome.Killed(submission, why)), actions);
    }

    /** An application that reaches YARN after its submission ended (a kill while it launched) is killed at once. */
    private static Step ended(SubmissionState.Ended state, Observation observation) {
        if (observation instanceof Observation.LaunchDone done && done.app().isPresent()) {
            String why = state.outcome() instanceof SubmissionOutcome.Killed k ? k.why() : "its submission had ended";
            return new Step(state, List.of(new Action.Kill(done.app().get(), "Punctual: " + why
                    + " while it was launching")));
        }
        return Step.stay(state);
    }

    static Step failed(Submission submission, Optional<ReservationId> reservation, String reason) {
        return new Step(new SubmissionState.Ended(submission, new SubmissionOutcome.Failed(submission, reason)),
                reservation.<List<Action>>map(r -> List.of(new Action.Release(r))).orElse(List.of()));
    }
}
