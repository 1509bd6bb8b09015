package io.punctual.yarn.queues;

import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.QueueSnapshot;

/** How many applications run or wait in a leaf queue: what decides whether a queue may be removed. */
@FunctionalInterface
public interface QueueOccupancy {

    int applications(QueuePath queue);

    /** Reads it from the ResourceManager's queue metrics (running plus pending applications). */
    static QueueOccupancy of(ClusterGateway gateway) {
        return queue -> gateway.snapshot().queue(queue.leaf())
                .map((QueueSnapshot q) -> q.runningApps() + q.pendingApps()).orElse(0);
    }
}
