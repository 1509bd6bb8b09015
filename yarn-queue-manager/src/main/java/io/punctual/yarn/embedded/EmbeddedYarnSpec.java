package io.punctual.yarn.embedded;

import java.util.Objects;

/**
 * Shape of the in-process cluster. The defaults fit a 2-core, 24 GiB machine: YARN's vcores are a scheduling
 * unit, not a CPU limit, so 8 per NodeManager lets several 1-core executors run side by side.
 *
 * @param planQueue        leaf name of the reservable queue deadline jobs reserve in
 * @param bestEffortQueue  leaf name of the queue for work without a deadline
 * @param planPercent      share of the cluster the reservable queue's plan holds (its {@code capacity})
 * @param planMaximumPercent the most of the cluster the plan queue's applications may use ({@code maximum-capacity})
 */
public record EmbeddedYarnSpec(
        String name,
        int nodeManagers,
        int nodeMemoryMb,
        int nodeVcores,
        String planQueue,
        String bestEffortQueue,
        int planPercent,
        int planMaximumPercent) {

    public EmbeddedYarnSpec {
        Objects.requireNonNull(name, "name");
        if (nodeManagers < 1 || nodeMemoryMb < 1024 || nodeVcores < 1) {
            throw new IllegalArgumentException("an embedded cluster needs at least one NodeManager with 1 GiB and 1 vcore");
        }
        if (planPercent <= 0 || planPercent >= 100) {
            throw new IllegalArgumentException("the plan queue's share must be in 1..99 percent, got " + planPercent);
        }
        if (planMaximumPercent < planPercent || planMaximumPercent > 100) {
            throw new IllegalArgumentException("the plan queue's maximum must be in " + planPercent + "..100 percent"
                    + " (at least its share), got " + planMaximumPercent);
        }
    }

    public static EmbeddedYarnSpec defaults() {
        return new EmbeddedYarnSpec("punctual-embedded", 2, 8192, 8, "sla", "adhoc", 70, 100);
    }

    /**
     * This cluster with {@code total} vcores in all, spread over as many of its NodeManagers as divide them evenly, and
     * its memory kept: a cluster given no more vcores than the host has cores runs no more executors at once than
     * the host can (issue 26), where the default's 16 vcores on 2 cores time-share them.
     */
    public EmbeddedYarnSpec withVcores(int total) {
        if (total < 1) {
            throw new IllegalArgumentException("an embedded cluster needs at least 1 vcore, got " + total);
        }
        int nodes = Math.min(nodeManagers, total);
        while (total % nodes != 0) {
            nodes--;
        }
        int memoryMb = (int) ((long) nodeMemoryMb * nodeManagers / nodes);
        return new EmbeddedYarnSpec(name, nodes, memoryMb, total / nodes, planQueue, bestEffortQueue, planPercent,
                planMaximumPercent);
    }

    /** This cluster with its plan queue at {@code percent} of the cluster and at most {@code maximumPercent}. */
    public EmbeddedYarnSpec withPlanShare(int percent, int maximumPercent) {
        return new EmbeddedYarnSpec(name, nodeManagers, nodeMemoryMb, nodeVcores, planQueue, bestEffortQueue, percent,
                maximumPercent);
    }

    /** Every vcore of the cluster. */
    public int totalVcores() {
        return nodeManagers * nodeVcores;
    }
}
