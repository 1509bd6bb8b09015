package io.punctual.yarn.queues;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The queue a team should have: its guaranteed share and ceiling, as fractions of the parent queue (the same unit
 * as {@link io.punctual.yarn.QueueSnapshot#capacity()}), and its priority among siblings. YARN 3.3 configures
 * capacities as percentages with this precision: shares are rounded to 0.01 percent.
 *
 * @param capacity        guaranteed share of the parent, in (0, 1]
 * @param maximumCapacity share of the parent the team may grow into when others leave it idle, in [capacity, 1]
 * @param priority        the CapacityScheduler queue priority (YARN-5864): among siblings that are both below their
 *                        guarantee, the higher one is served first; 0 is YARN's default. (YARN 3.3 has no queue
 *                        weights: the {@code 2w} capacity syntax arrived in 3.4.)
 */
public record TeamQueueSpec(String team, double capacity, double maximumCapacity, int priority) {

    private static final Pattern TEAM = Pattern.compile("[A-Za-z0-9_\\-]{1,64}");

    public TeamQueueSpec {
        Objects.requireNonNull(team, "team");
        if (!TEAM.matcher(team).matches()) {
            throw new IllegalArgumentException("team name '" + team + "' cannot name a YARN queue: use 1-64 letters,"
                    + " digits, '_' or '-'");
        }
        if (!(capacity > 0 && capacity <= 1)) {
            throw new IllegalArgumentException("team " + team + ": capacity is a share of the parent queue in (0, 1],"
                    + " got " + capacity);
        }
        if (!(maximumCapacity >= capacity && maximumCapacity <= 1)) {
            throw new IllegalArgumentException("team " + team + ": maximum capacity must be in [capacity, 1] = ["
                    + capacity + ", 1], got " + maximumCapacity);
        }
        if (priority < 0) {
            throw new IllegalArgumentException("team " + team + ": queue priority must be 0 or more, got " + priority);
        }
    }

    /** A queue with this guarantee, allowed to grow to the whole parent, at YARN's default priority. */
    public static TeamQueueSpec of(String team, double capacity) {
        return new TeamQueueSpec(team, capacity, 1.0, 0);
    }
}
