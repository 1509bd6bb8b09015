package io.punctual.history.model;

import java.util.Arrays;
import java.util.Optional;

/**
 * Demand per run in executor-core-seconds — the total workload v of RUSH (rush-robust-scheduler, Section II; its
 * distribution estimator, Section IV): the sum of a run's task durations times the cores each task holds,
 * corrected for input drift. The empirical samples are what RUSH's WCDE (Section III, Algorithms 1–2) quantizes
 * into its reference distribution φ; the fit is the smooth alternative (RUSH ships a Gaussian estimator).
 */
public final class DemandDistribution {

    private final double[] sortedCoreSeconds;
    private final Optional<FittedDistribution> fitted;

    DemandDistribution(double[] coreSeconds) {
        if (coreSeconds.length == 0) {
            throw new IllegalArgumentException("a demand distribution needs at least one run");
        }
        this.sortedCoreSeconds = coreSeconds.clone();
        Arrays.sort(sortedCoreSeconds);
        this.fitted = FittedDistribution.fit(sortedCoreSeconds);
    }

    /** One sample per training run, ascending, in executor-core-seconds. */
    public double[] samples() {
        return sortedCoreSeconds.clone();
    }

    public int size() {
        return sortedCoreSeconds.length;
    }

    public double empiricalQuantile(double q) {
        return Quantiles.nearestRank(sortedCoreSeconds, q);
    }

    /** The fitted Gaussian or log-normal; empty with fewer than three runs or no spread. */
    public Optional<FittedDistribution> fitted() {
        return fitted;
    }

    /** The fit's quantile when there is a fit, else the empirical one. */
    public double quantile(double q) {
        Quantiles.checkQuantile(q);
        return fitted.map(f -> f.quantile(q)).orElseGet(() -> empiricalQuantile(q));
    }

    public double mean() {
        return Arrays.stream(sortedCoreSeconds).average().orElse(0);
    }
}
