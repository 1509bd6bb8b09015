package io.punctual.simulate.queues;

import io.punctual.simulate.RunReport;
import io.punctual.simulate.SimulationRequest;
import io.punctual.simulate.engine.JobResult;
import io.punctual.simulate.report.ReportFiles;
import io.punctual.sizing.Resources;
import io.punctual.sizing.bopf.QueueSpec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * {@code punctual simulate --trace bursts:…}: BoPF, DRF and strict priority over the same latency-sensitive and
 * throughput queues; a row per burst in {@code jobs.csv} (its deadline is its arrival plus its ON duration),
 * {@code summary.json} and the table.
 */
public final class BurstSimulator {

    private BurstSimulator() {
    }

    public static boolean handles(String trace) {
        return trace.startsWith(BurstWorkload.PREFIX);
    }

    /** The result: each allocator's metrics, as a table and as JSON. */
    public record Report(Map<String, Object> summary, List<BurstMetrics> metrics) implements RunReport {

        @Override
        public String table() {
            StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%-16s %7s %8s %9s %9s %9s %9s %9s %9s%n",
                    "policy", "bursts", "on time", "mean s", "p95 s", "vs DRF", "TQ share", "TQ slow", "TQ Jain"));
            for (BurstMetrics m : metrics) {
                out.append(String.format(Locale.ROOT, "%-16s %7d %8.3f %9.1f %9.1f %9.3f %9.3f %9.3f %9.3f%n",
                        m.policy(), m.bursts(), m.onTimeShare(), m.meanCompletionSeconds(), m.p95CompletionSeconds(),
                        m.completionVersusDrf(), m.throughputShare(), m.throughputSlowdownVersusDrf(),
                        m.throughputFairness()));
            }
            return out.toString();
        }
    }

    public static Report run(SimulationRequest request, Consumer<String> progress) {
        for (String policy : request.policies()) {
            if (!BurstSimulation.POLICIES.contains(policy)) {
                throw new IllegalArgumentException("policy '" + policy + "' does not allocate burst queues; with a"
                        + " bursts: workload use " + String.join(", ", BurstSimulation.POLICIES));
            }
        }
        BurstWorkload workload = BurstWorkload.parse(request.trace().substring(BurstWorkload.PREFIX.length()));
        Resources capacity = request.cluster().resources();
        List<QueueSpec> queues = workload.queues(capacity, request.seed());
        long horizon = workload.horizonSeconds();
        progress.accept(workload.lqs() + " latency-sensitive and " + workload.tqs() + " throughput queues on "
                + capacity + " for " + workload.hours() + " h, seed " + request.seed());
        Map<String, BurstSimulation.BurstRun> runs = new LinkedHashMap<>();
        BurstSimulation.BurstRun drf = BurstSimulation.run("drf", capacity, queues, horizon);
        for (String policy : request.policies()) {
            runs.put(policy, policy.equals("drf") ? drf : BurstSimulation.run(policy, capacity, queues, horizon));
            progress.accept(policy + ": done");
        }
        List<BurstMetrics> metrics = new ArrayList<>();
        runs.values().forEach(run -> metrics.add(BurstMetrics.of(run, horizon, capacity.vcores(), drf)));
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("workload", request.trace());
        summary.put("capacity", capacity);
        summary.put("seed", request.seed());
        summary.put("queueClasses", runs.containsKey("bopf") ? runs.get("bopf").classes() : Map.of());
        summary.put("policies", metrics);
        Report report = new Report(summary, metrics);
        request.reportDir().ifPresent(dir -> write(dir, runs, report));
        return report;
    }

    private static void write(Path dir, Map<String, BurstSimulation.BurstRun> runs, Report report) {
        List<JobResult> rows = new ArrayList<>();
        runs.values().forEach(run -> rows.addAll(run.bursts()));
        ReportFiles.write(dir, rows, report.summary());
    }
}
