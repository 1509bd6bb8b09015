package io.punctual.submit.bench.report;

import io.punctual.submit.bench.BenchRow;
import io.punctual.submit.bench.CoreSpan;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/** The report's figures: each chart's data taken from the rows, the event logs and the summaries, then drawn. */
public final class ReportFigures {

    /** A drawn chart with what the page says about it. */
    public record Figure(String id, String title, String caption, byte[] png) {
    }

    private ReportFigures() {
    }

    public static List<Figure> of(ReadReport report, RowUsage logs, List<WeekColumn> weeks,
                                  List<PolicySummary> policies) {
        Map<String, List<TimedRow>> byPolicy = ReportSummary.byPolicy(report);
        ReportCharts charts = new ReportCharts(List.copyOf(byPolicy.keySet()));
        List<Figure> figures = new ArrayList<>();
        figures.add(new Figure("lateness-cdf", "Lateness CDF per policy",
                "finishedAt − deadline of every job that ran to success; left of the dashed line is on time.",
                charts.latenessCdf(lateness(byPolicy))));
        figures.add(new Figure("cost-vs-oracle", "Executor-seconds against the oracle, per job",
                "One point per job that has an oracle; on the lower dashed line a job cost what the oracle needs, "
                        + "on the upper one 1.15× that (the goal).", charts.costVsOracle(costPoints(byPolicy))));
        figures.add(pareto(policies, charts));
        figures.addAll(capacity(report, logs, byPolicy, charts));
        figures.addAll(weekly(weeks, byPolicy.keySet(), charts));
        return figures;
    }

    /** Deadlines met against cost per policy, with what the goal's verdicts say of Punctual's points. */
    private static Figure pareto(List<PolicySummary> policies, ReportCharts charts) {
        List<ParetoFront.Point> points = ParetoFront.points(policies);
        List<String> placed = policies.stream().filter(p -> p.policy().startsWith("punctual") && p.jobs() > 0)
                .map(p -> p.policy() + ": " + ParetoFront.check(p, policies).sentence()).toList();
        return new Figure("pareto", "Deadlines met against executor-seconds per met deadline", "One point per policy:"
                + " deadlines met over all its jobs (a refusal is a miss) against the executor-seconds it spent per"
                + " deadline met; up and to the left is better. The dashed line joins the baselines (static at each"
                + " count, dynamic) that no other baseline beats on both. " + (placed.isEmpty()
                ? "No Punctual policy ran." : String.join("; ", placed) + "."),
                charts.pareto(points, ParetoFront.frontier(points)));
    }

    /** Reserved against used vcores for each of Punctual's policies and any other that reserved. */
    private static List<Figure> capacity(ReadReport report, RowUsage logs, Map<String, List<TimedRow>> byPolicy,
                                         ReportCharts charts) {
        List<Figure> figures = new ArrayList<>();
        for (Map.Entry<String, List<TimedRow>> policy : byPolicy.entrySet()) {
            List<CoreSpan> reserved = reserved(report, policy.getKey());
            if (policy.getKey().startsWith("punctual") || !reserved.isEmpty()) {
                figures.add(new Figure("capacity-" + (figures.size() + 1), "Reserved versus used capacity: "
                        + policy.getKey(), "Vcores the policy's YARN reservations held (grey) and the vcores its "
                        + "jobs' executors held, from their event logs (the drivers' containers are not in the logs).",
                        charts.capacity(policy.getKey(), reserved, used(policy.getValue(), logs),
                                origin(policy.getValue()))));
            }
        }
        return figures;
    }

    /** Hit rate and cost per week: the cost is the ratio to the oracle, or executor-seconds when no job has one. */
    private static List<Figure> weekly(List<WeekColumn> weeks, Set<String> policies, ReportCharts charts) {
        List<Figure> figures = new ArrayList<>();
        List<String> labels = weeks.stream().map(WeekColumn::label).toList();
        figures.add(new Figure("weekly-hit-rate", "Deadlines met, week over week",
                "Share of all jobs that met their deadline (a refusal is a miss), per policy and week.",
                charts.weekly("Deadlines met over all jobs", "%", labels,
                        values(weeks, policies, s -> s.jobs() == 0 ? null : s.sdrAll() * 100))));
        boolean oracle = weeks.stream().flatMap(w -> w.policies().stream()).anyMatch(s -> s.oracleRatio() != null);
        figures.add(new Figure("weekly-cost", "Cost, week over week", oracle
                ? "Σ executor-seconds ÷ Σ oracle executor-seconds, per policy and week."
                : "Σ executor-seconds per policy and week (no job has an oracle).",
                charts.weekly(oracle ? "Executor-seconds ÷ oracle" : "Executor-seconds", oracle ? "× oracle"
                        : "executor-seconds", labels, values(weeks, policies, oracle
                        ? PolicySummary::oracleRatio : PolicySummary::executorSeconds))));
        return figures;
    }

    private static Map<String, double[]> lateness(Map<String, List<TimedRow>> byPolicy) {
        Map<String, double[]> out = new LinkedHashMap<>();
        byPolicy.forEach((policy, rows) -> out.put(policy, rows.stream().map(TimedRow::latenessSeconds)
                .filter(o -> o.isPresent()).mapToDouble(o -> o.getAsDouble()).toArray()));
        return out;
    }

    private static Map<String, double[][]> costPoints(Map<String, List<TimedRow>> byPolicy) {
        Map<String, double[][]> out = new LinkedHashMap<>();
        byPolicy.forEach((policy, rows) -> {
            List<BenchRow> priced = rows.stream().map(TimedRow::row)
                    .filter(r -> r.executorSeconds() != null && r.oracleExecutorSeconds() != null).toList();
            out.put(policy, new double[][] {priced.stream().mapToDouble(BenchRow::oracleExecutorSeconds).toArray(),
                    priced.stream().mapToDouble(BenchRow::executorSeconds).toArray()});
        });
        return out;
    }

    private static List<CoreSpan> reserved(ReadReport report, String policy) {
        return report.run().map(run -> run.reservationsOf(policy)).orElse(List.of()).stream()
                .map(r -> new CoreSpan(Instant.parse(r.from()).toEpochMilli(), Instant.parse(r.to()).toEpochMilli(),
                        r.vcores())).toList();
    }

    private static List<CoreSpan> used(List<TimedRow> rows, RowUsage logs) {
        return rows.stream().map(t -> logs.of(t.row())).flatMap(Optional::stream)
                .flatMap(u -> u.spans().stream()).toList();
    }

    private static long origin(List<TimedRow> rows) {
        return rows.stream().map(TimedRow::arrival).min(Instant::compareTo).orElse(Instant.EPOCH).toEpochMilli();
    }

    private static Map<String, Double[]> values(List<WeekColumn> weeks, Iterable<String> policies,
                                                Function<PolicySummary, Double> metric) {
        Map<String, Double[]> out = new LinkedHashMap<>();
        for (String policy : policies) {
            out.put(policy, weeks.stream().map(w -> w.of(policy).map(metric).orElse(null)).toArray(Double[]::new));
        }
        return out;
    }
}
