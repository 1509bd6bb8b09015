package io.punctual.submit.pipeline;

import io.punctual.sizing.replan.RemainingTimePlanner;
import io.punctual.sizing.replan.Replan;
import io.punctual.sizing.replan.StageProgress;
import io.punctual.submit.request.Submission;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.IntFunction;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/**
 * What a running deadline job's progress changes (issue 25): the {@link RemainingTimePlanner}'s verdict turned into
 * a resize of its executors and its reservation — grown when it lags, given back when it is far ahead — and a miss
 * announced as soon as even the most executors it may have cannot meet the deadline at θ. Pure, like the machine.
 *
 * <p>A job is judged by the completion it was sized for (RUSH's arbitration may have given it one after its
 * deadline). Work without a reservation is not re-planned, nor a run past that completion (Justice's kill rule and the
 * move out of the reservation judge it then). After a refusal the plan is asked again only {@link #RETRY_AFTER} later.
 */
public final class ReplanRules {

    /** The share of the time left a shrink keeps spare, so a run on the boundary is not resized back and forth. */
    public static final double SLACK = 0.2;

    /** How long after a refused change the same run may ask again. */
    static final Duration RETRY_AFTER = Duration.ofSeconds(30);

    private final ToDoubleFunction<Submission> confidence;
    private final double delta;
    private final double slack;
    private final Predicate<Submission> givesBack;
    private final IntFunction<OptionalDouble> laterStageRatio;

    /**
     * @param confidence        the θ a submission asks for, as sizing reads it ({@link SubmissionSizer#confidence})
     * @param delta             RUSH's KL radius around the re-estimated remaining work
     * @param slack             the share of the time left a shrink must keep spare
     * @param givesBack         whether a submission's run, when far ahead, may give executors back: in the
     *                          simulator always; live only where its shuffle output survives the executors released
     *                          (decommissioning or Spark's external shuffle service: without them ReplanningIT saw
     *                          every stage run again after one executor was released)
     * @param laterStageRatio   for a job of a width, how much longer than its first stage's tasks a later stage none
     *                          of whose tasks has finished is expected to take ({@link SubmissionSizer#laterStageRatio})
     */
    public ReplanRules(ToDoubleFunction<Submission> confidence, double delta, double slack,
                       Predicate<Submission> givesBack, IntFunction<OptionalDouble> laterStageRatio) {
        this.confidence = confidence;
        this.delta = delta;
        this.slack = slack;
        this.givesBack = givesBack;
        this.laterStageRatio = laterStageRatio;
    }

    /** What a running job of {@code width} tasks expects of a later stage it has not seen run (issue 25). */
    public OptionalDouble laterStageRatio(int width) {
        return laterStageRatio.apply(width);
    }

    SubmissionMachine.Step progressed(SubmissionState.Running state, List<StageProgress> stages, Instant now) {
        Replanning replanning = state.replanning();
        Instant due = due(state);
        int tasksLeft = stages.stream().mapToInt(s -> s.tasks() - s.finishedSeconds().length).max().orElse(0);
        if (!replannable(state, now) || tasksLeft == 0) {
            return SubmissionMachine.Step.stay(state);
        }
        int cores = (int) Math.max(1, state.sizing().shapes().executor().vcores());
        int current = replanning.executors();
        int width = (tasksLeft + cores - 1) / cores;
        int cap = Math.max(1, state.sizing().capacityCpus() / cores);
        int most = Math.max(current, Math.min(cap, width));
        double theta = confidence.applyAsDouble(state.submission());
        Replan plan = new RemainingTimePlanner(theta, delta, slack).plan(stages, current, most, cores,
                Duration.between(now, due).toMillis() / 1000.0);
        List<Action> actions = new ArrayList<>();
        Optional<Double> late = plan instanceof Replan.PredictedMiss miss ? Optional.of(miss.lateSeconds())
                : Optional.empty();
        if (late.isPresent() && replanning.predictedLateSeconds().isEmpty()) {
            actions.add(new Action.Tell(new SubmissionEvent.Note("predicted to miss its deadline " + due + " by "
                    + Math.round(late.get()) + " s at confidence " + theta + ", even at " + plan.executors()
                    + " executors (the most it may have)")));
        }
        SubmissionState.Running next = state.replanned(replanning.predicting(late), state.holdEnds());
        boolean keep = plan instanceof Replan.Shrink && (!givesBack.test(state.submission()) || unseen(stages));
        if (plan.executors() != current && !keep) {
            actions.add(new Action.Resize(state.app(), state.reservation(), state.sizing(), current, plan.executors(),
                    holdEnd(state, plan, now), describe(plan, theta)));
        }
        return new SubmissionMachine.Step(next, actions);
    }

    /**
     * A run none of whose tasks has started: nothing shows its launch is over, so all of the run it was sized for
     * (launch and θ-run, {@link Sizing#hold()}) lies ahead of it. Once that, counted from now, outlasts its hold, the
     * hold is moved to cover it (with the reservations' margin) at the same executors, instead of the run leaving
     * for a best-effort queue before its first task; when it ends after the completion the run is judged by, the
     * miss is announced now. The weekly benchmark's runs waited 71–96 s for their first executor, most of them past
     * holds of about a minute, and the loop that acts on finished tasks never saw them (replanning.md, 2026-11-29).
     */
    SubmissionMachine.Step notStarted(SubmissionState.Running state, Instant now) {
        Replanning replanning = state.replanning();
        Optional<Instant> holdEnds = state.holdEnds();
        Instant finish = now.plus(state.sizing().hold());
        if (!replannable(state, now) || holdEnds.isEmpty() || state.watch().leaveAsked()
                || !finish.isAfter(holdEnds.get())) {
            return SubmissionMachine.Step.stay(state);
        }
        Instant due = due(state);
        Optional<Double> late = finish.isAfter(due)
                ? Optional.of(Duration.between(due, finish).toMillis() / 1000.0) : Optional.empty();
        List<Action> actions = new ArrayList<>();
        if (late.isPresent() && replanning.predictedLateSeconds().isEmpty()) {
            actions.add(new Action.Tell(new SubmissionEvent.Note("predicted to miss its deadline " + due + " by "
                    + Math.round(late.get()) + " s: no task has started, and the run it was sized for takes "
                    + state.sizing().hold().toSeconds() + " s from now")));
        }
        int executors = replanning.executors();
        Instant holdTo = covering(now, state.sizing().hold());
        actions.add(new Action.Resize(state.app(), state.reservation(), state.sizing(), executors, executors, holdTo,
                "not started: the run it was sized for (" + state.sizing().hold().toSeconds()
                        + " s) outlasts its hold from now"));
        return new SubmissionMachine.Step(state.replanned(replanning.predicting(late), holdEnds), actions);
    }

    /**
     * Whether a run may be re-planned now: it has a reservation, re-planning is on for it, a refusal is not too recent,
     * and the completion it is judged by has not passed (after that Justice's kill rule and the move out of the
     * reservation judge it).
     */
    private static boolean replannable(SubmissionState.Running state, Instant now) {
        Replanning replanning = state.replanning();
        boolean waiting = replanning.refusedAt().map(at -> now.isBefore(at.plus(RETRY_AFTER))).orElse(false);
        return state.reservation().isPresent() && replanning.off().isEmpty() && !waiting && now.isBefore(due(state));
    }

    /** The completion a run is judged by: the one RUSH's arbitration gave it, else its deadline. */
    private static Instant due(SubmissionState.Running state) {
        return state.sizing().completeBy().orElse(state.submission().deadline());
    }

    /**
     * Whether a stage still to run has no finished task: its task time is a stand-in (the previous stage's), and a
     * reduce stage's tasks may take several times a map stage's, so what it leaves is not known well enough to give
     * executors back on.
     */
    private static boolean unseen(List<StageProgress> stages) {
        return stages.stream().anyMatch(s -> !s.done() && s.finishedSeconds().length == 0);
    }

    /**
     * Until the run is predicted to end at θ plus the reservations' margin; a grown run's hold never ends sooner than
     * it did, and a shrunk one's never later than its completion.
     */
    private static Instant holdEnd(SubmissionState.Running state, Replan plan, Instant now) {
        Duration run = Duration.ofMillis((long) Math.ceil(plan.remainingSeconds() * 1000));
        Instant end = covering(now, run);
        if (plan instanceof Replan.Shrink) {
            Instant due = due(state);
            return end.isAfter(due) ? due : end;
        }
        return state.holdEnds().filter(end::isBefore).orElse(end);
    }

    /** A hold end that covers a run of {@code run} from {@code now}: the reservations' margin and one plan step. */
    private static Instant covering(Instant now, Duration run) {
        return now.plus(ReservationWindows.withMargin(run)).plus(ReservationWindows.PLAN_STEP);
    }

    private static String describe(Replan plan, double theta) {
        String verdict = plan instanceof Replan.Grow ? "behind: the fewest executors that meet the deadline"
                : plan instanceof Replan.Shrink ? "ahead: fewer executors still meet the deadline with room to spare"
                : "predicted to miss even at the most executors allowed";
        return verdict + " (remaining " + Math.round(plan.remainingSeconds()) + " s at θ=" + theta + ")";
    }

    /** YARN's and the cluster's answer to a resize: the run goes on at the new size, or at its old one. */
    static SubmissionMachine.Step resized(SubmissionState.Running state, Observation.Resized answer, Instant now) {
        Action.Resize asked = answer.asked();
        Replanning replanning = state.replanning();
        if (answer.off().isPresent()) {
            return new SubmissionMachine.Step(state.replanned(replanning.stopped(answer.off().get()),
                    state.holdEnds()), List.of(new Action.Tell(new SubmissionEvent.Note("re-planning is off for this"
                    + " run: " + answer.off().get() + "; it runs on with " + replanning.executors() + " executors"))));
        }
        if (answer.refusal().isPresent()) {
            return new SubmissionMachine.Step(state.replanned(replanning.refused(now), state.holdEnds()),
                    List.of(new Action.Tell(new SubmissionEvent.Note("re-plan from " + asked.from() + " to "
                            + asked.to() + " executors refused: " + answer.refusal().get() + "; it runs on with "
                            + asked.from()))));
        }
        Instant holdTo = answer.holdEnds().orElse(asked.holdEnds());
        var change = new Replanning.Change(now, asked.from(), asked.to(), state.holdEnds(), holdTo, asked.why());
        return new SubmissionMachine.Step(state.replanned(replanning.changed(change), Optional.of(holdTo)),
                List.of(new Action.Tell(new SubmissionEvent.Replanned(asked.app(), change))));
    }
}
