/**
 * Re-planning a job while it runs (DESIGN.md §9, issue 25): Jockey's and Morpheus's loop of estimating the
 * remaining time from progress and adjusting the allocation, with RUSH's re-estimation of the remaining demand.
 *
 * <ul>
 *   <li>{@link io.punctual.sizing.replan.StageProgress} — one stage as the event log shows it;</li>
 *   <li>{@link io.punctual.sizing.replan.RemainingTimePlanner#remainingSeconds} — the θ-remaining time at any
 *       executor count, from RUSH's Gaussian distribution estimator (RUSH §IV) over the stage's finished tasks and
 *       its KL-robust worst case;</li>
 *   <li>{@link io.punctual.sizing.replan.RemainingTimePlanner#plan} — keep, grow, shrink or announce a predicted miss
 *       ({@link io.punctual.sizing.replan.Replan}).</li>
 * </ul>
 */
package io.punctual.sizing.replan;
