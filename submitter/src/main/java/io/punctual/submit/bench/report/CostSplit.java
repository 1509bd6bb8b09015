package io.punctual.submit.bench.report;

import io.punctual.submit.bench.BenchRow;
import io.punctual.submit.bench.JobProfile;
import io.punctual.submit.bench.RunInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Where a policy's cost over the oracle comes from (issue 26, item 3), split in two factors whose product is its
 * ratio to the oracle over the same rows: the <em>count ratio</em>, what the executor counts it chose cost in the
 * oracle's own table against the oracle's choice; and the <em>lifetime inflation</em>, what its runs cost against
 * that table at the counts they ran at (the load, the host's noise, executors kept longer). A policy can choose the
 * oracle's count and still cost more, or choose well and run slowly.
 *
 * @param rows the rows with an executor count, a cost, an oracle and a table entry at their count
 */
record CostSplit(String policy, int rows, double countRatio, double inflation) {

    /** One split per policy with at least one such row, in the rows' order. */
    static List<CostSplit> of(ReadReport report) {
        Map<String, double[]> sums = new LinkedHashMap<>(); // oracle, table at the chosen count, actual
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (TimedRow timed : report.rows()) {
            BenchRow r = timed.row();
            Optional<Double> table = tableAt(report.run(), r);
            if (table.isEmpty() || r.executorSeconds() == null || r.oracleExecutorSeconds() == null) {
                continue;
            }
            double[] sum = sums.computeIfAbsent(r.policy(), p -> new double[3]);
            sum[0] += r.oracleExecutorSeconds();
            sum[1] += table.get();
            sum[2] += r.executorSeconds();
            counts.merge(r.policy(), 1, Integer::sum);
        }
        List<CostSplit> splits = new ArrayList<>();
        sums.forEach((policy, sum) -> {
            if (sum[0] > 0 && sum[1] > 0) {
                splits.add(new CostSplit(policy, counts.get(policy), sum[1] / sum[0], sum[2] / sum[1]));
            }
        });
        return splits;
    }

    /** The oracle's table cost at the row's executor count: its runs under load when the bench made them. */
    private static Optional<Double> tableAt(Optional<RunInfo> run, BenchRow row) {
        if (run.isEmpty() || row.executors() == null) {
            return Optional.empty();
        }
        RunInfo.JobMeasure job = run.get().jobs().get(row.job());
        if (job == null) {
            return Optional.empty();
        }
        List<JobProfile.AtCount> table = job.underLoad().isEmpty() ? job.byCount() : job.underLoad();
        return table.stream().filter(c -> c.executors() == row.executors()).map(JobProfile.AtCount::executorSeconds)
                .findFirst();
    }

    String sentence() {
        return String.format(Locale.ROOT, "%s: the counts it chose cost %.2f× the oracle's in the oracle's table, and"
                + " its runs cost %.2f× that table at those counts (%d row%s)", policy, countRatio, inflation, rows,
                rows == 1 ? "" : "s");
    }
}
