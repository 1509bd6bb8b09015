package io.punctual.submit.pipeline;

import io.punctual.submit.request.Submission;
import io.punctual.yarn.ReservationSpec;
import io.punctual.yarn.StageRequest;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The reservations to ask YARN for, in order. An agent may place an allocation anywhere its window allows — Rayon's
 * GREE and our in-memory cluster's as late as they can — so a job whose hold is shorter than its window could wait
 * for capacity it could have had at once: the first request's window is exactly as long as the hold, so the job
 * starts at the plan's next step whichever way the agent leans; if the plan has no room for that, the next asks for
 * the whole window up to the deadline and the job starts when its allocation does.
 *
 * <p>A hold that fills its whole window has no slack (Rayon, Section 3: a reservation's flexibility is a duration
 * shorter than its window, placed anywhere in it): any other reservation overlapping the window blocks it. Justice
 * sizes every job to hold its window, and a job without history has nothing better. So when the sized hold fills the
 * window, the last request holds it for less — the run the sizing predicts at its confidence plus the margin, or half
 * the window when there is no prediction — and the plan may place that anywhere in the window. A run that outlives
 * such a hold leaves its reservation for a best-effort queue and finishes there ({@code
 * ClusterGateway.leaveReservation}), so a guess that is too short costs a guaranteed finish, not the run.
 */
public final class ReservationWindows {

    /** YARN's planner works in whole steps (one second by default) and rounds windows inwards. */
    static final Duration PLAN_STEP = Duration.ofSeconds(1);

    /**
     * A run still going when its reservation ends loses its guarantee: it leaves for a best-effort queue (before
     * that move, Hadoop 3.3's plan follower killed it: "Application killed due to expiry of reservation queue", seen in
     * GatewayIT when a run's launch took 1.5 s longer than learned). A reservation therefore holds the predicted run
     * plus a margin for launch jitter and prediction error — the larger of this and {@link #MARGIN_SHARE} of the run —
     * never past its window.
     */
    static final Duration MIN_MARGIN = Duration.ofSeconds(10);
    static final double MARGIN_SHARE = 0.25;

    private ReservationWindows() {
    }

    /** One window to ask for: the reservation holds its containers for {@code hold} somewhere in [from, to). */
    public record Window(Instant from, Instant to, Duration hold) {
    }

    /**
     * The reservations to ask for now: from the submission, or from {@code now} for one that waited (a window opened
     * in the past would let the plan put part of the hold before the job can use it).
     */
    static List<ReservationSpec> toTry(Submission submission, Sizing sizing, Instant now) {
        List<ReservationSpec> specs = new ArrayList<>();
        Instant from = now.isAfter(submission.submittedAt()) ? now : submission.submittedAt();
        for (Window window : windows(from, submission.deadline(), sizing)) {
            specs.add(spec(submission, sizing, sizing.shapes().executors(), window.from(), window.to(), window.hold()));
        }
        return specs;
    }

    /**
     * The windows to try, in order, for a run sized as {@code sizing}, asked for at {@code from}: first one exactly as
     * long as the hold (so the job starts at the next step), then the whole window up to the deadline, then, when that hold
     * fills the whole window, the whole window with a shorter hold. The gateway and the simulator both ask in this
     * order.
     *
     * @throws IllegalArgumentException when the deadline leaves no time to run
     */
    public static List<Window> windows(Instant from, Instant deadline, Sizing sizing) {
        Instant arrival = nextStep(from);
        Instant end = deadline.truncatedTo(ChronoUnit.SECONDS);
        List<Duration> holds = holds(sizing, arrival, end);
        if (holds.isEmpty()) {
            throw new IllegalArgumentException("the deadline " + deadline + " leaves no time to run; give a later"
                    + " deadline");
        }
        Duration hold = holds.get(0);
        List<Window> windows = new ArrayList<>();
        // A window no longer than the hold leaves the agent one place for it: from the next step, whichever way the
        // agent leans. Windows and holds are whole steps, so YARN's rounding takes nothing from it.
        Instant soon = arrival.plus(hold);
        if (soon.isBefore(end)) {
            windows.add(new Window(arrival, soon, hold));
        }
        holds.forEach(h -> windows.add(new Window(arrival, end, h)));
        return windows;
    }

    /**
     * The holds to ask for over the whole window [arrival, deadline), in order: the sized one (plus its margin, or what
     * the window leaves once YARN's rounding is allowed for when that is less), then, when that fills the window, a
     * shorter one — the run predicted at the sizing's confidence plus the margin, or half the window without a
     * prediction. Empty when the window leaves less than one plan step.
     */
    static List<Duration> holds(Sizing sizing, Instant arrival, Instant deadline) {
        Optional<Duration> sized = hold(sizing.hold(), arrival, deadline);
        if (sized.isEmpty()) {
            return List.of();
        }
        Duration room = room(arrival, deadline);
        if (sized.get().compareTo(room) < 0) {
            return List.of(sized.get());
        }
        Duration guess = sizing.decision().thetaFinish().map(finish -> Duration.between(arrival, finish))
                .filter(run -> !run.isNegative() && !run.isZero())
                .map(ReservationWindows::withMargin).orElse(room.dividedBy(2));
        Duration shorter = ceilSeconds(guess);
        return shorter.compareTo(room) < 0 && shorter.compareTo(PLAN_STEP) >= 0 ? List.of(sized.get(), shorter)
                : List.of(sized.get());
    }

    private static Optional<Duration> hold(Duration sized, Instant arrival, Instant deadline) {
        Duration room = room(arrival, deadline);
        if (room.compareTo(PLAN_STEP) < 0) {
            return Optional.empty();
        }
        Duration held = withMargin(sized);
        return Optional.of(held.compareTo(room) < 0 ? ceilSeconds(held) : room);
    }

    /** The window less one plan step at each end, which YARN's rounding may take. */
    private static Duration room(Instant arrival, Instant deadline) {
        return Duration.between(arrival, deadline).minus(PLAN_STEP.multipliedBy(2));
    }

    static Duration withMargin(Duration run) {
        return run.plus(Duration.ofMillis(Math.max(MIN_MARGIN.toMillis(), (long) (run.toMillis() * MARGIN_SHARE))));
    }

    /**
     * One gang of executors-plus-one containers, each large enough for an executor or the ApplicationMaster: YARN
     * places the stages of an R_ALL reservation independently, so separate stages for the master and the executors
     * could be reserved at different times, and a Spark application needs them all at once.
     */
    private static ReservationSpec spec(Submission submission, Sizing sizing, int executors, Instant arrival,
                                        Instant end, Duration hold) {
        List<StageRequest> stages = List.of(StageRequest.gang(container(sizing), executors + 1, hold));
        return new ReservationSpec(submission.planQueue(), "punctual " + submission.id() + " " + submission.jobKey(),
                arrival, end, ReservationSpec.Combine.ALL, stages, Optional.empty());
    }

    /**
     * A running job's reservation re-planned (issue 25): {@code executors} executors and the master held from the
     * plan's next step until {@code end}.
     *
     * @throws IllegalArgumentException when {@code end} leaves less than one plan step
     */
    static ReservationSpec resized(Submission submission, Sizing sizing, int executors, Instant now, Instant end) {
        Instant arrival = nextStep(now);
        Instant until = end.getNano() == 0 ? end : nextStep(end);
        if (until.isBefore(arrival.plus(PLAN_STEP))) {
            throw new IllegalArgumentException("the re-planned hold ends at " + end + ", before the plan's next step");
        }
        return spec(submission, sizing, executors, arrival, until, Duration.between(arrival, until));
    }

    /** The plan's first whole step after {@code at}. */
    private static Instant nextStep(Instant at) {
        return at.truncatedTo(ChronoUnit.SECONDS).plus(PLAN_STEP);
    }

    /** The container shape the reservation is made of. */
    static io.punctual.sizing.Resources container(Sizing sizing) {
        return sizing.shapes().executor().atLeast(sizing.shapes().master());
    }

    private static Duration ceilSeconds(Duration d) {
        long seconds = (d.toMillis() + 999) / 1000;
        return Duration.ofSeconds(Math.max(1, seconds));
    }
}
