package io.punctual.submit.gateway;

import io.punctual.yarn.AppId;
import io.punctual.yarn.AppReport;
import io.punctual.yarn.AppState;
import io.punctual.yarn.GatewayException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The links Livy shows in a batch's {@code appInfo}: the Spark UI address YARN last reported for each of the
 * gateway's applications (its tracking URL: the RM's proxy to the driver while it runs, the history page after), and
 * the driver's log (the NodeManager's page of the AM container, where a cluster-mode driver runs). The poller
 * writes them into the batch's record, so every gateway over the store shows them, after a restart too; this only
 * remembers, in memory, what was already asked of YARN.
 *
 * <p>The tracking URL comes with every report; the driver's log costs the ResourceManager several calls, so it is
 * asked for once per application, the first time a report shows it running (its ApplicationMaster, the driver, has
 * registered, so its container is known). An answer, even an empty one, is kept; a failed call is asked again in the
 * next round.
 */
final class AppLinks {

    private static final Logger LOG = LoggerFactory.getLogger(AppLinks.class);

    private final Map<String, String> sparkUi = new ConcurrentHashMap<>();
    private final Map<String, Optional<String>> driverLog = new ConcurrentHashMap<>();

    /**
     * @param amContainerLog where the application's AM container log is, asked at most once per application
     *                       ({@code ClusterGateway::amContainerLogUrl})
     */
    void observed(AppReport report, Function<AppId, Optional<String>> amContainerLog) {
        String app = report.id().value();
        report.trackingUrl().ifPresent(url -> sparkUi.put(app, url));
        if (report.state() != AppState.RUNNING || driverLog.containsKey(app)) {
            return;
        }
        try {
            driverLog.put(app, amContainerLog.apply(report.id()));
        } catch (GatewayException e) {
            LOG.debug("could not read the driver log address of {} this round: {}", app, e.getMessage());
        }
    }

    Optional<String> sparkUi(String appId) {
        return appId == null ? Optional.empty() : Optional.ofNullable(sparkUi.get(appId));
    }

    Optional<String> driverLog(String appId) {
        return appId == null ? Optional.empty() : driverLog.getOrDefault(appId, Optional.empty());
    }
}
