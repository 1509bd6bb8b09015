package io.punctual.sizing.sizer;

import io.punctual.sizing.RuntimeCurve;
import io.punctual.sizing.rush.CountNormalisedDemand;
import io.punctual.sizing.rush.RunDemand;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What a job's past runs say about its next one, as sizing needs it.
 *
 * @param goodRuns        runs fit for training (complete, not lossy)
 * @param demands         each good run's total demand, in executor-core-seconds, with its executor count, oldest first
 * @param curve           predicted wall time against executors, from replaying the recorded runs
 * @param launchOverhead  time from submission until the application's first task (YARN, JVMs, executors)
 * @param p99TaskSeconds  the 99th percentile of task durations: the indivisible unit of work (Rayon's lease)
 * @param widestStageTasks tasks of the widest stage over the good runs: what Justice learns its fraction against
 */
public record JobHistory(int goodRuns, List<RunDemand> demands, RuntimeCurve curve, Duration launchOverhead,
                         double p99TaskSeconds, int widestStageTasks) {

    public JobHistory {
        Objects.requireNonNull(curve, "curve");
        Objects.requireNonNull(launchOverhead, "launchOverhead");
        demands = List.copyOf(demands);
        if (widestStageTasks < 0) {
            throw new IllegalArgumentException("widestStageTasks cannot be negative, got " + widestStageTasks);
        }
        if (goodRuns < 0) {
            throw new IllegalArgumentException("goodRuns cannot be negative, got " + goodRuns);
        }
    }

    /** A history that does not know its widest stage: Justice then uses the request's parallelism estimate. */
    public JobHistory(int goodRuns, List<RunDemand> demands, RuntimeCurve curve, Duration launchOverhead,
                      double p99TaskSeconds) {
        this(goodRuns, demands, curve, launchOverhead, p99TaskSeconds, 0);
    }

    /** Each run's demand as recorded, oldest first, whatever its executor count. */
    public double[] demandSamples() {
        return demands.stream().mapToDouble(RunDemand::coreSeconds).toArray();
    }

    /**
     * The demands RUSH's reference distribution is estimated from: each run's, normalised by the job's scaling curve
     * to the latest run's executor count ({@link CountNormalisedDemand}), so their spread is run-to-run noise, not the
     * mix of executor counts the runs had.
     */
    public double[] demandAtLatestCount() {
        return demands.isEmpty() ? new double[0]
                : CountNormalisedDemand.samples(demands, demands.get(demands.size() - 1).executors());
    }
}
