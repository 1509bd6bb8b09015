/**
 * RUSH: robust, utility-aware sizing and scheduling of deadline jobs (rush-robust-scheduler.txt, Section III).
 *
 * <p>Three parts, each usable alone:
 * <ol>
 *   <li><b>Worst-case demand (WCDE, §III-A).</b> A {@link io.punctual.sizing.rush.DemandEstimator} turns history
 *       into a quantized reference distribution φ ({@link io.punctual.sizing.rush.DemandDistribution});
 *       {@link io.punctual.sizing.rush.WorstCaseDemandSearch} (Algorithm 2, using
 *       {@link io.punctual.sizing.rush.RelativeEntropyMinimization}, Algorithm 1) returns η, the largest θ-quantile
 *       of any distribution within KL distance δ of φ.</li>
 *   <li><b>Lexicographic max-min completion targets (§III-B).</b> {@link io.punctual.sizing.rush.OnionPeeling}
 *       gives every active job a target completion time T_i, given each job's η, its
 *       {@link io.punctual.sizing.rush.Utility} and the cluster's container count C.</li>
 *   <li><b>Continuous slot mapping (§III-C, Algorithm 4).</b> {@link io.punctual.sizing.rush.ContinuousSlotMapping}
 *       turns targets into uninterrupted container slots that never exceed C and finish by T_i + R_i.</li>
 * </ol>
 *
 * <p>Units: demand is container-seconds (for Spark, executor-core-seconds); all times (now, budgets, targets) are
 * seconds on one clock chosen by the caller. Everything here is pure: no clock, no I/O, immutable results.
 */
package io.punctual.sizing.rush;
