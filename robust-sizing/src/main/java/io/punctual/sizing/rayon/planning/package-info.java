/**
 * Rayon's placement heuristics and admission (§4–5 of rayon-reservation-based-scheduling.txt): where in time a
 * compiled reservation fits in a plan.
 *
 * <ul>
 *   <li>GREE, the procrastinating heuristic (§4.2): {@link Gree}, every atom as tall and as late as the plan allows
 *       near its deadline.</li>
 *   <li>GREE-L, the lower-preemption heuristic (§4.2, Algorithm 1): {@link GreeL}, each stage of an {@code order}
 *       spread as flat as it fits over a guessed interval.</li>
 *   <li>The gang constraint of the MILP formulation (§4.1, constraint (6)): allocations in whole multiples of g. The
 *       MILP itself is not implemented.</li>
 *   <li>Admission steps 2–4 (§5.1): {@link ReservationAdmission}, planner, then sharing policy, then the plan.</li>
 * </ul>
 *
 * <p>Contract: a {@link Planner} reads a plan and returns a {@link Placement}, placed or infeasible with a reason;
 * it never changes the plan, so a refusal leaves nothing behind, and only {@link ReservationAdmission} applies a
 * placement after the sharing policy accepted it. Planners are stateless and safe to share.
 */
package io.punctual.sizing.rayon.planning;
