package io.punctual.submit.pipeline;

import io.punctual.submit.request.Submission;
import io.punctual.sizing.rayon.plan.SharingPolicy;
import io.punctual.sizing.sizer.SizingDecision;
import io.punctual.sizing.sizer.SizingRequest;
import io.punctual.submit.launch.ContainerShapes;
import io.punctual.submit.launch.LaunchRequest;
import io.punctual.submit.launch.LaunchedApp;
import io.punctual.submit.launch.Launcher;
import io.punctual.submit.launch.SparkCommand;
import io.punctual.submit.launch.SparkRuntime;
import io.punctual.submit.request.SparkSettings;
import io.punctual.submit.learn.Completion;
import io.punctual.submit.learn.Learning;
import io.punctual.yarn.AppId;
import io.punctual.yarn.AppReport;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.GatewayException;
import io.punctual.yarn.QueueSnapshot;
import io.punctual.yarn.ReservationId;
import io.punctual.yarn.ReservationInfo;
import io.punctual.yarn.ReservationOutcome;
import io.punctual.yarn.ReservationSpec;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The one place that sequences a submission: learn (the job's history, Justice's state) → size → admit → reserve →
 * launch into the reservation → track to the end → feed the outcome back. Whatever happens, the reservation is
 * released and an application that Punctual abandons is killed: nothing is left holding capacity.
 */
public final class SubmissionPipeline {

    /** Two steps of YARN's plan follower at its default interval (1 s). */
    private static final Duration PLAN_FOLLOWER_STEP = Duration.ofSeconds(2);

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

    private final ClusterGateway gateway;
    private final Launcher launcher;
    private final SparkRuntime runtime;
    private final Settings settings;
    private final SubmissionSizer sizer;
    private final Learning learning;
    private final Clock clock;
    private final Consumer<SubmissionEvent> events;
    private final Tracker tracker;
    private final SharingPolicy sharing;
    private volatile ReservationId held;

    public SubmissionPipeline(ClusterGateway gateway, Launcher launcher, SparkRuntime runtime, Settings settings,
                              SubmissionSizer sizer, Learning learning, Clock clock, Consumer<SubmissionEvent> events) {
        this(gateway, launcher, runtime, settings, sizer, learning, SharingPolicy.UNCONSTRAINED, clock, events);
    }

    /** @param sharing the teams' capacity-over-time limits in the plan (Rayon's sharing policy) */
    public SubmissionPipeline(ClusterGateway gateway, Launcher launcher, SparkRuntime runtime, Settings settings,
                              SubmissionSizer sizer, Learning learning, SharingPolicy sharing, Clock clock,
                              Consumer<SubmissionEvent> events) {
        this.sharing = sharing;
        this.gateway = gateway;
        this.launcher = launcher;
        this.runtime = runtime;
        this.settings = settings;
        this.sizer = sizer;
        this.learning = learning;
        this.clock = clock;
        this.events = events;
        this.tracker = new Tracker(gateway, settings, clock, events,
                new LargeViolators(sizer.settings().killAboveTasks()));
    }

    /** Learn and size, without side effects: what {@code explain} shows and every run starts with. */
    public Decision decide(Submission submission) {
        Map<String, String> conf = SparkSettings.effective(submission.args());
        ContainerShapes one = ContainerShapes.of(conf, SparkSettings.clusterMode(conf), 1, gateway.minimumAllocation());
        SizingRequest request = sizer.request(submission, one, gateway.snapshot());
        return new Decision(request, one, sizer.decide(request));
    }

    public SubmissionOutcome run(Submission submission) {
        Decision decision = decide(submission);
        if (!(decision.sizing() instanceof SizingDecision.Sized sized)) {
            return decision.rejection(submission);
        }
        Sizing sizing = decision.sizingFor(sized);
        events.accept(new SubmissionEvent.Sized(submission, sizing));
        Reservation reservation = reserve(submission, sizing);
        if (reservation instanceof Reservation.Refused refused) {
            return new SubmissionOutcome.Rejected(submission, refused.reason(), refused.earliestDeadline());
        }
        ReservationInfo held = ((Reservation.Held) reservation).reservation();
        SubmissionOutcome outcome;
        try {
            Launch launch = launch(submission, sizing, held);
            outcome = launch instanceof Launch.Started started
                    ? tracker.follow(submission, sizing, held.id(), started.app(), started.submitter())
                    : new SubmissionOutcome.Failed(submission, ((Launch.NotStarted) launch).reason());
        } finally {
            release(held.id());
        }
        learnFrom(submission, sizing, outcome);
        return outcome;
    }

    /** What asking YARN for capacity gave. */
    public sealed interface Reservation {
        record Held(ReservationInfo reservation) implements Reservation {
        }

        /** @param earliestDeadline the earliest deadline Punctual's planner finds room by, when there is one */
        record Refused(String reason, Optional<Instant> earliestDeadline) implements Reservation {
        }
    }

    /**
     * What would be asked of YARN, without asking: the reservations to try (none when the deadline is too close to
     * hold anything), whether Punctual's own planner finds room in the plan as YARN holds it now, and otherwise the
     * earliest deadline with room. What a dry run shows.
     */
    public ReservationPlan plan(Submission submission, Sizing sizing) {
        PlacementForecast forecast = PlacementForecast.of(
                SubmissionSizer.planCapacity(gateway.snapshot(), submission.planQueue()),
                gateway.reservations(submission.planQueue()), clock.instant());
        Optional<String> violation = forecast.policyViolation(sizing, submission.deadline(), submission.jobKey().team(),
                sharing);
        if (violation.isPresent()) {
            return new ReservationPlan(List.of(), false, Optional.empty(), Optional.of("team "
                    + submission.jobKey().team() + " may not reserve this much: " + violation.get()));
        }
        boolean fits = forecast.fits(sizing, submission.deadline());
        Optional<Instant> earliest = fits ? Optional.empty() : forecast.earliestFit(sizing, submission.deadline());
        try {
            return new ReservationPlan(ReservationWindows.toTry(submission, sizing), fits, earliest, Optional.empty());
        } catch (IllegalArgumentException tooClose) {
            return new ReservationPlan(List.of(), false, forecast.earliestFit(sizing, submission.deadline()),
                    Optional.of(tooClose.getMessage()));
        }
    }

    /**
     * The reservations to ask for and what Punctual's planner predicts of them.
     *
     * @param refusal why nothing can be asked for, when {@code specs} is empty
     */
    public record ReservationPlan(List<ReservationSpec> specs, boolean predictedFits,
                                  Optional<Instant> earliestDeadline, Optional<String> refusal) {
        public ReservationPlan {
            specs = List.copyOf(specs);
        }
    }

    /**
     * Reserves the sized containers: a window that starts the job now first, the whole window second. Punctual's own
     * planner predicts YARN's answer first; a disagreement is reported, and when YARN has no room the planner finds
     * the earliest deadline that would fit. When YARN refuses what the planner says fits, the plan is made again
     * once after YARN's plan follower has had a step: YARN sizes its plan from the nodes a step late.
     */
    public Reservation reserve(Submission submission, Sizing sizing) {
        Instant asked = clock.instant();
        ReservationPlan plan = plan(submission, sizing);
        if (plan.refusal().isPresent()) {
            return new Reservation.Refused(plan.refusal().get() + plan.earliestDeadline()
                    .map(e -> "; the earliest deadline with room is " + e).orElse(""), plan.earliestDeadline());
        }
        Attempt attempt = attempt(plan, asked);
        if (attempt.held().isEmpty() && plan.predictedFits()) {
            events.accept(new SubmissionEvent.Note("Punctual's planner found room for this reservation, but YARN"
                    + " refused it (" + attempt.refusal() + "): the two views of the plan disagree; asking again in "
                    + PLAN_FOLLOWER_STEP.toSeconds() + " s"));
            pause(PLAN_FOLLOWER_STEP);
            plan = plan(submission, sizing);
            attempt = plan.refusal().isPresent() ? attempt : attempt(plan, asked);
        }
        if (attempt.held().isPresent()) {
            return attempt.held().get();
        }
        Optional<Instant> earliest = plan.earliestDeadline().isPresent() ? plan.earliestDeadline()
                : PlacementForecast.of(SubmissionSizer.planCapacity(gateway.snapshot(), submission.planQueue()),
                        gateway.reservations(submission.planQueue()), clock.instant())
                .earliestFit(sizing, submission.deadline());
        return new Reservation.Refused("YARN cannot reserve " + sizing.shapes().total() + " for "
                + sizing.hold().toSeconds() + " s in queue " + submission.planQueue() + " before "
                + submission.deadline() + ": " + attempt.refusal()
                + earliest.map(e -> "; the earliest deadline with room is " + e).orElse(""), earliest);
    }

    /** One pass over the plan's windows: the reservation YARN placed, or YARN's last reason for refusing. */
    private record Attempt(Optional<Reservation.Held> held, String refusal) {
    }

    private Attempt attempt(ReservationPlan plan, Instant asked) {
        String refusal = "";
        for (ReservationSpec spec : plan.specs()) {
            ReservationOutcome outcome = gateway.reserve(spec);
            if (outcome instanceof ReservationOutcome.Reserved reserved) {
                held = reserved.id();
                events.accept(new SubmissionEvent.Reserved(reserved.reservation(),
                        Duration.between(asked, clock.instant())));
                if (!plan.predictedFits()) {
                    events.accept(new SubmissionEvent.Note("Punctual's planner found no room for this reservation,"
                            + " but YARN placed it: the two views of the plan disagree"));
                }
                return new Attempt(Optional.of(new Reservation.Held(reserved.reservation())), "");
            }
            refusal = ((ReservationOutcome.Refused) outcome).reason();
        }
        return new Attempt(Optional.empty(), refusal);
    }

    private static void pause(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** What handing the application to YARN gave. */
    public sealed interface Launch {
        record Started(AppId app, LaunchedApp submitter) implements Launch {
        }

        record NotStarted(String reason) implements Launch {
        }
    }

    /**
     * Waits for the reservation's queue (the window before the reservation is active included) and starts the
     * application in it; returns once YARN has it.
     */
    public Launch launch(Submission submission, Sizing sizing, ReservationInfo reservation) {
        Instant waitFrom = clock.instant();
        Duration untilStart = reservation.start().map(s -> Duration.between(waitFrom, s)).filter(d -> !d.isNegative())
                .orElse(Duration.ZERO);
        QueueSnapshot queue = gateway.awaitReservationQueue(submission.planQueue(), reservation.id(),
                untilStart.plus(Duration.ofSeconds(60)));
        events.accept(new SubmissionEvent.QueueReady(reservation.id(), queue.name(),
                Duration.between(waitFrom, clock.instant())));

        return launchInQueue(submission, sizing, queue.name());
    }

    /** Starts the application in a queue (a reservation's, or a best-effort queue); returns once YARN has it. */
    public Launch launchInQueue(Submission submission, Sizing sizing, String queue) {
        Path output = settings.submissionLogs().resolve(submission.id() + ".spark-submit.log");
        LaunchRequest request = SparkCommand.inQueue(submission, queue, sizing.shapes(),
                settings.eventLogDir(), runtime, settings.hadoopConfDir(), output, settings.scratch());
        Instant launched = clock.instant();
        LaunchedApp app = launcher.launch(request);
        Optional<AppId> id = app.awaitAppId(settings.appIdTimeout());
        if (id.isEmpty()) {
            id = findByTag(submission);
        }
        if (id.isEmpty()) {
            app.stopSubmitter();
            return new Launch.NotStarted("spark-submit ended (" + app.submitterState()
                    + ") before the application reached YARN; its output is in " + output
                    + Tail.of(output, 3).map(t -> ":\n" + t).orElse(""));
        }
        events.accept(new SubmissionEvent.Submitted(id.get(), Duration.between(launched, clock.instant())));
        return new Launch.Started(id.get(), app);
    }

    /**
     * Concludes an application YARN reports final (for callers that track applications themselves, as the gateway's
     * shared poller does): releases its reservation, finds its event log and learns from it.
     */
    public SubmissionOutcome.Finished conclude(Submission submission, Sizing sizing, Optional<ReservationId> reservation,
                                               AppReport report) {
        reservation.ifPresent(this::release);
        Optional<Path> log;
        try {
            log = EventLogProgress.find(settings.eventLogPath(), report.id());
        } catch (java.io.IOException e) {
            log = Optional.empty();
        }
        var finished = new SubmissionOutcome.Finished(submission, report.id(), report.queue(),
                reservation.orElse(null), sizing, report.state(), report.finished().orElse(clock.instant()), log,
                report.diagnostics());
        learnFrom(submission, sizing, finished);
        return finished;
    }

    /** spark-submit may die after YARN accepted the application; the tag still finds it. */
    private Optional<AppId> findByTag(Submission submission) {
        return gateway.applicationsTagged(submission.tag()).stream().map(AppReport::id).findFirst();
    }

    /** Feeds a finished application back into the job's history and Justice's state. */
    public void learnFrom(Submission submission, Sizing sizing, SubmissionOutcome outcome) {
        if (!(outcome instanceof SubmissionOutcome.Finished finished)) {
            return;
        }
        var report = learning.learn(new Completion(submission.jobKey(), submission.submittedAt(),
                submission.deadline(), finished.state(), finished.finishedAt(), sizing.shapes().executors(),
                (int) sizing.shapes().executor().vcores(), sizing.capacityCpus(), finished.eventLog()));
        events.accept(new SubmissionEvent.Learned(report.problem().orElseGet(() -> "stored run "
                + report.ingested().orElse("?") + "; launch overhead "
                + report.launchOverhead().map(d -> d.toMillis() / 1000.0 + " s").orElse("?")
                + (report.justiceTracked() ? "; Justice learned from it" : ""))));
    }

    /** Releases a reservation; a failure is reported as a note, since YARN drops it at its deadline anyway. */
    public void release(ReservationId id) {
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
