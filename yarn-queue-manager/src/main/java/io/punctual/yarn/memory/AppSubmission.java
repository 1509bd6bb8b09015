package io.punctual.yarn.memory;

import io.punctual.sizing.Resources;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;

/**
 * An application submitted to an {@link InMemoryClusterGateway}: what YARN would be told (name, queue, tags, user)
 * and what the model needs to play it out (the resources it holds while it runs, and how long it runs once started).
 *
 * @param queue   a leaf queue, a reservation's queue (its id), or a plan queue (whose default queue then runs it)
 * @param demand  resources it holds while running, rounded up to the scheduler's minimum allocation
 * @param runTime how long after it starts running it succeeds, unless it is killed or finished first
 */
public record AppSubmission(String name, String queue, Set<String> tags, String user, Resources demand,
                            Duration runTime) {

    public AppSubmission {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(queue, "queue");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(demand, "demand");
        Objects.requireNonNull(runTime, "run time");
        tags = Set.copyOf(tags);
        if (demand.isZero()) {
            throw new IllegalArgumentException("an application holds at least one container, got " + demand);
        }
        if (runTime.isNegative() || runTime.isZero()) {
            throw new IllegalArgumentException("an application runs for a positive time, got " + runTime);
        }
    }
}
