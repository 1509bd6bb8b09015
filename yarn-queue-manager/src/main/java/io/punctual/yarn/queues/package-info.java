/**
 * Per-team queues on YARN's CapacityScheduler, changed at run time through its scheduler configuration API: a team's
 * queue appears when the team first needs it, is resized when its share changes and goes when it is no longer needed
 * ({@link TeamQueues}, implemented by {@link DonorTeamQueues}). YARN 3.3 wants siblings' capacities to add up to 100
 * percent, so a team queue's share is lent by a best-effort sibling, the donor, in the same atomic change
 * ({@link TeamQueueLayout}). This is BoPF's queue set-up (bopf-bounded-priority-fairness.txt §4.1) on an unmodified
 * YARN: Soft and Elastic queues get capacity and priority here, while a Hard queue's bursts are reserved through the
 * port.
 *
 * <p>Contract: a change is planned purely ({@link TeamQueuePlanner} from a {@link SchedulerConf}, in decimals so the
 * sum YARN checks is exact), then passes Punctual's own check, YARN's dry run and YARN's mutation
 * ({@link SchedulerConfRest}); the queue tree is left valid whatever happens. A change YARN will not take is a
 * {@link QueueChangeOutcome.Refused} and leaves the configuration as it was; a ResourceManager that cannot be reached
 * or changed is a {@code GatewayException}. No Hadoop type is named here.
 */
package io.punctual.yarn.queues;
