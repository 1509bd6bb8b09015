/**
 * What a simulation leaves behind and how its policies are scored: {@code jobs.csv} ({@link JobsCsv}, the same bytes
 * for the same seed), {@code summary.json} ({@link ReportFiles}), charts of completion against deadline and of
 * utilisation ({@link Plots}), and each policy's {@link Metrics}.
 *
 * <p>The metrics are the Justice paper's (§5: satisfied deadlines, productive and wasted time, Jain's fairness,
 * equality, utilisation) plus the outcome figures every Punctual report shares ({@code io.punctual.sizing.outcome},
 * DESIGN.md §10), so the simulator, the weekly benchmark and the gateway judge a policy by one measure. Every figure
 * can be recomputed from {@code jobs.csv}.
 */
package io.punctual.simulate.report;
