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

    /**
     * What the reservation system may plan with in {@code planQueue}: the queue's guaranteed resources (its share of
     * the cluster when YARN reports none), or the whole cluster when there is no such queue.
     */
    public Resources planCapacity(String planQueue) {
        return queue(planQueue).map(this::capacityOf).orElse(total);
    }

    /**
     * What work without a reservation may grow to in {@code queue}: the queue's effective maximum (its configured
     * ceiling's share of the cluster when YARN reports none), or the whole cluster when there is no such queue yet (a
     * team's queue is made on first use; YARN's own limit then applies as the run asks).
     */
    public Resources ceiling(String queue) {
        return queue(queue).map(q -> q.ceiling().isZero() ? share(q.maximumCapacity()) : q.ceiling()).orElse(total);
    }

    private Resources capacityOf(QueueSnapshot queue) {
        if (!queue.guaranteed().isZero()) {
            return queue.guaranteed();
        }
        return share(queue.capacity());
    }

    /** {@code fraction} of the whole cluster, rounded down. */
    private Resources share(double fraction) {
        return new Resources((long) (total.memoryMb() * fraction), (long) (total.vcores() * fraction));
    }
}
