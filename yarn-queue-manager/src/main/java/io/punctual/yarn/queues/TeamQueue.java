package io.punctual.yarn.queues;

/**
 * A team's queue as the scheduler configuration holds it. Capacities are shares of the parent queue, comparable
 * with {@link io.punctual.yarn.QueueSnapshot#capacity()} and {@link io.punctual.yarn.QueueSnapshot#maximumCapacity()}.
 *
 * @param queue   its full path; applications are submitted to {@code queue.leaf()} ({@code spark.yarn.queue})
 * @param running false while it is being removed (STOPPED: it takes no new applications)
 */
public record TeamQueue(String team, QueuePath queue, double capacity, double maximumCapacity, int priority,
                        boolean running) {
}
