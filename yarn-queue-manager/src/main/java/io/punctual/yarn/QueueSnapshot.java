package io.punctual.yarn;

import io.punctual.sizing.Resources;

/**
 * One scheduler queue at a moment.
 *
 * @param capacity        configured share of its parent, in [0, 1]
 * @param maximumCapacity configured ceiling as a share of its parent, in [0, 1]
 * @param usedCapacity    used share of its own guaranteed capacity (may exceed 1 when it borrows)
 * @param guaranteed      the resources the scheduler actually guarantees it now (its effective minimum)
 * @param ceiling         the resources it may grow to now (its effective maximum)
 */
public record QueueSnapshot(
        String name,
        String parent,
        double capacity,
        double maximumCapacity,
        double usedCapacity,
        Resources used,
        Resources guaranteed,
        Resources ceiling,
        int runningApps,
        int pendingApps) {
}
