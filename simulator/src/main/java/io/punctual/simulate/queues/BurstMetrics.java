package io.punctual.simulate.queues;

import io.punctual.simulate.engine.JobResult;
import io.punctual.simulate.report.Metrics;

import java.util.Arrays;

/**
 * How one allocator served latency-sensitive bursts and throughput queues (BoPF paper §5's measures): bursts that
 * finished within their ON duration (as if alone), mean and p95 burst completion from arrival, that mean relative to
 * DRF's on the same queues, the TQs' share of the cluster-time, their slowdown against DRF (DRF's TQ work over this
 * allocator's) and Jain's index over the TQs.
 */
public record BurstMetrics(String policy, int bursts, int finished, double onTimeShare, double meanCompletionSeconds,
                           double p95CompletionSeconds, double completionVersusDrf, double throughputShare,
                           double throughputSlowdownVersusDrf, double throughputFairness, double wallSeconds) {

    static BurstMetrics of(BurstSimulation.BurstRun run, long horizon, long capacityVcores,
                           BurstSimulation.BurstRun drf) {
        double[] completion = completions(run);
        int onTime = (int) run.bursts().stream().filter(JobResult::metDeadline).count();
        double mean = Arrays.stream(completion).average().orElse(Double.NaN);
        double drfMean = drf == null ? Double.NaN : Arrays.stream(completions(drf)).average().orElse(Double.NaN);
        double work = run.throughputWork().values().stream().mapToDouble(Double::doubleValue).sum();
        double drfWork = drf == null ? Double.NaN
                : drf.throughputWork().values().stream().mapToDouble(Double::doubleValue).sum();
        double[] perQueue = run.throughputWork().values().stream().mapToDouble(Double::doubleValue).toArray();
        return new BurstMetrics(run.policy(), run.bursts().size(), completion.length,
                run.bursts().isEmpty() ? 0 : onTime / (double) run.bursts().size(), mean,
                completion.length == 0 ? Double.NaN : completion[(int) Math.ceil(0.95 * completion.length) - 1],
                mean / drfMean, work / ((double) capacityVcores * horizon), drfWork / work, Metrics.jain(perQueue),
                run.wallSeconds());
    }

    private static double[] completions(BurstSimulation.BurstRun run) {
        return run.bursts().stream().filter(r -> !Double.isNaN(r.finish())).mapToDouble(r -> r.finish() - r.arrival())
                .sorted().toArray();
    }
}
