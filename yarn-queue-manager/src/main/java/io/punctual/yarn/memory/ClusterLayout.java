package io.punctual.yarn.memory;

import io.punctual.sizing.Resources;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The shape of an {@link InMemoryClusterGateway}: identical nodes, the scheduler's minimum allocation, the queues
 * under root, and the reservation system's timing.
 *
 * @param planFollowerStep     how often YARN's plan follower runs
 *                             ({@code yarn.resourcemanager.reservation-system.plan.follower.time-step}, 1 s by
 *                             default), in whole milliseconds
 * @param reservationRetention how long a plan keeps listing a reservation after its window ended (the Capacity
 *                             Scheduler's {@code reservation-window}, a day by default)
 * @param user                 the user reservations are made as, as YARN records the client's user
 */
public record ClusterLayout(int nodes, Resources node, Resources minimumAllocation, List<QueueLayout> queues,
                            Duration planFollowerStep, Duration reservationRetention, String user) {

    public ClusterLayout {
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(minimumAllocation, "minimum allocation");
        Objects.requireNonNull(planFollowerStep, "plan follower step");
        Objects.requireNonNull(reservationRetention, "reservation retention");
        Objects.requireNonNull(user, "user");
        queues = List.copyOf(queues);
        if (nodes < 1 || node.memoryMb() <= 0 || node.vcores() <= 0) {
            throw new IllegalArgumentException("a cluster needs at least one node with memory and vcores, got "
                    + nodes + " x " + node);
        }
        if (minimumAllocation.memoryMb() <= 0 || minimumAllocation.vcores() <= 0
                || !minimumAllocation.fitsIn(node)) {
            throw new IllegalArgumentException("the minimum allocation must be positive and fit a node, got "
                    + minimumAllocation);
        }
        long stepMillis = planFollowerStep.toMillis();
        if (stepMillis < 1 || !planFollowerStep.equals(Duration.ofMillis(stepMillis))) {
            throw new IllegalArgumentException("the plan follower step must be a positive whole number of"
                    + " milliseconds, got " + planFollowerStep);
        }
        if (reservationRetention.isNegative()) {
            throw new IllegalArgumentException("reservation retention cannot be negative, got " + reservationRetention);
        }
        checkQueues(queues);
    }

    private static void checkQueues(List<QueueLayout> queues) {
        if (queues.isEmpty()) {
            throw new IllegalArgumentException("a cluster needs at least one queue under root");
        }
        double total = queues.stream().mapToDouble(QueueLayout::capacity).sum();
        if (Math.abs(total - 1) > 1e-6) {
            throw new IllegalArgumentException("the capacities of root's queues must add up to 1 (100%), got "
                    + total);
        }
        var names = new HashSet<String>();
        for (QueueLayout queue : queues) {
            if (!names.add(queue.name()) || queue.reservable() && names.contains(queue.name() + "-default")) {
                throw new IllegalArgumentException("queue names must be unique (a plan queue's default queue is"
                        + " <plan>-default), got " + queue.name() + " twice");
            }
            if (queue.reservable()) {
                names.add(queue.name() + "-default");
            }
        }
    }

    /**
     * The embedded cluster's shape ({@code EmbeddedYarnSpec.defaults()}): two nodes of 8 vcores and 8 GiB, a
     * minimum allocation of 256 MiB, a reservable {@code sla} queue with 70% and {@code adhoc} with 30%.
     */
    public static ClusterLayout embedded() {
        return new ClusterLayout(2, Resources.of(8, 8192), Resources.of(1, 256),
                List.of(QueueLayout.plan("sla", 0.7), QueueLayout.leaf("adhoc", 0.3)), Duration.ofSeconds(1),
                Duration.ofDays(1), "punctual");
    }

    public ClusterLayout withNodes(int count, Resources each) {
        return new ClusterLayout(count, each, minimumAllocation, queues, planFollowerStep, reservationRetention, user);
    }

    public ClusterLayout withQueues(List<QueueLayout> layout) {
        return new ClusterLayout(nodes, node, minimumAllocation, layout, planFollowerStep, reservationRetention, user);
    }

    public ClusterLayout withPlanFollowerStep(Duration step) {
        return new ClusterLayout(nodes, node, minimumAllocation, queues, step, reservationRetention, user);
    }

    public ClusterLayout withReservationRetention(Duration retention) {
        return new ClusterLayout(nodes, node, minimumAllocation, queues, planFollowerStep, retention, user);
    }

    /** Every node together. */
    public Resources total() {
        return node.times(nodes);
    }

    public Optional<QueueLayout> queue(String name) {
        return queues.stream().filter(q -> q.name().equals(name)).findFirst();
    }

    /** The share {@code fraction} of the cluster, rounded down in each resource as YARN's arithmetic does. */
    Resources share(double fraction) {
        Resources total = total();
        return new Resources((long) Math.floor(total.memoryMb() * fraction + 1e-9),
                (long) Math.floor(total.vcores() * fraction + 1e-9));
    }
}
