package io.punctual.submit.pipeline;

import io.punctual.submit.request.InvalidRequest;
import io.punctual.submit.request.Submission;
import io.punctual.sizing.rayon.plan.SharingPolicy;
import io.punctual.sizing.sizer.SizingRequest;
import io.punctual.submit.launch.ContainerShapes;
import io.punctual.submit.launch.LaunchRequest;
import io.punctual.submit.launch.LaunchedApp;
import io.punctual.submit.launch.Launcher;
import io.punctual.submit.launch.SparkCommand;
import io.punctual.submit.launch.SparkRuntime;
import io.punctual.submit.launch.TargetFiles;
import io.punctual.submit.request.AdmissionPolicy;
import io.punctual.submit.request.SparkSettings;
import io.punctual.submit.learn.Completion;
import io.punctual.submit.learn.Learning;
import io.punctual.yarn.AgentForecast;
import io.punctual.yarn.AppId;
import io.punctual.yarn.AppReport;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.GatewayException;
import io.punctual.yarn.ReservationId;
import io.punctual.yarn.ReservationOutcome;
import io.punctual.yarn.ReservationSpec;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * The parts of a submission that touch the world — learn and size, plan and ask YARN for a reservation, start
 * spark-submit, release, learn from the outcome — and {@link #run}, which drives one submission through
 * {@link SubmissionMachine} to its end for a caller that waits (the CLI). The sequence itself lives in the machine
 * alone; the gateway drives the same machine through a {@link Conductor} of its own.
 */
public final class SubmissionPipeline {

    private static final java.util.Map<String, Object> PLAN_LOCKS = new java.util.concurrent.ConcurrentHashMap<>();

    private final ClusterGateway gateway;
    private final Launcher launcher;
    private final SparkRuntime runtime;
    private final PipelineSettings settings;
    private final SubmissionSizer sizer;
    private final Learning learning;
    private final Clock clock;
    private final Consumer<SubmissionEvent> events;
    private final SharingPolicy sharing;
    private final Sleeper sleeper;
    /** Where re-planned runs' executor targets go, when the site re-plans (issue 25). */
    private final Optional<TargetFiles> targets;

    /** Waits between a waiting submission's ticks; tests pass one that advances a manual clock instead. */
    @FunctionalInterface
    public interface Sleeper {
        void sleep(Duration duration);

        Sleeper REAL = duration -> {
            try {
                Thread.sleep(duration.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while following the submission", e);
            }
        };
    }

    /** @param sharing the teams' capacity-over-time limits in the plan (Rayon's sharing policy) */
    public SubmissionPipeline(ClusterGateway gateway, Launcher launcher, SparkRuntime runtime,
                              PipelineSettings settings, SubmissionSizer sizer, Learning learning,
                              SharingPolicy sharing, Clock clock, Consumer<SubmissionEvent> events, Sleeper sleeper) {
        this.sharing = sharing;
        this.gateway = gateway;
        this.launcher = launcher;
        this.runtime = runtime;
        this.settings = settings;
        this.sizer = sizer;
        this.learning = learning;
        this.clock = clock;
        this.events = events;
        this.sleeper = sleeper;
        this.targets = settings.replans()
                ? Optional.of(TargetFiles.at(settings.hadoopConfDir(), settings.executorTargets())) : Optional.empty();
    }

    /** Learn and size, without side effects: what {@code explain} shows and every run starts with. */
    public Decision decide(Submission submission) {
        return decide(submission, Optional.empty());
    }

    /**
     * As {@link #decide(Submission)}; a submission that runs without a reservation in {@code runsIn} (work without a
     * deadline) is sized against what that queue may grow to, not against the plan, which it never draws on: a
     * background job of 4 executors was refused by a plan of 40% that its own queue could hold.
     */
    public Decision decide(Submission submission, Optional<String> runsIn) {
        Map<String, String> conf = SparkSettings.effective(submission.args());
        ContainerShapes one = ContainerShapes.of(conf, SparkSettings.clusterMode(conf), 1, gateway.minimumAllocation());
        if (runsIn.isPresent()) {
            SizingRequest request = sizer.request(submission, one,
                    SubmissionSizer.executorsThatFit(one, gateway.snapshot().ceiling(runsIn.get())));
            return new Decision(request, one, sizer.decide(request));
        }
        SizingRequest request = sizer.request(submission, one, gateway.snapshot());
        return PlanRoom.narrowed(new Decision(request, one, sizer.decide(request)),
                () -> forecast(submission).freeThroughout(one.executor().atLeast(one.master()), submission.deadline()),
                room -> sizer.decide(request.withClusterExecutors(room)));
    }

    private PlacementForecast forecast(Submission submission) {
        return PlacementForecast.of(gateway.snapshot().planCapacity(submission.planQueue()),
                gateway.reservations(submission.planQueue()), clock.instant());
    }

    /**
     * Runs a submission to its end on this thread, one tick per poll interval: what {@code punctual submit} does.
     * {@code current} always holds where it stands, so a Ctrl-C on another thread can {@link #abandon} it.
     */
    public SubmissionOutcome run(Submission submission, AtomicReference<SubmissionState> current) {
        Conductor conductor = conductor(s -> Optional.empty());
        current.set(new SubmissionState.Received(submission));
        UnaryOperator<SubmissionState> record = next -> current.updateAndGet(now -> now.isEnded() ? now : next);
        conductor.advance(current.get(), new Observation.Tick(), record);
        while (!current.get().isEnded()) {
            sleeper.sleep(settings.poll());
            conductor.advance(current.get(), alone(current.get()), record);
        }
        return ((SubmissionState.Ended) current.get()).outcome();
    }

    /**
     * What a poll tells a submission run alone: a job waiting in an admission queue of which it is the only member
     * has its turn at every poll (the gateway's admission rounds give turns in the queue's order instead).
     */
    private static Observation alone(SubmissionState state) {
        return state instanceof SubmissionState.Queued ? new Observation.Turn(Optional.empty()) : new Observation.Tick();
    }

    public SubmissionOutcome run(Submission submission) {
        return run(submission, new AtomicReference<>());
    }

    /** A conductor over this pipeline; {@code bestEffortQueue} says where a submission runs without a reservation. */
    public Conductor conductor(Function<Submission, Optional<String>> bestEffortQueue) {
        return conductor(bestEffortQueue, s -> settings.bestEffortQueue(), took -> { });
    }

    /** @param lateQueue where a run that outlives its reservation goes: its team's, else the site's best-effort one */
    public Conductor conductor(Function<Submission, Optional<String>> bestEffortQueue,
                               Function<Submission, String> lateQueue, Consumer<Duration> sizingTook) {
        return new Conductor(this, gateway, clock, events, new Conductor.Queues(bestEffortQueue, lateQueue),
                sizingTook, targets.map(files -> new Conductor.Resizing(replanRules(
                        s -> TargetFiles.releasesSafely(s.args().conf())), files)));
    }

    /** A conductor that re-plans running jobs from their progress with {@code resizing} (issue 25). */
    public Conductor conductor(Function<Submission, Optional<String>> bestEffortQueue,
                               Conductor.Resizing resizing) {
        return new Conductor(this, gateway, clock, events, new Conductor.Queues(bestEffortQueue,
                s -> settings.bestEffortQueue()), took -> { }, Optional.of(resizing));
    }

    /** Re-planning's rules: each submission's θ as sizing reads it, RUSH's δ, {@link ReplanRules#SLACK}. */
    public ReplanRules replanRules(Predicate<Submission> givesBack) {
        return new ReplanRules(sizer::confidence, sizer.settings().robustness(), ReplanRules.SLACK, givesBack,
                sizer::laterStageRatio);
    }

    /**
     * Stops a submission from another thread (a user's Ctrl-C): the machine kills and releases what it holds, and
     * anything already carrying the submission's tag is killed too, in case its launch was still in flight.
     */
    public void abandon(AtomicReference<SubmissionState> current, String why) {
        SubmissionState state = current.get();
        if (state == null) {
            return;
        }
        current.set(conductor(s -> Optional.empty()).advance(state, new Observation.KillAsked(why)));
        // The running thread sees the ended state on its next step and stops.
        for (AppReport report : gateway.applicationsTagged(state.submission().tag())) {
            if (!report.state().isFinal()) {
                gateway.kill(report.id(), why);
            }
        }
    }

    /** CPUs of the plan queue that no reservation holds now: what RUSH's arbitration shares among waiting jobs. */
    public int freeCpus(String planQueue) {
        Instant now = clock.instant();
        long held = gateway.reservations(planQueue).stream().flatMap(r -> r.allocation().stream())
                .filter(step -> !step.start().isAfter(now) && step.end().isAfter(now))
                .mapToLong(step -> step.resources().vcores()).sum();
        return (int) Math.max(0, gateway.snapshot().planCapacity(planQueue).vcores() - held);
    }

    public AdmissionPolicy admission() {
        return sizer.settings().admission();
    }

    public LargeViolators violators() {
        return new LargeViolators(sizer.settings().killAboveTasks());
    }

    /**
     * What would be asked of YARN, without asking: the reservations to try (none when the deadline is too close to
     * hold anything), whether Punctual's own planner finds room in the plan as YARN holds it now, and otherwise the
     * earliest deadline with room. What a dry run shows.
     */
    public ReservationPlan plan(Submission submission, Sizing sizing) {
        PlacementForecast forecast = forecast(submission);
        Optional<String> violation = forecast.policyViolation(sizing, submission.deadline(), submission.jobKey().team(),
                sharing);
        if (violation.isPresent()) {
            return new ReservationPlan(List.of(), Prediction.plannerOnly(false), Optional.empty(), Optional.of("team "
                    + submission.jobKey().team() + " may not reserve this much: " + violation.get()));
        }
        List<ReservationSpec> specs;
        try {
            specs = ReservationWindows.toTry(submission, sizing, clock.instant());
        } catch (IllegalArgumentException tooClose) {
            return new ReservationPlan(List.of(), Prediction.plannerOnly(false),
                    forecast.earliestFit(sizing, submission.deadline()), Optional.of(tooClose.getMessage()));
        }
        Prediction prediction = new Prediction(forecast.fits(sizing, submission.deadline()), agentAnswer(specs));
        Optional<Instant> earliest = prediction.fits() ? Optional.empty()
                : forecast.earliestFit(sizing, submission.deadline());
        return new ReservationPlan(specs, prediction, earliest, Optional.empty());
    }

    /** The cluster's agent's answer to the specs YARN will be asked for in turn: the first it places, else the last. */
    private Optional<AgentForecast> agentAnswer(List<ReservationSpec> specs) {
        try {
            return gateway.forecast(specs);
        } catch (GatewayException unread) {
            // Without the agent's view the planner's is still a prediction; asking YARN will tell.
            return Optional.empty();
        }
    }

    /**
     * Asks YARN once for the sized containers: a window that starts the job now first, the whole window second.
     * Punctual's own planner predicts YARN's answer; when YARN has no room the planner finds the earliest deadline
     * that would fit. Whether to ask again is the machine's call.
     */
    public Observation.ReservationDone reserveOnce(Submission submission, Sizing sizing) {
        // Launches of one process plan and reserve one at a time per plan queue: each plans on a view that holds the
        // reservations the others just made, so a burst is refused by Punctual's planner (with the earliest
        // deadline that fits) instead of by YARN after the planner, on a stale view, predicted room.
        synchronized (PLAN_LOCKS.computeIfAbsent(submission.planQueue(), queue -> new Object())) {
            return reserveNow(submission, sizing);
        }
    }

    private Observation.ReservationDone reserveNow(Submission submission, Sizing sizing) {
        Instant asked = clock.instant();
        ReservationPlan plan = plan(submission, sizing);
        if (plan.refusal().isPresent()) {
            return new Observation.ReservationDone(Optional.empty(), plan.prediction(), plan.refusal().get()
                    + plan.earliestDeadline().map(e -> "; the earliest deadline with room is " + e).orElse(""),
                    plan.earliestDeadline(), Duration.ZERO);
        }
        String refusal = "";
        for (ReservationSpec spec : plan.specs()) {
            ReservationOutcome outcome = gateway.reserve(spec);
            if (outcome instanceof ReservationOutcome.Reserved reserved) {
                return new Observation.ReservationDone(Optional.of(reserved.reservation()), plan.prediction(), "",
                        Optional.empty(), Duration.between(asked, clock.instant()));
            }
            refusal = ((ReservationOutcome.Refused) outcome).reason();
        }
        Optional<Instant> earliest = plan.earliestDeadline().isPresent() ? plan.earliestDeadline()
                : forecast(submission).earliestFit(sizing, submission.deadline());
        return new Observation.ReservationDone(Optional.empty(), plan.prediction(), "YARN cannot reserve "
                + sizing.shapes().total() + " for " + sizing.hold().toSeconds() + " s in queue "
                + submission.planQueue() + " before " + submission.deadline() + ": " + refusal
                + " (" + plan.prediction().afterRefusal() + ")"
                + earliest.map(e -> "; the earliest deadline with room is " + e).orElse(""), earliest,
                Duration.between(asked, clock.instant()));
    }

    /**
     * Updates a running job's reservation to {@code executors} executors until {@code end} (issue 25), under the same
     * per-plan lock as new reservations so that neither plans on a view the other is changing.
     */
    ReservationOutcome resizeReservation(Submission submission, Sizing sizing, ReservationId id, int executors,
                                         Instant end) {
        synchronized (PLAN_LOCKS.computeIfAbsent(submission.planQueue(), queue -> new Object())) {
            ReservationSpec spec;
            try {
                spec = ReservationWindows.resized(submission, sizing, executors, clock.instant(), end);
            } catch (IllegalArgumentException tooShort) {
                return new ReservationOutcome.Refused(tooShort.getMessage());
            }
            return gateway.update(id, spec);
        }
    }

    /** What starting spark-submit gave, and the process while it runs (it must outlive nothing it launched). */
    record Started(Observation.LaunchDone answer, Optional<LaunchedApp> submitter) {
    }

    /**
     * Starts the application in a queue (a reservation's, or a best-effort queue when {@code reserved} is false);
     * returns once YARN has it.
     */
    Started launchInQueue(Submission submission, Sizing sizing, String queue, boolean reserved) {
        Path output = submitOutput(settings.submissionLogs(), submission.id());
        Instant launched = clock.instant();
        LaunchRequest request;
        try {
            request = SparkCommand.inQueue(submission, queue, sizing.shapes(),
                    settings.eventLogDir(), runtime, settings.hadoopConfDir(), output, settings.scratch(), reserved);
            if (reserved && targets.isPresent()) {
                request = targets.get().following(request, submission.id(), settings.pluginJar().orElseThrow()
                        .toString());
            }
        } catch (UncheckedIOException e) {
            // The one archive of Spark's jars could not be put on the cluster's file system.
            return new Started(new Observation.LaunchDone(Optional.empty(), "Spark's jars are not on the cluster: "
                    + e.getMessage() + "; make punctual.spark.archive-dir writable, or set punctual.spark.jars to an"
                    + " archive already there", Duration.between(launched, clock.instant())), Optional.empty());
        } catch (InvalidRequest e) {
            // Checked before the reservation; what changed since (a pyspark uninstalled) fails the launch, and the
            // reservation is released as for any launch that never reached YARN.
            return new Started(new Observation.LaunchDone(Optional.empty(), e.getMessage(),
                    Duration.between(launched, clock.instant())), Optional.empty());
        }
        LaunchedApp app = launcher.launch(request);
        Optional<AppId> id = app.awaitAppId(settings.appIdTimeout());
        if (id.isEmpty()) {
            id = gateway.applicationsTagged(submission.tag()).stream().map(AppReport::id).findFirst();
        }
        if (id.isEmpty()) {
            app.stopSubmitter();
            return new Started(new Observation.LaunchDone(Optional.empty(), "spark-submit ended ("
                    + app.submitterState() + ") before the application reached YARN; its output is in " + output
                    + Tail.of(output, 3).map(t -> ":\n" + t).orElse(""), Duration.between(launched, clock.instant())),
                    Optional.empty());
        }
        return new Started(new Observation.LaunchDone(id, "", Duration.between(launched, clock.instant())),
                Optional.of(app));
    }

    /** @param readsStages whether the log's stages are read too, for re-planning */
    EventLogProgress progressOf(AppId app, boolean readsStages) {
        return new EventLogProgress(settings.eventLogPath(), app, readsStages);
    }

    Optional<Path> eventLogOf(AppId app) {
        try {
            return EventLogProgress.find(settings.eventLogPath(), app);
        } catch (java.io.IOException e) {
            return Optional.empty();
        }
    }

    /** Feeds a finished application back into the job's history and Justice's state. */
    void learnFrom(SubmissionOutcome.Finished finished) {
        Submission submission = finished.submission();
        Sizing sizing = finished.sizing();
        // Only work without a deadline runs without a reservation (the best-effort path); its submission's deadline
        // is a stand-in horizon, never a deadline to learn from.
        boolean reserved = finished.reservation() != null;
        var report = learning.learn(new Completion(submission.jobKey(), submission.submittedAt(),
                reserved ? Optional.of(submission.deadline()) : Optional.empty(), finished.state(),
                finished.finishedAt(), sizing.shapes().executors(), (int) sizing.shapes().executor().vcores(),
                sizing.capacityCpus(), finished.eventLog(), reserved, sizing.opensAt()));
        events.accept(new SubmissionEvent.Learned(report.problem().orElseGet(() -> "stored run "
                + report.ingested().orElse("?") + "; launch overhead "
                + report.launchOverhead().map(d -> d.toMillis() / 1000.0 + " s")
                        .orElse("not learned (no reservation: its start also waited for room in its queue)")
                + (report.justiceTracked() ? "; Justice learned from it" : ""))));
    }

    /** Releases a reservation; a failure is reported as a note, since YARN drops it at its deadline anyway. */
    public void release(ReservationId id) {
        try {
            if (gateway.release(id)) {
                events.accept(new SubmissionEvent.Released(id));
            }
        } catch (GatewayException e) {
            events.accept(new SubmissionEvent.Note("could not release reservation " + id + " (" + e.getMessage()
                    + "); YARN drops it at its deadline"));
        }
    }

    /** The file that receives one submission's spark-submit output, which the gateway's batch log shows. */
    public static Path submitOutput(Path submissionLogs, String submissionId) {
        return submissionLogs.resolve(submissionId + ".spark-submit.log");
    }
}
