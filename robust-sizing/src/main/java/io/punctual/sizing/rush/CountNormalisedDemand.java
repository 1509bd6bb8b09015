package io.punctual.sizing.rush;

import java.util.List;

/**
 * The reference distribution φ of RUSH's worst-case demand (RUSH §III-A; its distribution estimator, §IV) from runs
 * at different executor counts. RUSH takes a job's history as samples of one distribution, so κ = η / (φ's
 * θ-quantile) measures its spread; runs at different counts need different container-time, and pooled as they are
 * the spread measures the mix of counts, not the run-to-run noise κ is meant to guard against (issue 24: pooled
 * demands 2.9–10.2× apart gave robust runtimes of 26–54 s to jobs whose fastest run was 11–21 s).
 *
 * <p>So each run's demand is normalised by the job's own scaling curve before φ is estimated: a power law
 * {@code ln v = a + b·ln n} fitted by least squares over the runs (with two counts it passes through both counts' mean
 * log demand, so it is the per-count normalisation exactly), and each run becomes the curve's demand at the reference
 * count times its own residual factor. The residuals are widened by {@code sqrt((N − 1)/(N − 2))}, the degrees of
 * freedom the fit used beyond a plain mean, so that N runs at N counts do not look steadier than N runs at one. Two
 * runs at two counts leave no residual to measure noise with; then, and when a demand is zero (no logarithm), the
 * samples are returned as recorded: the count mix then bounds the noise from above, which errs towards more executors.
 * A single count needs no normalisation.
 */
public final class CountNormalisedDemand {

    private CountNormalisedDemand() {
    }

    /**
     * Demand samples, one per run, in executor-core-seconds at {@code referenceExecutors}, whose spread is the
     * run-to-run noise at one count.
     */
    public static double[] samples(List<RunDemand> runs, int referenceExecutors) {
        double[] recorded = runs.stream().mapToDouble(RunDemand::coreSeconds).toArray();
        long counts = runs.stream().mapToInt(RunDemand::executors).distinct().count();
        boolean positive = runs.stream().allMatch(r -> r.coreSeconds() > 0);
        if (counts < 2 || runs.size() < 3 || !positive || referenceExecutors < 1) {
            return recorded;
        }
        int n = runs.size();
        double[] x = runs.stream().mapToDouble(r -> Math.log(r.executors())).toArray();
        double[] y = runs.stream().mapToDouble(r -> Math.log(r.coreSeconds())).toArray();
        double xMean = mean(x);
        double yMean = mean(y);
        double sxy = 0;
        double sxx = 0;
        for (int i = 0; i < n; i++) {
            sxy += (x[i] - xMean) * (y[i] - yMean);
            sxx += (x[i] - xMean) * (x[i] - xMean);
        }
        double slope = sxy / sxx;
        double atReference = yMean + slope * (Math.log(referenceExecutors) - xMean);
        double widen = Math.sqrt((n - 1.0) / (n - 2.0));
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            double residual = y[i] - (yMean + slope * (x[i] - xMean));
            out[i] = Math.exp(atReference + widen * residual);
        }
        return out;
    }

    private static double mean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }
}
