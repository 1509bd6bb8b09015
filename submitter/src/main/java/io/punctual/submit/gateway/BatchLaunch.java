package io.punctual.submit.gateway;

import io.punctual.submit.assembly.Assembly;
import java.util.function.Supplier;

import io.punctual.sizing.JobKey;
import io.punctual.sizing.sizer.SizingDecision;
import io.punctual.submit.config.ConfigSource;
import io.punctual.submit.config.Settings;
import io.punctual.submit.pipeline.Decision;
import io.punctual.submit.pipeline.Sizing;
import io.punctual.submit.pipeline.SizingSettings;
import io.punctual.submit.request.Submission;
import io.punctual.submit.pipeline.SubmissionEvent;
import io.punctual.submit.pipeline.SubmissionPipeline;
import io.punctual.yarn.AppId;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.ReservationId;
import io.punctual.yarn.ReservationInfo;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Launches one recorded batch: learn and size, reserve, launch into the reservation, record the application id.
 * Every step is recorded as it completes, and a batch deleted meanwhile stops at the next step with whatever it
 * started killed and released. From then on the shared poller follows the application.
 */
final class BatchLaunch {

    private static final Logger LOG = LoggerFactory.getLogger(BatchLaunch.class);

    private final BatchStore store;
    private final ClusterGateway gateway;
    private final PipelineFactory pipelines;
    private final ConfigSource config;
    private final Supplier<Assembly> assembly;
    private final Clock clock;
    private final GatewayMetrics metrics;
    private final Path workingDir;
    private final QueueSetup queues;
    private final Map<Integer, Object> locks = new ConcurrentHashMap<>();

    BatchLaunch(BatchStore store, ClusterGateway gateway, PipelineFactory pipelines, ConfigSource config,
                Supplier<Assembly> assembly, Clock clock,
                GatewayMetrics metrics, Path workingDir, QueueSetup queues) {
        this.queues = queues;
        this.assembly = assembly;
        this.store = store;
        this.gateway = gateway;
        this.pipelines = pipelines;
        this.config = config;
        this.clock = clock;
        this.metrics = metrics;
        this.workingDir = workingDir;
    }

    void run(int id) {
        try {
            launch(id);
        } catch (RuntimeException e) {
            LOG.warn("batch {} failed while launching", id, e);
            change(id, b -> b.toBuilder().state(BatchState.DEAD).reason("failed while launching: " + e.getMessage())
                    .build());
            metrics.failed();
        }
    }

    private void launch(int id) {
        BatchRecord batch = change(id, b -> b.state().isFinal() ? b : b.withState(BatchState.STARTING, now()));
        if (batch.isFinal()) {
            return;
        }
        SubmissionPipeline pipeline = pipeline(batch);
        Submission submission = BatchRuns.submission(batch, workingDir);
        long sizingStarted = System.nanoTime();
        Decision decision = pipeline.decide(submission);
        metrics.sized(System.nanoTime() - sizingStarted);
        if (!(decision.sizing() instanceof SizingDecision.Sized sized)) {
            reject(id, DryRun.reason(decision.sizing()));
            return;
        }
        Sizing sizing = decision.sizingFor(sized);
        batch = change(id, b -> BatchRuns.withSizing(b.toBuilder(), sizing).build()
                .logged(BatchLog.line(clock.instant(), new SubmissionEvent.Sized(submission, sizing)), now()));
        if (batch.bestEffort()) {
            started(id, pipeline.launchInQueue(submission, sizing, bestEffortQueue(batch)), Optional.empty());
            return;
        }
        var reservation = pipeline.reserve(submission, sizing);
        if (reservation instanceof SubmissionPipeline.Reservation.Refused refused) {
            reject(id, refused.reason());
            return;
        }
        ReservationInfo held = ((SubmissionPipeline.Reservation.Held) reservation).reservation();
        batch = change(id, b -> b.toBuilder().verdict("admitted").reservation(held.id().value(),
                held.start().map(Instant::toEpochMilli).orElse(null),
                held.end().map(Instant::toEpochMilli).orElse(null)).build());
        metrics.admitted();
        if (batch.isFinal()) {
            pipeline.release(held.id());
            return;
        }
        started(id, pipeline.launch(submission, sizing, held), Optional.of(held.id()));
    }

    private void started(int id, SubmissionPipeline.Launch launch, Optional<ReservationId> reservation) {
        if (launch instanceof SubmissionPipeline.Launch.NotStarted notStarted) {
            reservation.ifPresent(gateway::release);
            change(id, b -> b.toBuilder().state(BatchState.DEAD).reason(notStarted.reason()).build());
            metrics.failed();
            return;
        }
        AppId app = ((SubmissionPipeline.Launch.Started) launch).app();
        BatchRecord batch = change(id, b -> b.toBuilder().app(app.value(), b.yarnQueue())
                .state(b.isFinal() ? b.state() : BatchState.RUNNING).build());
        if (batch.isFinal()) {
            gateway.kill(app, "Punctual: batch " + id + " was deleted while it launched");
        }
    }

    private void reject(int id, String reason) {
        change(id, b -> b.toBuilder().state(BatchState.DEAD).verdict("rejected").reason(reason).build());
        metrics.rejected();
    }

    /** What a submission would get, for a dry run: sizing, and for a deadline batch the reservation plan. */
    DryRun dryRun(BatchRecord batch, SizingSettings sizing) {
        SubmissionPipeline pipeline = pipelines.pipeline(sizing, e -> { });
        Submission submission = BatchRuns.submission(batch, workingDir);
        Decision decision = pipeline.decide(submission);
        Optional<SubmissionPipeline.ReservationPlan> plan = decision.sized().filter(s -> !batch.bestEffort())
                .map(s -> pipeline.plan(submission, decision.sizingFor(s)));
        return DryRun.of(batch, decision, batch.bestEffort(), plan);
    }

    /** Kills what the batch started and releases what it holds; the batch ends killed. */
    void kill(int id, String why) {
        BatchRecord before = store.get(id).orElseThrow();
        if (before.isFinal()) {
            return;
        }
        BatchRecord batch = change(id, b -> b.isFinal() ? b : b.toBuilder().state(BatchState.KILLED).reason(why)
                .finished(now(), b.bestEffort() ? null : false).build().logged(clock.instant() + " killed: " + why, now()));
        if (batch.appId() != null) {
            gateway.kill(new AppId(batch.appId()), why);
        }
        if (batch.reservationId() != null && gateway.release(new ReservationId(batch.reservationId()))) {
            change(id, b -> b.logged(clock.instant() + " released reservation " + b.reservationId(), now()));
        }
    }

    SubmissionPipeline pipeline(BatchRecord batch) {
        return pipelines.pipeline(sizingSettings(batch), event -> log(batch.id(), event));
    }

    /** The team's sizing knobs, resolved again from the stored command line (so a restart needs nothing else). */
    SizingSettings sizingSettings(BatchRecord batch) {
        Assembly current = assembly.get();
        return current.sizing(current.settings(JobKey.parse(batch.jobKey()), BatchIntake.effective(batch.argv())));
    }

    /** Work without a deadline runs in its team's own queue (created on first use), else the site's best-effort one. */
    private String bestEffortQueue(BatchRecord batch) {
        var current = config.current();
        return current.team(batch.team()).flatMap(queues::teamQueue)
                .orElse(current.site().cluster().bestEffortQueue());
    }

    private void log(int id, SubmissionEvent event) {
        change(id, b -> b.logged(BatchLog.line(clock.instant(), event), now()));
    }

    /** Applies a change to the stored batch under the batch's own lock and returns what was stored. */
    BatchRecord change(int id, UnaryOperator<BatchRecord> update) {
        synchronized (locks.computeIfAbsent(id, k -> new Object())) {
            BatchRecord current = store.get(id).orElseThrow(() -> new IllegalStateException("no batch " + id));
            BatchRecord next = update.apply(current);
            if (next != current) {
                next = next.toBuilder().updatedAt(now()).build();
                store.update(next);
            }
            return next;
        }
    }

    Path workingDirectory() {
        return workingDir;
    }

    private long now() {
        return clock.millis();
    }
}
