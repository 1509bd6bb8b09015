/**
 * Re-planning a job while it runs (DESIGN.md §9, issue 25): Jockey's and Morpheus's loop of estimating the
 * remaining time from progress and adjusting the allocation, with RUSH's re-estimation of the remaining demand.
 *
 * <ul>
 *   <li>{@link io.punctual.sizing.replan.StageProgress} — one stage as the event log shows it, and
 *       {@link io.punctual.sizing.replan.StageProgress#expectedAfter} what a stage none of whose tasks has finished is
 *       expected to take (after the first stage, as much longer as runs like it showed: Jockey's per-stage progress
 *       indicator needs each stage's task time, which a job never seen has not shown yet);</li>
 *   <li>{@link io.punctual.sizing.replan.RemainingTimePlanner#remainingSeconds} — the θ-remaining time at any
 *       executor count, from RUSH's Gaussian distribution estimator (RUSH §IV) over the stage's finished tasks and
 *       its KL-robust worst case;</li>
 *   <li>{@link io.punctual.sizing.replan.RemainingTimePlanner#plan} — keep, grow, shrink or announce a predicted miss
 *       ({@link io.punctual.sizing.replan.Replan}).</li>
 * </ul>
 */
package io.punctual.sizing.replan;
