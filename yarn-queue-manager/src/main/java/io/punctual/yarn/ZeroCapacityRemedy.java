package io.punctual.yarn;

/**
 * Works around a Hadoop 3.3.x fault: a new reservation queue gets correct percentages but zero effective
 * resources, so applications in it wait in ACCEPTED forever, until something makes the CapacityScheduler recompute
 * effective resources from the cluster resource. Implementations trigger that recomputation.
 */
@FunctionalInterface
public interface ZeroCapacityRemedy {

    /** Makes the scheduler recompute every queue's effective resources. */
    void apply();
}
