/**
 * Rayon (Curino et al., "Reservation-based Scheduling: If You're Late Don't Blame Us!", SoCC 2014; section numbers
 * as in rayon-reservation-based-scheduling.txt) put to work for Punctual: the entry points that join its language
 * ({@code rayon.rdl}), its plan ({@code rayon.plan}) and its planners ({@code rayon.planning}).
 *
 * <ul>
 *   <li>Deriving RDL from a job (§3.1): {@link SparkReservations} turns a sized Spark job into an atom inside
 *       {@code window(now, deadline)}, and a pipeline of jobs into an {@code order} of stages.</li>
 *   <li>{@code punctual plan} (§3–4): {@link PlanFile} parses, compiles and admits one reservation per line into an
 *       empty plan with the planner named by {@link PlannerKind}, under {@link PlanOptions}; a file with any
 *       unreadable line gives its syntax errors and no plan ({@link PlanRun}), so a typo never reads as a
 *       rejection.</li>
 * </ul>
 *
 * <p>Pure, like the rest of robust-sizing. No sub-package imports this one: the language and the plan stand alone,
 * and the planners join the two.
 */
package io.punctual.sizing.rayon;
