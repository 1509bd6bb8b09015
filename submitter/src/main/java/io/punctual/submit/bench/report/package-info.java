/**
 * The weekly benchmark's report, built from what a run left in its directory and nothing else: {@code results.json},
 * {@code run.json} and the event logs kept beside them. It writes {@code report.html} (one self-contained page with no
 * scripts, every text from the rows escaped), {@code results.csv}, {@code summary.json} and the charts, with a
 * verdict per Punctual policy against issue 9's goal ({@link GoalVerdict}: at least 99% of admitted deadlines met, at
 * most 1.15 times the oracle's executor-seconds, and ahead of the static and dynamic policies on both).
 *
 * <p>{@code punctual bench report}, {@code compare} and {@code verify} are its {@link Subcommand}s; {@code verify}
 * recomputes every row and summary figure from the kept event logs ({@link ReportCheck}), so a report can be trusted
 * without the bench home that made it. Figures shared with every Punctual report come from
 * {@code io.punctual.sizing.outcome}. Files are written whole and moved into place, so a reader never sees half a
 * report.
 */
package io.punctual.submit.bench.report;
