/**
 * Sizing a job history has not seen from its own width and the work per task the fleet's finished runs showed: the
 * part of Justice's learned fraction that does not depend on the deadline (Justice, Section 2, Algorithm 1's
 * {@code minReqRate}), kept apart from the launch and the serial tail of each stage so the job's own deadline reaches
 * its size (issue 24, item 4).
 *
 * <p>Justice learns {@code compTime / (deadline × maxCPUs)} from each finished job and applies the one number to the
 * next job's width. That number mixes three things: how long a task runs, how loose the deadline was, and the fixed
 * time no width shortens (the launch, and each stage's longest task). A job with a tighter deadline than the last
 * ones, or shorter relative to the launch, is then under-sized. Here each finished run contributes its work per
 * unit of width and its serial tail, in seconds, and a new job's CPUs follow from its own window:
 * <ul>
 *   <li>{@link io.punctual.sizing.width.ParallelWork} — one run's split by Graham's list-scheduling bound (a stage
 *       of total task time {@code t} whose longest task is {@code m} ends on {@code k} CPUs within
 *       {@code (t − m) / k + m});</li>
 *   <li>{@link io.punctual.sizing.width.ParallelWorkPrior} — the newest runs' splits, and for a job of width
 *       {@code W} and a window {@code w} after its launch the CPUs each would need,
 *       {@code (W·τ − tail) / (w − tail)}, whose θ-quantile sizes the job; the runs whose widths are nearest
 *       {@code W} stand for it, since a wide job more often shuffles than the fleet's mostly narrow runs.</li>
 * </ul>
 */
package io.punctual.sizing.width;
