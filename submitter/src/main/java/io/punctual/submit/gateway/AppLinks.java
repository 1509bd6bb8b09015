package io.punctual.submit.gateway;

import io.punctual.yarn.AppReport;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The Spark UI address YARN last reported for each of the gateway's applications (its tracking URL: the RM's proxy
 * to the driver while it runs, the history page after), which Livy's {@code appInfo.sparkUiUrl} shows. Kept in
 * memory: the poller's first round after a restart fills it again for every application YARN still knows.
 */
final class AppLinks {

    private final Map<String, String> sparkUi = new ConcurrentHashMap<>();

    void observed(AppReport report) {
        report.trackingUrl().ifPresent(url -> sparkUi.put(report.id().value(), url));
    }

    Optional<String> sparkUi(String appId) {
        return appId == null ? Optional.empty() : Optional.ofNullable(sparkUi.get(appId));
    }
}
