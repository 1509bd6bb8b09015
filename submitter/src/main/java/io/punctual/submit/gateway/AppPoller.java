package io.punctual.submit.gateway;

import io.punctual.yarn.AppId;
import io.punctual.yarn.AppReport;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.GatewayException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one thread that follows every batch on YARN: each round asks the ResourceManager once for all the gateway's
 * applications (by tag) and hands each batch its application's report; batches waiting for their reservation's queue
 * or for a second try get a tick, and the batches in the admission queue take their turns. What a report means (ended, stuck, lost, past its deadline) is the submission
 * machine's call, made once for every entry point.
 */
final class AppPoller implements Runnable {

    private static final Logger LOG = LoggerFactory.getLogger(AppPoller.class);

    private final BatchStore store;
    private final BatchLaunch launch;
    private final ClusterGateway gateway;
    private final AppLinks links;
    private final AdmissionRounds admissions;

    AppPoller(BatchStore store, BatchLaunch launch, ClusterGateway gateway, AppLinks links,
              AdmissionRounds admissions) {
        this.admissions = admissions;
        this.store = store;
        this.launch = launch;
        this.gateway = gateway;
        this.links = links;
    }

    @Override
    public void run() {
        try {
            round();
        } catch (GatewayException e) {
            LOG.warn("could not poll YARN this round: {}", e.getMessage());
        } catch (StoreUnavailable e) {
            LOG.warn("could not poll this round: {}", e.getMessage());
        } catch (RuntimeException e) {
            LOG.error("poll round failed", e);
        }
    }

    /**
     * Keeps the application's links in its batch's record, so every gateway over the store (and this one after a
     * restart) shows them; the record is written only when a link changes.
     */
    private void recordLinks(BatchRecord batch, AppReport report) {
        links.observed(report, gateway::amContainerLogUrl);
        String sparkUi = links.sparkUi(batch.appId()).orElse(batch.sparkUiUrl());
        String driverLog = links.driverLog(batch.appId()).orElse(batch.driverLogUrl());
        if (!java.util.Objects.equals(sparkUi, batch.sparkUiUrl())
                || !java.util.Objects.equals(driverLog, batch.driverLogUrl())) {
            launch.change(batch.id(), b -> b.toBuilder().links(sparkUi, driverLog).build());
        }
    }

    void round() {
        List<BatchRecord> live = store.unfinished();
        if (live.isEmpty()) {
            return;
        }
        admissions.offer(live);
        Map<String, AppReport> reports = new HashMap<>();
        if (live.stream().anyMatch(b -> b.appId() != null)) {
            for (AppReport report : gateway.applicationsTagged(BatchIntake.GATEWAY_TAG)) {
                reports.put(report.id().value(), report);
            }
        }
        for (BatchRecord batch : live) {
            if (batch.appId() == null) {
                // Only a batch the pool has started can be waiting (for its queue, or to ask YARN again); the ones
                // still queued for the pool are left alone, so a burst of submissions costs the poller nothing.
                if (batch.state() == BatchState.STARTING) {
                    launch.tick(batch.id());
                }
                continue;
            }
            AppId app = new AppId(batch.appId());
            Optional<AppReport> report = Optional.ofNullable(reports.get(batch.appId()))
                    .or(() -> gateway.application(app));
            report.ifPresent(r -> recordLinks(batch, r));
            launch.observed(batch.id(), app, report);
        }
    }
}
