package io.punctual.history.model;

import io.punctual.history.run.RunRecord;

import java.util.List;
import java.util.Locale;

/**
 * How a job's recorded times change with the executor count of its run, so a run recorded at one count can be
 * replayed at another (the executor-count analogue of {@link InputDrift}). Two effects, both learned from the job's
 * own runs:
 * <ul>
 *   <li><b>task time</b>: total task time grows with the executors a run had (each fresh executor JVM pays class
 *       loading and JIT warm-up on its first tasks; on a shared host more executors compete for its cores). Modelled
 *       as a power law, total task time ∝ executors^ε, with ε the least-squares slope of log(task time) on
 *       log(executors), clamped to [0, 2]. A run recorded at n_r replayed at n has every task scaled by
 *       (n / n_r)^ε;</li>
 *   <li><b>driver-only time</b> (start-up, executor registration, gaps between jobs): a straight line in the
 *       executor count, whose least-squares slope β (ms per executor, clamped to ≥ 0) shifts a run's driver time by
 *       β·(n − n_r).</li>
 * </ul>
 * Both are fitted when at least four runs span at least three distinct executor counts (two counts fit any curve
 * exactly and test none); otherwise the scaling is neutral. Counts are held inside the range the fitted runs span:
 * a trend seen between 1 and 4 executors says nothing about 80, so beyond the range only the replay itself (more
 * slots) changes the prediction. Task-time factors are clamped to [0.1, 10] as the input drift's are.
 * ε and β are never negative: none of the effects above makes a job faster per executor as executors are added,
 * and a negative slope from a few noisy runs would only promise speed the job never showed.
 * <p>
 * Not from the papers: RUSH's distribution estimator (rush-robust-scheduler, Section IV) and Rayon's periodic-job
 * predictions (rayon-reservation-based-scheduling, Section 3) take a job's history as samples of one distribution;
 * this removes the part of the spread that comes from the executor count each run was given, as {@link InputDrift}
 * removes the part that comes from its input (issue 3, item 4).
 *
 * @param taskElasticity       ε: exponent of executors in total task time, in [0, 2]
 * @param driverMsPerExecutor  β: driver-only milliseconds each further executor adds, ≥ 0
 * @param minExecutors         fewest executors among the fitted runs (targets below are raised to it)
 * @param maxExecutors         most executors among the fitted runs (targets above are lowered to it)
 * @param method               how the numbers were obtained, for {@code explain} and {@code history show}
 */
public record ExecutorScaling(double taskElasticity, double driverMsPerExecutor, int minExecutors, int maxExecutors,
                              String method) {

    static final int MIN_RUNS_TO_FIT = 4;
    static final int MIN_COUNTS_TO_FIT = 3;
    static final double MAX_ELASTICITY = 2;

    public ExecutorScaling {
        if (!(taskElasticity >= 0 && taskElasticity <= MAX_ELASTICITY)) {
            throw new IllegalArgumentException("task-time elasticity in executors must lie in [0, " + MAX_ELASTICITY
                    + "], got " + taskElasticity);
        }
        if (!(driverMsPerExecutor >= 0) || Double.isInfinite(driverMsPerExecutor)) {
            throw new IllegalArgumentException("driver time per executor must be finite and >= 0, got "
                    + driverMsPerExecutor);
        }
        if (minExecutors < 1 || maxExecutors < minExecutors) {
            throw new IllegalArgumentException("executor range must satisfy 1 <= min <= max, got [" + minExecutors
                    + ", " + maxExecutors + "]");
        }
    }

    /** No correction: replayed runs keep their recorded task and driver times at every executor count. */
    public static ExecutorScaling neutral(String why) {
        return new ExecutorScaling(0, 0, 1, 1, "neutral: " + why);
    }

    public boolean isNeutral() {
        return taskElasticity == 0 && driverMsPerExecutor == 0;
    }

    /**
     * The multiplier for the task durations of a run recorded at {@code recordedExecutors}, replayed at
     * {@code executors}; 1 when either count is unknown (below 1).
     */
    public double taskFactor(int recordedExecutors, int executors) {
        if (taskElasticity == 0 || recordedExecutors < 1 || executors < 1) {
            return 1.0;
        }
        double factor = Math.pow((double) held(executors) / held(recordedExecutors), taskElasticity);
        return Math.max(0.1, Math.min(10, factor));
    }

    /**
     * Milliseconds to add to the driver-only time of a run recorded at {@code recordedExecutors}, replayed at
     * {@code executors} (negative when replayed at fewer); 0 when either count is unknown (below 1).
     */
    public double driverShiftMs(int recordedExecutors, int executors) {
        if (driverMsPerExecutor == 0 || recordedExecutors < 1 || executors < 1) {
            return 0;
        }
        return driverMsPerExecutor * (held(executors) - held(recordedExecutors));
    }

    /** A count held inside the fitted range; both ends of a replay are held, so a run at its own count is unchanged. */
    int held(int executors) {
        return Math.max(minExecutors, Math.min(maxExecutors, executors));
    }

    /**
     * Fits the scaling over {@code runs}, their task times first corrected by {@code drift} so a change of input
     * between runs is not read as an effect of executors. Runs without executor events are left out of the fit.
     */
    static ExecutorScaling fit(List<RunRecord> runs, InputDrift drift) {
        List<RunRecord> usable = runs.stream()
                .filter(r -> r.executorsMax() >= 1 && r.totals().taskTimeMs() > 0).toList();
        long counts = usable.stream().mapToInt(RunRecord::executorsMax).distinct().count();
        if (usable.size() < MIN_RUNS_TO_FIT || counts < MIN_COUNTS_TO_FIT) {
            return neutral(String.format(Locale.ROOT, "%d runs at %d executor count(s); fitting needs %d runs at %d",
                    usable.size(), counts, MIN_RUNS_TO_FIT, MIN_COUNTS_TO_FIT));
        }
        int n = usable.size();
        double[] executors = new double[n];
        double[] logExecutors = new double[n];
        double[] logTaskMs = new double[n];
        double[] driverMs = new double[n];
        for (int i = 0; i < n; i++) {
            RunRecord run = usable.get(i);
            executors[i] = run.executorsMax();
            logExecutors[i] = Math.log(executors[i]);
            logTaskMs[i] = Math.log(run.totals().taskTimeMs() * drift.factor(run.totals().inputBytes()));
            driverMs[i] = run.driverOnlyMs();
        }
        double rawElasticity = slope(logExecutors, logTaskMs);
        double rawDriver = slope(executors, driverMs);
        int min = usable.stream().mapToInt(RunRecord::executorsMax).min().orElseThrow();
        int max = usable.stream().mapToInt(RunRecord::executorsMax).max().orElseThrow();
        double elasticity = Math.max(0, Math.min(MAX_ELASTICITY, rawElasticity));
        double driver = Math.max(0, rawDriver);
        return new ExecutorScaling(elasticity, driver, min, max, String.format(Locale.ROOT,
                "fitted over %d runs at %d executor counts (%d-%d): task time ~ executors^%.2f (raw %.2f), "
                        + "driver %+.2f s per executor (raw %+.2f)",
                n, counts, min, max, elasticity, rawElasticity, driver / 1000, rawDriver / 1000));
    }

    /** Ordinary least-squares slope of y on x; x must take at least two distinct values. */
    static double slope(double[] x, double[] y) {
        double meanX = 0;
        double meanY = 0;
        for (int i = 0; i < x.length; i++) {
            meanX += x[i];
            meanY += y[i];
        }
        meanX /= x.length;
        meanY /= y.length;
        double sxy = 0;
        double sxx = 0;
        for (int i = 0; i < x.length; i++) {
            sxy += (x[i] - meanX) * (y[i] - meanY);
            sxx += (x[i] - meanX) * (x[i] - meanX);
        }
        return sxy / sxx;
    }
}
