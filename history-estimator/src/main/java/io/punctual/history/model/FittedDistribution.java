package io.punctual.history.model;

import org.apache.commons.math3.distribution.LogNormalDistribution;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.RealDistribution;

import java.util.Arrays;
import java.util.Optional;

/**
 * A parametric fit of per-run demand, the reference distribution φ of RUSH (rush-robust-scheduler, Sections III
 * and IV; RUSH's own estimator is Gaussian):
 * Gaussian or log-normal, whichever has the higher maximum log-likelihood on the samples (both have two
 * parameters, so this is also the AIC choice). The Kolmogorov–Smirnov distance of the chosen fit to the samples
 * is kept so a reader can judge it. Needs at least three distinct positive samples.
 *
 * @param mu     mean (Gaussian) or mean of the logs (log-normal)
 * @param sigma  standard deviation, of the values or of their logs
 */
public record FittedDistribution(Family family, double mu, double sigma, double logLikelihood,
                                 double rivalLogLikelihood, double ksDistance) {

    public enum Family { GAUSSIAN, LOG_NORMAL }

    static final int MIN_SAMPLES = 3;

    static Optional<FittedDistribution> fit(double[] samples) {
        double[] x = samples.clone();
        Arrays.sort(x);
        int n = x.length;
        if (n < MIN_SAMPLES || x[0] <= 0 || x[0] == x[n - 1]) {
            return Optional.empty();
        }
        double[] logs = Arrays.stream(x).map(Math::log).toArray();
        double mean = mean(x);
        double sd = sdMle(x, mean);
        double logMean = mean(logs);
        double logSd = sdMle(logs, logMean);
        double sumLogs = Arrays.stream(logs).sum();
        // maximised log-likelihoods: -n/2·ln(2πσ²) - n/2, the log-normal one also paying the Jacobian Σ ln x
        double gaussian = -n / 2.0 * Math.log(2 * Math.PI * sd * sd) - n / 2.0;
        double logNormal = -n / 2.0 * Math.log(2 * Math.PI * logSd * logSd) - n / 2.0 - sumLogs;
        boolean pickLogNormal = logNormal > gaussian;
        Family family = pickLogNormal ? Family.LOG_NORMAL : Family.GAUSSIAN;
        FittedDistribution unscored = new FittedDistribution(family, pickLogNormal ? logMean : mean,
                pickLogNormal ? logSd : sd, Math.max(gaussian, logNormal), Math.min(gaussian, logNormal), 0);
        return Optional.of(new FittedDistribution(family, unscored.mu, unscored.sigma, unscored.logLikelihood,
                unscored.rivalLogLikelihood, ks(x, unscored.distribution())));
    }

    public double quantile(double p) {
        return Math.max(0, distribution().inverseCumulativeProbability(p));
    }

    public double cdf(double value) {
        return distribution().cumulativeProbability(value);
    }

    /** The mean of the fitted distribution (for a log-normal, exp(μ + σ²/2)). */
    public double mean() {
        return family == Family.GAUSSIAN ? mu : Math.exp(mu + sigma * sigma / 2);
    }

    private RealDistribution distribution() {
        return family == Family.GAUSSIAN ? new NormalDistribution(null, mu, sigma)
                : new LogNormalDistribution(null, mu, sigma);
    }

    private static double ks(double[] sorted, RealDistribution d) {
        int n = sorted.length;
        double worst = 0;
        for (int i = 0; i < n; i++) {
            double f = d.cumulativeProbability(sorted[i]);
            worst = Math.max(worst, Math.max((i + 1.0) / n - f, f - (double) i / n));
        }
        return worst;
    }

    private static double mean(double[] x) {
        return Arrays.stream(x).sum() / x.length;
    }

    private static double sdMle(double[] x, double mean) {
        double ss = 0;
        for (double v : x) {
            ss += (v - mean) * (v - mean);
        }
        return Math.sqrt(ss / x.length);
    }
}
