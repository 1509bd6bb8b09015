/**
 * Rayon's plan: the cluster's capacity over time and what admitted reservations hold of it (§5 of
 * rayon-reservation-based-scheduling.txt), kept apart from the planners that search it.
 *
 * <ul>
 *   <li>The plan itself, run-length encoded (§5.2): {@link StepFunction} and its {@link Segment}s, behind a read side
 *       ({@link PlanView}) that planners get and a write side ({@link PlanEdit}) that only the admission step holds;
 *       {@link RunLengthPlan} is the in-memory implementation.</li>
 *   <li>Sharing policies (§5.1, step 3; §5.2): {@link SharingPolicy}, with YARN's {@link CapacityOverTimePolicy}
 *       (a team's instantaneous and windowed-average share).</li>
 *   <li>The plan-quality metrics of the evaluation (§6.3): {@link PlanMetrics}.</li>
 * </ul>
 *
 * <p>Contract: a plan never holds more than its capacity at any instant; every change is checked and a violation
 * fails loudly, so a faulty planner cannot over-commit the cluster unnoticed. Time is a whole number in one unit per
 * plan with boundaries on its step (seconds in Punctual's own use; the in-memory YARN plans in milliseconds).
 * {@link StepFunction} is mutable and not thread-safe; readers get immutable segment lists. Knows nothing of RDL or
 * of any planner; depends only on {@code io.punctual.sizing}.
 */
package io.punctual.sizing.rayon.plan;
