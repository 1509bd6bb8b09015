package io.punctual.yarn.hadoop;

import io.punctual.sizing.Resources;
import io.punctual.yarn.ClusterSnapshot;
import io.punctual.yarn.QueueSnapshot;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.yarn.api.records.QueueInfo;
import org.apache.hadoop.yarn.api.records.YarnClusterMetrics;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * The ResourceManager's queues as Punctual's snapshots: the tree from the client protocol, the effective resources
 * (which that protocol does not carry in 3.3) from the REST API.
 */
final class QueueReads {

    private final YarnClient client;
    private final ResourceManagerRest rest;
    private final Clock clock;

    QueueReads(YarnClient client, ResourceManagerRest rest, Clock clock) {
        this.client = client;
        this.rest = rest;
        this.clock = clock;
    }

    ClusterSnapshot snapshot() throws IOException, YarnException {
        YarnClusterMetrics metrics = client.getYarnClusterMetrics();
        List<QueueSnapshot> queues = withEffective(allQueues());
        QueueSnapshot rootQueue = rootOf(queues);
        return new ClusterSnapshot(clock.instant(), metrics.getNumNodeManagers(), rootQueue.ceiling(),
                rootQueue.used(), queues);
    }

    /** The queue called {@code name}, a child of {@code parent}, if it exists. */
    Optional<QueueSnapshot> named(String name, String parent) throws IOException, YarnException {
        try {
            QueueInfo info = client.getQueueInfo(name);
            return Optional.ofNullable(info).map(i -> withEffective(List.of(YarnRecords.queue(i, parent))).get(0));
        } catch (YarnException | IOException unknownQueue) {
            // The client reports a queue that does not exist (yet) as an error, not as null.
            if (String.valueOf(unknownQueue.getMessage()).contains(name)) {
                return Optional.empty();
            }
            throw unknownQueue;
        }
    }

    /**
     * Every queue below root, from one recursive request. Asking queue by queue instead breaks in Hadoop 3.3.4 after
     * any scheduler configuration change: the plan queue's default reservation queue then reports the name
     * {@code root.<plan>-default}, which no lookup by name finds, and the client fails on it.
     */
    private List<QueueSnapshot> allQueues() throws IOException, YarnException {
        List<QueueInfo> all = client.getAllQueues();
        Map<String, String> parents = new HashMap<>();
        for (QueueInfo queue : all) {
            for (QueueInfo child : queue.getChildQueues()) {
                parents.put(child.getQueueName(), queue.getQueueName());
            }
        }
        List<QueueSnapshot> queues = new ArrayList<>();
        for (QueueInfo queue : all) {
            queues.add(YarnRecords.queue(queue, parents.getOrDefault(queue.getQueueName(), "root")));
        }
        return queues;
    }

    /** The RPC protocol reports no effective resources in 3.3; the REST API does, when it can be read. */
    private List<QueueSnapshot> withEffective(List<QueueSnapshot> queues) {
        var effective = rest.effectiveResources();
        if (effective.isEmpty()) {
            return queues;
        }
        return queues.stream().map(q -> {
            var e = effective.get().get(q.name());
            return e == null ? q : new QueueSnapshot(q.name(), q.parent(), q.capacity(), q.maximumCapacity(),
                    q.usedCapacity(), q.used(), e.minimum(), e.maximum(), q.runningApps(), q.pendingApps());
        }).toList();
    }

    /** A synthetic root whose used resources sum its children and whose ceiling is the cluster's size. */
    private QueueSnapshot rootOf(List<QueueSnapshot> queues) throws IOException, YarnException {
        var used = queues.stream().filter(q -> q.parent().equals("root")).map(QueueSnapshot::used)
                .reduce(Resources.ZERO, Resources::plus);
        var total = client.getNodeReports().stream().map(n -> ReservationTranslation.fromYarn(n.getCapability()))
                .reduce(Resources.ZERO, Resources::plus);
        return new QueueSnapshot("root", "", 1, 1, 0, used, total, total, 0, 0);
    }
}
