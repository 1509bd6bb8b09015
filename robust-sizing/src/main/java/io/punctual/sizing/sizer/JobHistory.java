package io.punctual.sizing.sizer;

import io.punctual.sizing.RuntimeCurve;
import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;

/**
 * What a job's past runs say about its next one, as sizing needs it.
 *
 * @param goodRuns        runs fit for training (complete, not lossy)
 * @param demandSamples   each good run's total demand, in executor-core-seconds
 * @param curve           predicted wall time against executors, from replaying the recorded runs
 * @param launchOverhead  time from submission until the application's first task (YARN, JVMs, executors)
 * @param p99TaskSeconds  the 99th percentile of task durations: the indivisible unit of work (Rayon's lease)
 * @param widestStageTasks tasks of the widest stage over the good runs: what Justice learns its fraction against
 */
public record JobHistory(int goodRuns, double[] demandSamples, RuntimeCurve curve, Duration launchOverhead,
                         double p99TaskSeconds, int widestStageTasks) {

    public JobHistory {
        Objects.requireNonNull(curve, "curve");
        Objects.requireNonNull(launchOverhead, "launchOverhead");
        demandSamples = demandSamples.clone();
        if (widestStageTasks < 0) {
            throw new IllegalArgumentException("widestStageTasks cannot be negative, got " + widestStageTasks);
        }
        if (goodRuns < 0) {
            throw new IllegalArgumentException("goodRuns cannot be negative, got " + goodRuns);
        }
    }

    /** A history that does not know its widest stage: Justice then uses the request's parallelism estimate. */
    public JobHistory(int goodRuns, double[] demandSamples, RuntimeCurve curve, Duration launchOverhead,
                      double p99TaskSeconds) {
        this(goodRuns, demandSamples, curve, launchOverhead, p99TaskSeconds, 0);
    }

    @Override
    public double[] demandSamples() {
        return demandSamples.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof JobHistory h && goodRuns == h.goodRuns && Arrays.equals(demandSamples, h.demandSamples)
                && curve.equals(h.curve) && launchOverhead.equals(h.launchOverhead) && p99TaskSeconds == h.p99TaskSeconds
                && widestStageTasks == h.widestStageTasks;
    }

    @Override
    public int hashCode() {
        return Objects.hash(goodRuns, Arrays.hashCode(demandSamples), curve, launchOverhead, p99TaskSeconds,
                widestStageTasks);
    }
}
