package io.punctual.submit.bench.report;

import io.punctual.submit.bench.BenchRow;

import java.util.List;
import java.util.Set;

/** The report page's per-job table: every row of {@code results.json}, a job that missed its deadline tinted. */
final class JobsTable {

    private static final List<String> HEADER = List.of("Policy", "Week", "Job", "Application", "Admitted", "Met",
            "Finish − deadline (s)", "Executors", "Executor-seconds", "Oracle", "× oracle", "Predicted − actual (s)",
            "Reason");
    /** Columns of text, left-aligned. */
    private static final Set<Integer> TEXT = Set.of(2, 3, 12);

    private JobsTable() {
    }

    static void render(StringBuilder html, ReadReport report) {
        html.append("<h2>Jobs</h2>\n<table id=\"jobs\"><thead><tr>");
        HEADER.forEach(h -> html.append("<th>").append(ReportPage.esc(h)).append("</th>"));
        html.append("</tr></thead><tbody>\n");
        for (TimedRow timed : report.rows()) {
            html.append("<tr").append(timed.met() ? "" : " class=\"miss\"").append(">");
            List<String> cells = cells(timed);
            for (int c = 0; c < cells.size(); c++) {
                html.append(TEXT.contains(c) ? "<td class=\"text\">" : "<td>").append(ReportPage.esc(cells.get(c)))
                        .append("</td>");
            }
            html.append("</tr>\n");
        }
        html.append("</tbody></table>\n");
    }

    static List<String> cells(TimedRow timed) {
        BenchRow r = timed.row();
        Double late = timed.finishedAt().map(f -> TimedRow.seconds(timed.deadline(), f)).orElse(null);
        Double ratio = r.executorSeconds() == null || r.oracleExecutorSeconds() == null
                || r.oracleExecutorSeconds() == 0 ? null : r.executorSeconds() / r.oracleExecutorSeconds();
        Double error = timed.predictionErrorSeconds().isPresent() ? timed.predictionErrorSeconds().getAsDouble() : null;
        return List.of(r.policy(), String.valueOf(r.week()), r.job(), text(r.appId()), r.admitted() ? "yes" : "no",
                timed.met() ? "yes" : "no", TextTable.seconds(late),
                r.executors() == null ? TextTable.NONE : String.valueOf(r.executors()),
                TextTable.whole(r.executorSeconds()), TextTable.whole(r.oracleExecutorSeconds()),
                TextTable.ratio(ratio), TextTable.seconds(error), text(r.reason()));
    }

    private static String text(String s) {
        return s == null ? "" : s;
    }
}
