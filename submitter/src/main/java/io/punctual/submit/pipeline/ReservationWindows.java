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
 * The reservations to ask YARN for, in order. YARN's agents place an allocation as late as its window allows, so a
 * job whose run is shorter than its window would wait for capacity it could have had at once: the first request's
 * window ends soon after the run would, so the job starts now; if the plan has no room for that, the second asks for
 * the whole window up to the deadline and the job starts when its allocation does.
 */
public final class ReservationWindows {

    /** YARN's planner works in whole steps (one second by default) and rounds windows inwards. */
    static final Duration PLAN_STEP = Duration.ofSeconds(1);

    /**
     * YARN kills an application still running when its reservation ends (Hadoop 3.3.4's plan follower: "Application
     * killed due to expiry of reservation queue", seen in GatewayIT when a run's launch took 1.5 s longer than
     * learned). A reservation therefore holds the predicted run plus a margin for launch jitter and prediction
     * error — the larger of this and {@link #MARGIN_SHARE} of the run — never past its window.
     */
    static final Duration MIN_MARGIN = Duration.ofSeconds(10);
    static final double MARGIN_SHARE = 0.25;

    private ReservationWindows() {
    }

    /** One window to ask for: the reservation holds its containers for {@code hold} somewhere in [from, to). */
    public record Window(Instant from, Instant to, Duration hold) {
    }

    static List<ReservationSpec> toTry(Submission submission, Sizing sizing) {
        List<ReservationSpec> specs = new ArrayList<>();
        for (Window window : windows(submission.submittedAt(), submission.deadline(), sizing.hold())) {
            specs.add(spec(submission, sizing, window.from(), window.to(), window.hold()));
        }
        return specs;
    }

    /**
     * The windows to try, in order, for a run sized to hold its containers {@code sizedHold}, submitted at
     * {@code submittedAt}: first one that ends soon after the run would (so the job starts now), then the whole
     * window up to the deadline. The gateway and the simulator both ask in this order.
     *
     * @throws IllegalArgumentException when the deadline leaves no time to run
     */
    public static List<Window> windows(Instant submittedAt, Instant deadline, Duration sizedHold) {
        Instant arrival = submittedAt.truncatedTo(ChronoUnit.SECONDS).plusSeconds(1);
        Instant end = deadline.truncatedTo(ChronoUnit.SECONDS);
        Duration hold = hold(sizedHold, arrival, end).orElseThrow(() -> new IllegalArgumentException("the deadline "
                + deadline + " leaves no time to run; give a later deadline"));
        List<Window> windows = new ArrayList<>();
        Duration slack = Duration.ofSeconds(Math.max(2 * PLAN_STEP.toSeconds(), hold.toSeconds() / 10));
        Instant soon = arrival.plus(hold).plus(slack);
        if (soon.isBefore(end)) {
            windows.add(new Window(arrival, soon, hold));
        }
        windows.add(new Window(arrival, end, hold));
        return windows;
    }

    /**
     * How long the reservation asked for between {@code arrival} and {@code deadline} (whole seconds) holds the
     * containers: the sized hold plus its margin, or what the window leaves once YARN's rounding is allowed for when
     * that is less; empty when the window leaves less than one plan step.
     */
    static Optional<Duration> hold(Sizing sizing, Instant arrival, Instant deadline) {
        return hold(sizing.hold(), arrival, deadline);
    }

    private static Optional<Duration> hold(Duration sized, Instant arrival, Instant deadline) {
        Duration room = Duration.between(arrival, deadline).minus(PLAN_STEP.multipliedBy(2));
        if (room.compareTo(PLAN_STEP) < 0) {
            return Optional.empty();
        }
        Duration margin = Duration.ofMillis(Math.max(MIN_MARGIN.toMillis(), (long) (sized.toMillis() * MARGIN_SHARE)));
        Duration held = sized.plus(margin);
        return Optional.of(held.compareTo(room) < 0 ? ceilSeconds(held) : room);
    }

    /**
     * One gang of executors-plus-one containers, each large enough for an executor or the ApplicationMaster: YARN
     * places the stages of an R_ALL reservation independently, so separate stages for the master and the executors
     * could be reserved at different times, and a Spark application needs them all at once.
     */
    private static ReservationSpec spec(Submission submission, Sizing sizing, Instant arrival, Instant end,
                                        Duration hold) {
        List<StageRequest> stages = List.of(StageRequest.gang(container(sizing), sizing.shapes().executors() + 1, hold));
        return new ReservationSpec(submission.planQueue(), "punctual " + submission.id() + " " + submission.jobKey(),
                arrival, end, ReservationSpec.Combine.ALL, stages, Optional.empty());
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
