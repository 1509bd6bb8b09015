package io.punctual.yarn.memory;

import java.util.Objects;

/**
 * One queue directly under root in an {@link InMemoryClusterGateway}: an ordinary leaf queue, or a reservable plan
 * queue whose capacity the reservation system hands out (Capacity Scheduler's {@code reservable = true}).
 *
 * @param capacity        share of the cluster it is guaranteed, in (0, 1], or 0 for a leaf that only borrows (as
 *                        Capacity Scheduler allows); the queues' shares add up to 1
 * @param maximumCapacity share of the cluster it may grow to, in [capacity, 1]
 */
public record QueueLayout(String name, double capacity, double maximumCapacity, boolean reservable) {

    public QueueLayout {
        Objects.requireNonNull(name, "name");
        if (name.isBlank() || name.contains(".") || name.equals("root")) {
            throw new IllegalArgumentException("a queue needs a leaf name without dots other than root, got '" + name
                    + "'");
        }
        boolean guaranteed = capacity > 0 || capacity == 0 && !reservable;
        if (!(guaranteed && capacity <= 1) || !(maximumCapacity >= capacity && maximumCapacity <= 1)) {
            throw new IllegalArgumentException("queue " + name + " needs 0 < capacity <= maximum capacity <= 1 (0 for"
                    + " a leaf that only borrows), got "
                    + capacity + " and " + maximumCapacity);
        }
    }

    /** A reservable plan queue that may grow to the whole cluster. */
    public static QueueLayout plan(String name, double capacity) {
        return new QueueLayout(name, capacity, 1.0, true);
    }

    /** An ordinary leaf queue that may grow to the whole cluster. */
    public static QueueLayout leaf(String name, double capacity) {
        return new QueueLayout(name, capacity, 1.0, false);
    }
}
