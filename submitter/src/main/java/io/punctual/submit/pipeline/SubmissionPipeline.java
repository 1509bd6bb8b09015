package io.punctual.submit.pipeline;

import io.punctual.submit.launch.LaunchRequest;
import io.punctual.submit.launch.LaunchedApp;
import io.punctual.submit.launch.Launcher;
import io.punctual.submit.launch.SparkCommand;
import io.punctual.submit.launch.SparkRuntime;
import io.punctual.yarn.AppId;
import io.punctual.yarn.AppReport;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.GatewayException;
import io.punctual.yarn.QueueSnapshot;
import io.punctual.yarn.ReservationId;
import io.punctual.yarn.ReservationInfo;
import io.punctual.yarn.ReservationOutcome;
import io.punctual.yarn.ReservationSpec;
import io.punctual.yarn.StageRequest;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The one place that sequences a submission: size, reserve, launch into the reservation, track to the end, release.
 * (Learning from history and admission join here as those parts land.) Whatever happens, the reservation is
 * released and an application that Punctual abandons is killed: nothing is left holding capacity.
 */
public final class SubmissionPipeline {

    /** The knobs of one pipeline. */
    public record Settings(
            String eventLogDir,
            Path eventLogPath,
            Path hadoopConfDir,
            Path submissionLogs,
            Path scratch,
            Duration poll,
            Duration appIdTimeout) {
    }

    private static final Duration PLAN_STEP = Duration.ofSeconds(1);

    private final ClusterGateway gateway;
    private final Launcher launcher;
    private final SparkRuntime runtime;
    private final Settings settings;
    private final Clock clock;
    private final Consumer<SubmissionEvent> events;
    private final Tracker tracker;
    private volatile ReservationId held;

    public SubmissionPipeline(ClusterGateway gateway, Launcher launcher, SparkRuntime runtime, Settings settings,
                              Clock clock, Consumer<SubmissionEvent> events) {
        this.gateway = gateway;
        this.launcher = launcher;
        this.runtime = runtime;
        this.settings = settings;
        this.clock = clock;
        this.events = events;
        this.tracker = new Tracker(gateway, settings, clock, events);
    }

    public SubmissionOutcome run(Submission submission, Sizing sizing) {
        events.accept(new SubmissionEvent.Sized(submission, sizing));
        Instant asked = clock.instant();
        ReservationOutcome outcome = gateway.reserve(reservationFor(submission, sizing));
        if (outcome instanceof ReservationOutcome.Refused refused) {
            return new SubmissionOutcome.Rejected(submission, "YARN cannot reserve " + sizing.shapes().total()
                    + " in queue " + submission.planQueue() + " before " + submission.deadline() + ": "
                    + refused.reason());
        }
        ReservationInfo reservation = ((ReservationOutcome.Reserved) outcome).reservation();
        held = reservation.id();
        events.accept(new SubmissionEvent.Reserved(reservation, Duration.between(asked, clock.instant())));
        try {
            return launchInto(submission, sizing, reservation);
        } finally {
            release(reservation.id());
        }
    }

    private SubmissionOutcome launchInto(Submission submission, Sizing sizing, ReservationInfo reservation) {
        Instant waitFrom = clock.instant();
        Duration untilStart = reservation.start().map(s -> Duration.between(waitFrom, s)).filter(d -> !d.isNegative())
                .orElse(Duration.ZERO);
        QueueSnapshot queue = gateway.awaitReservationQueue(submission.planQueue(), reservation.id(),
                untilStart.plus(Duration.ofSeconds(60)));
        events.accept(new SubmissionEvent.QueueReady(reservation.id(), queue.name(),
                Duration.between(waitFrom, clock.instant())));

        Path output = settings.submissionLogs().resolve(submission.id() + ".spark-submit.log");
        LaunchRequest request = SparkCommand.inQueue(submission, queue.name(), sizing.shapes(),
                settings.eventLogDir(), runtime, settings.hadoopConfDir(), output, settings.scratch());
        Instant launched = clock.instant();
        LaunchedApp app = launcher.launch(request);
        Optional<AppId> id = app.awaitAppId(settings.appIdTimeout());
        if (id.isEmpty()) {
            id = findByTag(submission);
        }
        if (id.isEmpty()) {
            app.stopSubmitter();
            return new SubmissionOutcome.Failed(submission, "spark-submit ended (" + app.submitterState()
                    + ") before the application reached YARN; its output is in " + output
                    + Tail.of(output, 3).map(t -> ":\n" + t).orElse(""));
        }
        events.accept(new SubmissionEvent.Submitted(id.get(), Duration.between(launched, clock.instant())));
        return tracker.follow(submission, sizing, reservation.id(), id.get(), app);
    }

    /** spark-submit may die after YARN accepted the application; the tag still finds it. */
    private Optional<AppId> findByTag(Submission submission) {
        return gateway.applicationsTagged(submission.tag()).stream().map(AppReport::id).findFirst();
    }

    /**
     * Until sizing from history lands, the application holds its containers for the whole window. YARN's planner
     * works in whole plan steps (one second by default) and rounds the window inwards, so the window is aligned to
     * seconds and the duration leaves one step of slack at each end.
     */
    static ReservationSpec reservationFor(Submission submission, Sizing sizing) {
        Instant arrival = submission.submittedAt().truncatedTo(ChronoUnit.SECONDS).plusSeconds(1);
        Instant deadline = submission.deadline().truncatedTo(ChronoUnit.SECONDS);
        Duration hold = Duration.between(arrival, deadline).minus(PLAN_STEP.multipliedBy(2));
        if (hold.compareTo(PLAN_STEP) < 0) {
            throw new IllegalArgumentException("the deadline " + submission.deadline() + " leaves no time to run; give"
                    + " a later deadline");
        }
        var shapes = sizing.shapes();
        List<StageRequest> stages = List.of(
                StageRequest.gang(shapes.master(), 1, hold),
                StageRequest.gang(shapes.executor(), shapes.executors(), hold));
        return new ReservationSpec(submission.planQueue(), "punctual " + submission.id() + " " + submission.jobKey(),
                arrival, deadline, ReservationSpec.Combine.ALL, stages, Optional.empty());
    }

    private void release(ReservationId id) {
        held = null;
        try {
            if (gateway.release(id)) {
                events.accept(new SubmissionEvent.Released(id));
            }
        } catch (GatewayException e) {
            events.accept(new SubmissionEvent.Note("could not release reservation " + id + " (" + e.getMessage()
                    + "); YARN drops it at its deadline"));
        }
    }

    /**
     * Kills what this submission started and releases its reservation; for a user's Ctrl-C and for cancellation,
     * which may come from another thread while {@link #run} is still waiting.
     */
    public void abandon(Submission submission, String why) {
        for (AppReport report : gateway.applicationsTagged(submission.tag())) {
            if (!report.state().isFinal()) {
                gateway.kill(report.id(), why);
            }
        }
        ReservationId reservation = held;
        if (reservation != null) {
            release(reservation);
        }
    }
}
