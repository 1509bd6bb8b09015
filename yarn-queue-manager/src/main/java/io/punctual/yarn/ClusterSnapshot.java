package io.punctual.yarn;

import io.punctual.sizing.Resources;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** The cluster at a moment: its size, what is used, and every queue. */
public record ClusterSnapshot(Instant at, int nodeManagers, Resources total, Resources used, List<QueueSnapshot> queues) {

    public ClusterSnapshot {
        queues = List.copyOf(queues);
    }

    public Optional<QueueSnapshot> queue(String name) {
        return queues.stream().filter(q -> q.name().equals(name)).findFirst();
    }
}
