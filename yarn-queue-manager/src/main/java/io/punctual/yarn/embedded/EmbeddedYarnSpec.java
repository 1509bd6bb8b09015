package io.punctual.yarn.embedded;

import java.util.Objects;

/**
 * Shape of the in-process cluster. The defaults fit a 2-core, 24 GiB machine: YARN's vcores are a scheduling
 * unit, not a CPU limit, so 8 per NodeManager lets several 1-core executors run side by side.
 *
 * @param planQueue        leaf name of the reservable queue deadline jobs reserve in
 * @param bestEffortQueue  leaf name of the queue for work without a deadline
 * @param planPercent      share of the cluster the reservable queue's plan holds
 */
public record EmbeddedYarnSpec(
        String name,
        int nodeManagers,
        int nodeMemoryMb,
        int nodeVcores,
        String planQueue,
        String bestEffortQueue,
        int planPercent) {

    public EmbeddedYarnSpec {
        Objects.requireNonNull(name, "name");
        if (nodeManagers < 1 || nodeMemoryMb < 1024 || nodeVcores < 1) {
            throw new IllegalArgumentException("an embedded cluster needs at least one NodeManager with 1 GiB and 1 vcore");
        }
        if (planPercent <= 0 || planPercent >= 100) {
            throw new IllegalArgumentException("the plan queue's share must be in 1..99 percent, got " + planPercent);
        }
    }

    public static EmbeddedYarnSpec defaults() {
        return new EmbeddedYarnSpec("punctual-embedded", 2, 8192, 8, "sla", "adhoc", 70);
    }
}
