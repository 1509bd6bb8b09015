package io.punctual.yarn.queues;

/**
 * The CapacityScheduler's mutable queue configuration (YARN's scheduler configuration API): read it, and change it
 * atomically. A change is checked and validated before it is applied, and a refused change leaves the configuration
 * exactly as it was.
 *
 * <p>Failing to reach the ResourceManager, or a ResourceManager that does not allow changes (no mutable
 * configuration store, or the user is not a YARN admin), is a {@link io.punctual.yarn.GatewayException}; a change
 * the scheduler does not accept is a {@link QueueChangeOutcome.Refused}.
 */
public interface SchedulerConfiguration {

    SchedulerConf read();

    QueueChangeOutcome apply(QueueChange change);
}
