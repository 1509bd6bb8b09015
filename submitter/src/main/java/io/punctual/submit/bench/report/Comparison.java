package io.punctual.submit.bench.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.punctual.submit.bench.BenchRow;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Week over week (issue 9, item 4): two report directories side by side, per policy the change in the share of
 * admitted deadlines met, in executor-seconds and in the ratio to the oracle, and the same per job. A change is
 * after − before; null where either side lacks the value (a policy or job in one run only).
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record Comparison(String before, String after, List<PolicyChange> policies, List<JobChange> jobs) {

    public Comparison {
        policies = List.copyOf(policies);
        jobs = List.copyOf(jobs);
    }

    /** One policy in both runs (or in one: the other side's values are null). */
    public record PolicyChange(String policy, Integer jobsBefore, Integer jobsAfter, Double hitRateBefore,
                               Double hitRateAfter, Double hitRateChange, Double executorSecondsBefore,
                               Double executorSecondsAfter, Double executorSecondsChange, Double oracleRatioBefore,
                               Double oracleRatioAfter, Double oracleRatioChange) {
    }

    /** One job under one policy: its rows in each run summed (a job may arrive more than once in a run). */
    public record JobChange(String policy, String job, JobSide before, JobSide after, Double executorSecondsChange,
                            Double oracleRatioChange) {
    }

    /** A job's rows in one run: how many, how many met their deadline, their cost. */
    public record JobSide(int runs, int met, Double executorSeconds, Double oracleRatio) {
    }

    public static Comparison of(ReadReport before, ReadReport after) {
        Map<String, PolicySummary> a = byPolicy(before);
        Map<String, PolicySummary> b = byPolicy(after);
        Set<String> names = new LinkedHashSet<>(a.keySet());
        names.addAll(b.keySet());
        List<PolicyChange> policies = new ArrayList<>();
        for (String policy : names) {
            PolicySummary x = a.get(policy);
            PolicySummary y = b.get(policy);
            Double hitA = x == null ? null : x.hitRateAdmitted();
            Double hitB = y == null ? null : y.hitRateAdmitted();
            Double secA = x == null ? null : x.executorSeconds();
            Double secB = y == null ? null : y.executorSeconds();
            Double ratioA = x == null ? null : x.oracleRatio();
            Double ratioB = y == null ? null : y.oracleRatio();
            policies.add(new PolicyChange(policy, x == null ? null : x.jobs(), y == null ? null : y.jobs(), hitA, hitB,
                    change(hitA, hitB), secA, secB, change(secA, secB), ratioA, ratioB, change(ratioA, ratioB)));
        }
        return new Comparison(before.dir().toString(), after.dir().toString(), policies, jobs(before, after));
    }

    private static Map<String, PolicySummary> byPolicy(ReadReport report) {
        Map<String, PolicySummary> out = new LinkedHashMap<>();
        ReportSummary.of(report, RowUsage.unread(report)).policies().forEach(s -> out.put(s.policy(), s));
        return out;
    }

    private static List<JobChange> jobs(ReadReport before, ReadReport after) {
        Map<List<String>, List<BenchRow>> a = byJob(before);
        Map<List<String>, List<BenchRow>> b = byJob(after);
        Set<List<String>> keys = new LinkedHashSet<>(a.keySet());
        keys.addAll(b.keySet());
        List<JobChange> out = new ArrayList<>();
        for (List<String> key : keys) {
            JobSide x = Optional.ofNullable(a.get(key)).map(Comparison::side).orElse(null);
            JobSide y = Optional.ofNullable(b.get(key)).map(Comparison::side).orElse(null);
            out.add(new JobChange(key.get(0), key.get(1), x, y,
                    change(x == null ? null : x.executorSeconds(), y == null ? null : y.executorSeconds()),
                    change(x == null ? null : x.oracleRatio(), y == null ? null : y.oracleRatio())));
        }
        return out;
    }

    private static Map<List<String>, List<BenchRow>> byJob(ReadReport report) {
        Map<List<String>, List<BenchRow>> out = new LinkedHashMap<>();
        report.rows().forEach(t -> out.computeIfAbsent(List.of(t.row().policy(), t.row().job()),
                k -> new ArrayList<>()).add(t.row()));
        return out;
    }

    private static JobSide side(List<BenchRow> rows) {
        int met = (int) rows.stream().filter(r -> r.admitted() && r.metDeadline()).count();
        List<BenchRow> ran = rows.stream().filter(r -> r.executorSeconds() != null).toList();
        Double seconds = ran.isEmpty() ? null : ran.stream().mapToDouble(BenchRow::executorSeconds).sum();
        List<BenchRow> priced = ran.stream().filter(r -> r.oracleExecutorSeconds() != null).toList();
        double oracle = priced.stream().mapToDouble(BenchRow::oracleExecutorSeconds).sum();
        Double ratio = oracle > 0 ? priced.stream().mapToDouble(BenchRow::executorSeconds).sum() / oracle : null;
        return new JobSide(rows.size(), met, seconds, ratio);
    }

    static Double change(Double before, Double after) {
        return before == null || after == null ? null : after - before;
    }
}
