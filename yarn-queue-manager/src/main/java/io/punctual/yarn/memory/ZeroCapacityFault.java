package io.punctual.yarn.memory;

/**
 * The Hadoop 3.3.x fault an {@link InMemoryClusterGateway} can reproduce on purpose: a new reservation queue gets
 * its share as a percentage but zero effective resources, so applications in it wait in ACCEPTED with
 * {@code <memory:0, vCores:0>} in their diagnostics. See {@link io.punctual.yarn.ZeroCapacityRemedy}.
 */
public enum ZeroCapacityFault {

    /** Every reservation queue gets the resources its reservation holds, as a fixed Hadoop would. */
    NONE,

    /**
     * Reservation queues created while the fault is on have zero effective resources until the remedy recomputes
     * them (what {@code yarn rmadmin -updateNodeResource} does on a real cluster).
     */
    UNTIL_REMEDY,

    /**
     * As {@link #UNTIL_REMEDY}, but the remedy does not help: Hadoop 3.3.4 after a scheduler configuration change,
     * which only a ResourceManager restart cures.
     */
    PERMANENT
}
