package io.punctual.submit.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One policy's numbers at the end of a run, from its rows: admitted and rejected jobs, deadline hit rate of the
 * admitted and of all jobs, executor-seconds, and their ratio to the oracle's over the jobs that ran and had one.
 */
public record BenchSummary(String policy, int jobs, int admitted, int rejected, int met, double executorSeconds,
                           double ratioToOracle) {

    public static BenchSummary of(String policy, List<BenchRow> rows) {
        List<BenchRow> own = rows.stream().filter(r -> r.policy().equals(policy)).toList();
        int admitted = (int) own.stream().filter(BenchRow::admitted).count();
        int met = (int) own.stream().filter(BenchRow::metDeadline).count();
        double spent = own.stream().map(BenchRow::executorSeconds).filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue).sum();
        List<BenchRow> compared = own.stream().filter(r -> r.executorSeconds() != null
                && r.oracleExecutorSeconds() != null && r.oracleExecutorSeconds() > 0).toList();
        double actual = compared.stream().mapToDouble(BenchRow::executorSeconds).sum();
        double oracle = compared.stream().mapToDouble(BenchRow::oracleExecutorSeconds).sum();
        return new BenchSummary(policy, own.size(), admitted, own.size() - admitted, met, spent,
                oracle > 0 ? actual / oracle : Double.NaN);
    }

    public double hitRateAdmitted() {
        return admitted == 0 ? Double.NaN : (double) met / admitted;
    }

    public double hitRateAll() {
        return jobs == 0 ? Double.NaN : (double) met / jobs;
    }

    /** The end-of-run table, one line per policy. */
    public static List<String> table(List<BenchSummary> summaries) {
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "%-20s %5s %9s %9s %5s %10s %9s %12s %9s", "policy", "jobs", "admitted",
                "rejected", "met", "hit(adm)", "hit(all)", "executor-s", "x oracle"));
        for (BenchSummary s : summaries) {
            lines.add(String.format(Locale.ROOT, "%-20s %5d %9d %9d %5d %10s %9s %12.1f %9s", s.policy, s.jobs,
                    s.admitted, s.rejected, s.met, percent(s.hitRateAdmitted()), percent(s.hitRateAll()),
                    s.executorSeconds, Double.isNaN(s.ratioToOracle) ? "-"
                            : String.format(Locale.ROOT, "%.2f", s.ratioToOracle)));
        }
        return lines;
    }

    public ObjectNode json() {
        ObjectNode node = JsonFiles.JSON.createObjectNode();
        node.put("jobs", jobs).put("admitted", admitted).put("rejected", rejected).put("met", met);
        number(node, "hitRateAdmitted", hitRateAdmitted());
        number(node, "hitRateAll", hitRateAll());
        node.put("executorSeconds", executorSeconds);
        number(node, "ratioToOracle", ratioToOracle);
        return node;
    }

    private static void number(ObjectNode node, String field, double value) {
        if (Double.isNaN(value)) {
            node.putNull(field);
        } else {
            node.put(field, value);
        }
    }

    private static String percent(double share) {
        return Double.isNaN(share) ? "-" : String.format(Locale.ROOT, "%.1f%%", share * 100);
    }
}
