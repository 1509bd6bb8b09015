package io.punctual.submit.gateway;

import io.punctual.submit.pipeline.SubmissionOutcome;
import io.punctual.submit.pipeline.SubmissionPipeline;
import io.punctual.yarn.AppId;
import io.punctual.yarn.AppReport;
import io.punctual.yarn.AppState;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.GatewayException;
import io.punctual.yarn.ReservationId;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one thread that follows every batch on YARN: each round asks the ResourceManager once for all the gateway's
 * applications (by tag), updates the batches that changed, and concludes those that ended (release, learn, record).
 * An application the ResourceManager forgets for several rounds in a row is declared lost.
 */
final class AppPoller implements Runnable {

    private static final Logger LOG = LoggerFactory.getLogger(AppPoller.class);
    private static final int ROUNDS_BEFORE_LOST = 5;

    private final BatchStore store;
    private final BatchLaunch launch;
    private final ClusterGateway gateway;
    private final GatewayMetrics metrics;
    private final Clock clock;
    private final Map<Integer, Integer> missing = new HashMap<>();

    AppPoller(BatchStore store, BatchLaunch launch, ClusterGateway gateway, GatewayMetrics metrics, Clock clock) {
        this.store = store;
        this.launch = launch;
        this.gateway = gateway;
        this.metrics = metrics;
        this.clock = clock;
    }

    @Override
    public void run() {
        try {
            round();
        } catch (GatewayException e) {
            LOG.warn("could not poll YARN this round: {}", e.getMessage());
        } catch (RuntimeException e) {
            LOG.error("poll round failed", e);
        }
    }

    void round() {
        List<BatchRecord> followed = store.all().stream().filter(b -> !b.isFinal() && b.appId() != null).toList();
        if (followed.isEmpty()) {
            return;
        }
        Map<String, AppReport> reports = new HashMap<>();
        for (AppReport report : gateway.applicationsTagged(BatchIntake.GATEWAY_TAG)) {
            reports.put(report.id().value(), report);
        }
        for (BatchRecord batch : followed) {
            AppReport report = reports.get(batch.appId());
            if (report == null) {
                report = gateway.application(new AppId(batch.appId())).orElse(null);
            }
            if (report == null) {
                lostOrWaiting(batch);
            } else {
                missing.remove(batch.id());
                observe(batch, report);
            }
        }
    }

    private void observe(BatchRecord batch, AppReport report) {
        if (!report.state().isFinal()) {
            BatchState state = report.state() == AppState.RUNNING ? BatchState.RUNNING : batch.state();
            if (state != batch.state() || !report.queue().equals(batch.yarnQueue())) {
                launch.change(batch.id(), b -> b.toBuilder().app(b.appId(), report.queue())
                        .state(b.isFinal() ? b.state() : state).build());
            }
            return;
        }
        conclude(batch, report);
    }

    private void conclude(BatchRecord batch, AppReport report) {
        SubmissionPipeline pipeline = launch.pipeline(batch);
        var sizing = BatchRuns.sizing(batch);
        Optional<ReservationId> reservation = Optional.ofNullable(batch.reservationId()).map(ReservationId::new);
        SubmissionOutcome.Finished finished = sizing.map(s -> pipeline.conclude(
                BatchRuns.submission(batch, launch.workingDirectory()), s, reservation, report)).orElse(null);
        boolean met = finished != null && !batch.bestEffort() && finished.metDeadline();
        BatchState state = switch (report.state()) {
            case SUCCEEDED -> BatchState.SUCCESS;
            case KILLED -> BatchState.KILLED;
            default -> BatchState.DEAD;
        };
        launch.change(batch.id(), b -> b.toBuilder().state(b.state() == BatchState.KILLED ? BatchState.KILLED : state)
                .app(b.appId(), report.queue())
                .finished(report.finished().orElse(clock.instant()).toEpochMilli(), b.bestEffort() ? null : met)
                .reason(report.state() == AppState.SUCCEEDED ? b.reason() : report.yarnState() + ": "
                        + report.diagnostics())
                .build());
        if (!batch.bestEffort()) {
            metrics.finished(met);
        }
    }

    private void lostOrWaiting(BatchRecord batch) {
        int rounds = missing.merge(batch.id(), 1, Integer::sum);
        if (rounds >= ROUNDS_BEFORE_LOST) {
            missing.remove(batch.id());
            Optional.ofNullable(batch.reservationId()).map(ReservationId::new).ifPresent(gateway::release);
            launch.change(batch.id(), b -> b.toBuilder().state(BatchState.DEAD)
                    .reason("YARN no longer knows application " + b.appId()).build());
            metrics.failed();
        }
    }
}
