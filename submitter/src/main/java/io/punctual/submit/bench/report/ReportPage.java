package io.punctual.submit.bench.report;

import io.punctual.submit.bench.RunInfo;
import io.punctual.submit.bench.BenchRow;
import org.eclipse.jetty.util.StringUtil;

import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code report.html}: one self-contained page (CSS inline, charts as {@code data:} PNGs, a Content-Security-Policy
 * that forbids scripts and every fetch) with the goal's verdict per policy, the summary table, the charts and every
 * job. Every text from the rows or {@code run.json} is HTML-escaped (Jetty's {@link StringUtil#sanitizeXmlString}),
 * so a job name or reason cannot add markup.
 */
public final class ReportPage {

    private static final String GOAL = "Goal (issue 9): Punctual meets ≥ 99% of the deadlines it admits at ≤ 1.15× "
            + "the oracle's executor-seconds, and beats static and dynamic on both.";
    private static final String STYLE = """
            body{font:15px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1100px;color:#222;padding:0 1em}
            h1{margin-bottom:.2em}.run{color:#555;margin-top:0}
            table{border-collapse:collapse;margin:1em 0;font-size:13px}
            th,td{border:1px solid #ccc;padding:3px 7px;text-align:right;vertical-align:top}
            th:first-child,td:first-child,td.text{text-align:left}thead th{background:#f3f3f3}
            .verdict{padding:.5em .8em;margin:.4em 0;border-left:6px solid #999;list-style:none}
            .met{border-color:#2ca02c;background:#eef8ee}.missed{border-color:#d62728;background:#fbeeee}
            .undecided{border-color:#ff7f0e;background:#fff5e8}.verdict ul{margin:.3em 0;font-size:13px}
            figure{margin:1.5em 0}figure img{max-width:100%;height:auto;border:1px solid #eee}
            figcaption{color:#555;font-size:13px}tr.miss td{background:#fdf1f1}
            """;

    private ReportPage() {
    }

    public static String render(ReportSummary summary, ReadReport report, List<ReportFigures.Figure> figures) {
        StringBuilder html = new StringBuilder(1 << 16);
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; ")
                .append("style-src 'unsafe-inline'\">")
                .append("<title>Punctual weekly benchmark</title><style>").append(STYLE).append("</style></head><body>\n")
                .append("<h1>Punctual weekly benchmark</h1>\n<p class=\"run\" id=\"run\">").append(runLine(summary))
                .append("</p>\n");
        goal(html, summary.goals());
        html.append("<h2>Summary per policy</h2>\n");
        summaryTable(html, "summary", summary.policies());
        if (summary.spansWeeks()) {
            html.append("<h2>Per week</h2>\n");
            summaryTable(html, "weeks", summary.weeks());
        }
        reasons(html, summary.policies());
        costSplit(html, CostSplit.of(report), summary.run());
        html.append("<h2>Charts</h2>\n");
        for (ReportFigures.Figure figure : figures) {
            html.append("<figure id=\"").append(esc(figure.id())).append("\"><img alt=\"").append(esc(figure.title()))
                    .append("\" src=\"data:image/png;base64,").append(Base64.getEncoder().encodeToString(figure.png()))
                    .append("\"><figcaption>").append(esc(figure.caption())).append("</figcaption></figure>\n");
        }
        JobsTable.render(html, report);
        problems(html, summary.problems());
        html.append("<p class=\"run\">Lateness is finishedAt − deadline over jobs that ran to success; quantiles are ")
                .append("nearest-rank. Executor-seconds are Σ executor lifetime × cores from the event logs; the ")
                .append("oracle is the fewest executor-seconds that would have met each deadline. Reserved-but-unused ")
                .append("is reservation vcore-seconds that the executors of the reservation's own jobs did not hold.")
                .append("</p>\n</body></html>\n");
        return html.toString();
    }

    static String esc(String text) {
        return text == null ? "" : StringUtil.sanitizeXmlString(text);
    }

    private static String runLine(ReportSummary summary) {
        RunInfo run = summary.run();
        if (run == null) {
            return "No run.json in this directory: the run's settings are unknown.";
        }
        return esc(String.format(Locale.ROOT, "%sSuite %s at scale %s, seed %d, %d weeks of history, deadline mix %s, "
                        + "contention %.0f%%; started %s, %s s wall time; cluster %s vcores, %s MB%s%s. Policies: %s."
                        + " %s%s",
                run.week() < 1 ? "" : "Week " + run.week() + ". ", run.suite(), run.scale(), run.seed(),
                run.weeksOfHistory(), run.deadlineMix(), run.contention() * 100, run.startedAt(),
                TextTable.whole(run.wallSeconds()), orNone(run.clusterVcores()), orNone(run.clusterMemoryMb()),
                run.hostCores() == null ? "" : " on a host of " + run.hostCores() + " cores",
                run.gateway() == null ? "" : ", through the gateway " + run.gateway(), String.join(", ", run.policies()),
                queues(run) + launchShare(run) + answers(run),
                run.status() == null || run.status().equals("finished") ? ""
                        : " The run's status is " + run.status() + ": these are the rows it wrote so far."));
    }

    /**
     * How much of each job's isolated run its launch took (issue 26: a job whose launch is a large part of its run
     * tests launch latency, not sizing; about 10% at most is the aim).
     */
    static String launchShare(RunInfo run) {
        double[] shares = run.jobs().values().stream().filter(j -> j.isolatedSeconds() != null
                && j.isolatedSeconds() > 0).mapToDouble(j -> j.overheadSeconds() / j.isolatedSeconds()).sorted()
                .toArray();
        if (shares.length == 0) {
            return "";
        }
        return String.format(Locale.ROOT, " Launch took %.0f–%.0f%% of each job's isolated run (median %.0f%%).",
                shares[0] * 100, shares[shares.length - 1] * 100, PolicySummary.quantile(shares, 50) * 100);
    }

    /** Whether each run's answer was checked by a second engine ({@code --verify}, issue 26). */
    static String answers(RunInfo run) {
        if (run.plan() == null) {
            return "";
        }
        return run.plan().verify() ? " Answers were checked against DuckDB's over the same input (--verify): a run"
                + " that answered otherwise failed, and met no deadline." : " Answers were not checked (no --verify).";
    }

    /** Where each policy's jobs ran, and on what share: the baselines and Punctual must share alike (issue 26). */
    static String queues(RunInfo run) {
        if (run.queues().isEmpty()) {
            return "The policies' queues were not recorded (a running gateway's cluster is not read), so whether they"
                    + " ran on the same share is not known.";
        }
        StringBuilder text = new StringBuilder("Queues:");
        run.queues().forEach((policy, share) -> text.append(' ').append(policy).append(" in ")
                .append(share.describe()).append(';'));
        text.setLength(text.length() - 1);
        return text.append('.').toString();
    }

    private static String orNone(Object value) {
        return value == null ? TextTable.NONE : value.toString();
    }

    private static void goal(StringBuilder html, List<GoalVerdict> goals) {
        html.append("<section id=\"goal\"><p>").append(esc(GOAL)).append("</p><ul>\n");
        if (goals.isEmpty()) {
            html.append("<li class=\"verdict undecided\">No Punctual policy ran, so the goal is not judged.</li>\n");
        }
        for (GoalVerdict verdict : goals) {
            String kind = verdict instanceof GoalVerdict.Met ? "met" : verdict instanceof GoalVerdict.Missed
                    ? "missed" : "undecided";
            html.append("<li class=\"verdict ").append(kind).append("\" data-policy=\"").append(esc(verdict.policy()))
                    .append("\"><strong>").append(esc(verdict.headline())).append("</strong><ul>");
            verdict.findings().forEach(f -> html.append("<li>").append(esc(f)).append("</li>"));
            html.append("</ul></li>\n");
        }
        html.append("</ul></section>\n");
    }

    private static void summaryTable(StringBuilder html, String id, List<PolicySummary> summaries) {
        String[] header = {"Policy", "Jobs", "Admitted", "Rejected", "Failed", "Met / admitted", "Met / all",
                "Unannounced misses (95% bound)", "Lateness p50 / p90 / max (s)", "Executor-seconds", "× oracle", "Prediction |error| p50 / p90 (s)",
                "Reserved but unused", "Wall time (s)", "First arrival to last finish (s)"};
        boolean weeks = summaries.stream().anyMatch(s -> s.week() != null);
        html.append("<table id=\"").append(id).append("\"><thead><tr>");
        for (int i = 0; i < header.length; i++) {
            html.append("<th>").append(esc(header[i])).append("</th>").append(i == 0 && weeks ? "<th>Week</th>" : "");
        }
        html.append("</tr></thead><tbody>\n");
        for (PolicySummary s : summaries) {
            String[] cells = SummaryTable.cells(s);
            html.append("<tr data-policy=\"").append(esc(s.policy())).append("\">");
            for (int i = 0; i < cells.length; i++) {
                html.append("<td>").append(esc(i == 0 ? cells[i] : cells[i].replace("/", " / "))).append("</td>");
                if (i == 0 && weeks) {
                    html.append("<td>").append(s.week() == null ? "all" : s.week()).append("</td>");
                }
            }
            html.append("<td>").append(TextTable.seconds(s.spanSeconds())).append("</td></tr>\n");
        }
        html.append("</tbody></table>\n");
    }

    private static void reasons(StringBuilder html, List<PolicySummary> summaries) {
        StringBuilder list = new StringBuilder();
        for (PolicySummary s : summaries) {
            reasonItem(list, s.policy(), "refused", s.rejectReasons());
            reasonItem(list, s.policy(), "failed", s.failReasons());
        }
        if (!list.isEmpty()) {
            html.append("<h2>Why jobs were refused or failed</h2>\n<ul id=\"reasons\">").append(list).append("</ul>\n");
        }
    }

    private static void reasonItem(StringBuilder list, String policy, String what, Map<String, Integer> reasons) {
        if (!reasons.isEmpty()) {
            list.append("<li>").append(esc(policy)).append(", ").append(what).append(": ").append(reasons.entrySet()
                    .stream().map(e -> e.getValue() + "× " + esc(e.getKey())).collect(Collectors.joining("; ")))
                    .append("</li>\n");
        }
    }

    private static void costSplit(StringBuilder html, List<CostSplit> splits, RunInfo run) {
        if (splits.isEmpty()) {
            return;
        }
        boolean underLoad = run != null && run.jobs().values().stream().anyMatch(j -> !j.underLoad().isEmpty());
        html.append("<h2>Cost over the oracle: the count, and the run</h2>\n<p>The oracle's table is each job's ")
                .append(underLoad ? "runs under the background load (median per executor count)"
                        : "idle history runs, which flatter every count (run with --oracle-runs 3 for runs under load)")
                .append(".</p>\n<ul id=\"cost-split\">");
        splits.forEach(split -> html.append("<li>").append(esc(split.sentence())).append("</li>"));
        html.append("</ul>\n");
    }

    private static void problems(StringBuilder html, List<String> problems) {
        if (!problems.isEmpty()) {
            html.append("<h2>Checked against the event logs</h2>\n<ul id=\"problems\">");
            problems.forEach(p -> html.append("<li>").append(esc(p)).append("</li>"));
            html.append("</ul>\n");
        }
    }
}
