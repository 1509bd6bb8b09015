package io.punctual.yarn.hadoop;

import io.punctual.sizing.Resources;
import io.punctual.yarn.AppId;
import io.punctual.yarn.AppReport;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.QueueSnapshot;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.QueueConfigurations;
import org.apache.hadoop.yarn.api.records.QueueInfo;
import org.apache.hadoop.yarn.api.records.QueueStatistics;

/**
 * YARN's queue and application records in Punctual's terms. The conventions set here (leaf queue names, the
 * {@code STATE/FINAL_STATUS} text, start time as YARN reports it) are what every {@link ClusterGateway} follows.
 */
final class YarnRecords {

    private YarnRecords() {
    }

    static QueueSnapshot queue(QueueInfo info, String parent) {
        QueueStatistics stats = info.getQueueStatistics();
        var used = stats == null ? Resources.ZERO
                : new Resources(Math.max(0, stats.getAllocatedMemoryMB()),
                        Math.max(0, stats.getAllocatedVCores()));
        QueueConfigurations effective = defaultPartition(info.getQueueConfigurations());
        var guaranteed = effective == null ? Resources.ZERO
                : ReservationTranslation.fromYarn(effective.getEffectiveMinCapacity());
        var ceiling = effective == null ? Resources.ZERO
                : ReservationTranslation.fromYarn(effective.getEffectiveMaxCapacity());
        int running = stats == null ? 0 : (int) stats.getNumAppsRunning();
        int pending = stats == null ? 0 : (int) stats.getNumAppsPending();
        return new QueueSnapshot(info.getQueueName(), parent, info.getCapacity(), info.getMaximumCapacity(),
                info.getCurrentCapacity(), used, guaranteed, ceiling, running, pending);
    }

    private static QueueConfigurations defaultPartition(Map<String, QueueConfigurations> byPartition) {
        if (byPartition == null || byPartition.isEmpty()) {
            return null;
        }
        return byPartition.getOrDefault("", byPartition.values().iterator().next());
    }

    static AppReport report(ApplicationReport r) {
        String yarnState = r.getYarnApplicationState() + "/" + r.getFinalApplicationStatus();
        Optional<Instant> finished = r.getFinishTime() > 0 ? Optional.of(Instant.ofEpochMilli(r.getFinishTime()))
                : Optional.empty();
        String tracking = r.getTrackingUrl();
        return new AppReport(new AppId(r.getApplicationId().toString()), r.getName(), r.getUser(), r.getQueue(),
                YarnStates.of(r.getYarnApplicationState(), r.getFinalApplicationStatus()), yarnState,
                r.getApplicationTags(), Instant.ofEpochMilli(r.getStartTime()), finished, r.getProgress(),
                r.getDiagnostics() == null ? "" : r.getDiagnostics(),
                tracking == null || tracking.isBlank() ? Optional.empty() : Optional.of(tracking));
    }
}
