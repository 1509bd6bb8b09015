package io.punctual.simulate.report;

import io.punctual.sizing.outcome.OutcomeFigures;

import io.punctual.simulate.engine.JobResult;
import io.punctual.simulate.engine.RunResult;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's metrics, as the Justice paper defines them (Section 5): satisfied-deadline ratio, productive and wasted
 * time ratios over CPU-seconds held, Jain's fairness over each job's share of its demand (capped at 1, zero for a job
 * that never ran), equality (Jain over allocations within each class of equal demand, weighted by class size), and
 * utilisation while jobs arrive (first to last arrival); plus the makespan and the simulation's own speed; and the
 * {@link OutcomeFigures} every report of Punctual shares (deadlines met over all jobs, unannounced misses over the
 * admitted with their 95% upper bound, CPU-seconds per deadline met, null when none was met).
 */
public record Metrics(String policy, int jobs, int met, int admitted, int dropped, int killed,
                      double satisfiedDeadlineRatio, double productiveTimeRatio, double wastedTimeRatio,
                      double fairness, double equality, double utilisation, double makespanHours, double cpuHours,
                      double jobsPerSecond, double sdrAll, long unannouncedMisses, double unannouncedMissRate,
                      double unannouncedMissRateUpper95, Double executorSecondsPerMet) {

    public static Metrics of(RunResult run) {
        List<JobResult> rows = run.jobs();
        int met = 0;
        int admitted = 0;
        int dropped = 0;
        int killed = 0;
        int unannounced = 0;
        double productive = 0;
        double total = 0;
        double[] shares = new double[rows.size()];
        double lastArrival = 0;
        for (int i = 0; i < rows.size(); i++) {
            JobResult row = rows.get(i);
            met += row.metDeadline() ? 1 : 0;
            admitted += row.admitted() ? 1 : 0;
            dropped += row.dropped() ? 1 : 0;
            killed += row.killed() ? 1 : 0;
            unannounced += row.admitted() && !row.metDeadline() ? 1 : 0;
            total += row.cpuSeconds();
            productive += row.metDeadline() ? row.cpuSeconds() : 0;
            shares[i] = Math.min(1.0, row.allocatedCpus() / row.requestedCpus());
            lastArrival = Math.max(lastArrival, row.arrival());
        }
        int n = rows.size();
        OutcomeFigures outcome = new OutcomeFigures(n, met, admitted, unannounced, total);
        return new Metrics(run.policy(), n, met, admitted, dropped, killed, outcome.sdrAll(),
                total > 0 ? productive / total : 0, total > 0 ? (total - productive) / total : 0, jain(shares),
                equality(rows), run.utilisation().overall(lastArrival), run.utilisation().end() / 3600, total / 3600,
                run.wallSeconds() > 0 ? n / run.wallSeconds() : Double.POSITIVE_INFINITY, outcome.sdrAll(),
                unannounced, outcome.unannouncedMissRate(), outcome.unannouncedMissRateUpper95(),
                met == 0 ? null : outcome.executorSecondsPerMet());
    }

    /** Jain's index (Σx)² / (n Σx²); 1 for an empty or all-zero set, where nobody is treated worse than another. */
    public static double jain(double[] values) {
        double sum = 0;
        double squares = 0;
        for (double v : values) {
            sum += v;
            squares += v * v;
        }
        return squares == 0 ? 1.0 : sum * sum / (values.length * squares);
    }

    static double equality(List<JobResult> rows) {
        Map<Integer, double[]> sums = new HashMap<>();
        for (JobResult row : rows) {
            double[] s = sums.computeIfAbsent(row.requestedCpus(), k -> new double[3]);
            s[0] += row.allocatedCpus();
            s[1] += row.allocatedCpus() * row.allocatedCpus();
            s[2] += 1;
        }
        double weighted = 0;
        for (double[] s : sums.values()) {
            double index = s[1] == 0 ? 1.0 : s[0] * s[0] / (s[2] * s[1]);
            weighted += index * s[2];
        }
        return rows.isEmpty() ? 1.0 : weighted / rows.size();
    }
}
