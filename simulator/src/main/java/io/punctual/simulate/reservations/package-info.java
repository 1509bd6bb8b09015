/**
 * Rayon's reservation-acceptance experiment on the simulated cluster ({@code punctual simulate --trace
 * reservations:...}, {@link ReservationSimulator}; rayon-reservation-based-scheduling.txt §6): seeded workloads in the
 * spirit of §6.1.2 ({@link RayonWorkload}: malleable jobs, gangs and multi-stage pipelines), placed by robust-sizing's
 * GREE and GREE-L into an empty plan, and scored with the metrics of §6.3 ({@link ReservationAcceptance}:
 * size-weighted acceptance, preemption, uniformity).
 *
 * <p>Every request can also be written as a YARN {@code ReservationDefinition}, so the benchmarks replay the same list
 * through YARN's own agents, which this module does not load. Accepted allocations are re-added to a capacity-checked
 * plan, so a placement that over-commits is caught and counted beside the metrics, whichever system made it.
 */
package io.punctual.simulate.reservations;
