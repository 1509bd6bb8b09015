package io.punctual.submit.bench.report;

import java.util.List;
import java.util.Locale;

/**
 * The summary table {@code punctual bench run} prints at its end and {@code punctual bench report} prints again: one
 * line per policy (or per policy and week), aligned plain text. Lateness and prediction error are in seconds.
 */
public final class SummaryTable {

    private SummaryTable() {
    }

    /** One line per summary; a week column when any summary is of one week. */
    public static String render(List<PolicySummary> summaries) {
        boolean weeks = summaries.stream().anyMatch(s -> s.week() != null);
        TextTable table = weeks
                ? new TextTable("policy", "week", "jobs", "admitted", "rejected", "failed", "met/admitted",
                "met/all", "unannounced miss", "late p50/p90/max s", "executor-s", "×oracle", "pred |err| p50/p90 s", "reserved unused", "wall s")
                : new TextTable("policy", "jobs", "admitted", "rejected", "failed", "met/admitted", "met/all",
                "unannounced miss", "late p50/p90/max s", "executor-s", "×oracle", "pred |err| p50/p90 s", "reserved unused", "wall s");
        for (PolicySummary s : summaries) {
            String[] cells = cells(s);
            if (weeks) {
                String[] withWeek = new String[cells.length + 1];
                withWeek[0] = cells[0];
                withWeek[1] = s.week() == null ? "all" : String.valueOf(s.week());
                System.arraycopy(cells, 1, withWeek, 2, cells.length - 1);
                cells = withWeek;
            }
            table.row(cells);
        }
        return table.render();
    }

    static String[] cells(PolicySummary s) {
        PolicySummary.Lateness late = s.lateness();
        PolicySummary.PredictionError error = s.predictionError();
        return new String[] {s.policy(), String.valueOf(s.jobs()), String.valueOf(s.admitted()),
                String.valueOf(s.rejected()), String.valueOf(s.failed()), TextTable.percent(s.hitRateAdmitted()),
                TextTable.percent(s.hitRateAll()), unannounced(s),
                TextTable.join(TextTable.seconds(late.p50()), TextTable.seconds(late.p90()),
                        TextTable.seconds(late.max())),
                TextTable.whole(s.executorSeconds()), TextTable.ratio(s.oracleRatio()),
                TextTable.join(TextTable.seconds(error.medianAbs()), TextTable.seconds(error.p90Abs())),
                unused(s.reserved()), TextTable.whole(s.wallSeconds())};
    }

    /** "16.7% (≤ 37.4%)": the unannounced miss rate and its 95% upper bound; none without an admitted job. */
    static String unannounced(PolicySummary s) {
        return s.admitted() == 0 ? TextTable.NONE : TextTable.percent(s.unannouncedMissRate()) + " (≤ "
                + TextTable.percent(s.unannouncedMissRateUpper95()) + ")";
    }

    /** "1200 of 5000 vcore-s (24.0%)", or the total alone when the unused part is unknown. */
    static String unused(PolicySummary.Reserved reserved) {
        if (reserved.vcoreSeconds() == null) {
            return TextTable.NONE;
        }
        if (reserved.unusedVcoreSeconds() == null) {
            return String.format(Locale.ROOT, "? of %.0f vcore-s", reserved.vcoreSeconds());
        }
        return String.format(Locale.ROOT, "%.0f of %.0f vcore-s (%s)", reserved.unusedVcoreSeconds(),
                reserved.vcoreSeconds(), TextTable.percent(reserved.unusedShare()));
    }
}
