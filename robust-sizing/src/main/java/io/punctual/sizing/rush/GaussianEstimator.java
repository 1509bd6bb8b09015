package io.punctual.sizing.rush;

import java.util.Optional;
import org.apache.commons.math3.special.Erf;

/**
 * RUSH's Gaussian estimator (§IV): by the central limit theorem a job's remaining demand, the sum of {@code r}
 * independent task demands with sample mean μ and sample variance σ², is taken as N(r·μ, r·σ²). With
 * {@code r = 1} and per-run samples it is simply N(mean, variance) of past runs.
 *
 * <p><b>Quantization range.</b> N(m, s²) is cut into {@code bins} equal-width bins over
 * [max(0, m − 8s), m + 8s], each standing for its upper edge. Eight standard deviations reach past the last tail
 * mass a double can hold (P(Z &gt; 8) ≈ 6·10⁻¹⁶), so the search can use every bit of upper tail φ really has. Mass
 * below the range (including negative demand, which cannot happen) is folded into the first bin; the vanishing mass
 * above it into the last. Consequence: η never exceeds m + 8s — when it reaches it, {@link WorstCaseDemand#atTopBin()}
 * says so. The bin width is 16s/bins (less when the range is truncated at 0), which bounds the quantization error.
 */
public final class GaussianEstimator implements DemandEstimator {

    /** Bins used when the caller has no preference: a resolution of 0.016 standard deviations. */
    public static final int DEFAULT_BINS = 1000;

    /** Half-width of the quantization range, in standard deviations. */
    public static final double SPAN_SDS = 8.0;

    private static final double SQRT2 = Math.sqrt(2.0);

    private final long remainingTasks;
    private final int bins;

    private GaussianEstimator(long remainingTasks, int bins) {
        if (remainingTasks < 1) {
            throw new IllegalArgumentException("remaining tasks must be >= 1, got " + remainingTasks
                    + "; a job with nothing left to run needs no sizing");
        }
        requireBins(bins);
        this.remainingTasks = remainingTasks;
        this.bins = bins;
    }

    /** Samples are whole-run demands: φ = N(sample mean, sample variance). */
    public static GaussianEstimator perRun(int bins) {
        return new GaussianEstimator(1, bins);
    }

    /** Samples are per-task demands: φ = N(r·μ, r·σ²) for {@code remainingTasks} = r. */
    public static GaussianEstimator perTask(long remainingTasks, int bins) {
        return new GaussianEstimator(remainingTasks, bins);
    }

    @Override
    public DemandEstimate estimate(double[] samples) {
        Optional<DemandEstimate.Unusable> problem = SampleSummary.problemWith(samples, 2, "Gaussian");
        if (problem.isPresent()) {
            return problem.get();
        }
        SampleSummary summary = SampleSummary.of(samples);
        if (!(summary.variance() > 0)) {
            return SampleSummary.zeroSpread(summary, "Gaussian");
        }
        double mean = remainingTasks * summary.mean();
        double sd = Math.sqrt(remainingTasks * summary.variance());
        return new DemandEstimate.Estimated(quantize(mean, sd, bins));
    }

    /**
     * N(mean, sd²) quantized as described in the class comment. A zero {@code sd} gives an impulse at the mean (the
     * exact limit); negative or non-finite arguments are refused.
     */
    public static DemandDistribution quantize(double mean, double sd, int bins) {
        DemandDistribution.requireDemand(mean, "Gaussian demand mean");
        if (!(sd >= 0) || Double.isInfinite(sd)) {
            throw new IllegalArgumentException("Gaussian demand standard deviation must be a finite number >= 0 of"
                    + " container-seconds, got " + sd);
        }
        requireBins(bins);
        if (sd == 0) {
            return DemandDistribution.impulse(mean);
        }
        double low = Math.max(0.0, mean - SPAN_SDS * sd);
        double width = (mean + SPAN_SDS * sd - low) / bins;
        double[] values = new double[bins];
        double[] masses = new double[bins];
        double lowerZ = Double.NEGATIVE_INFINITY;
        for (int l = 0; l < bins; l++) {
            values[l] = low + (l + 1) * width;
            double upperZ = l == bins - 1 ? Double.POSITIVE_INFINITY : (values[l] - mean) / sd;
            masses[l] = standardMass(lowerZ, upperZ);
            lowerZ = upperZ;
        }
        return DemandDistribution.of(values, masses);
    }

    /** P(a &lt; Z ≤ b) for a standard normal Z, computed on the side of 0 where it keeps its precision. */
    private static double standardMass(double a, double b) {
        if (b <= 0) {
            return lowerTail(b) - lowerTail(a);
        }
        if (a >= 0) {
            return upperTail(a) - upperTail(b);
        }
        return 1.0 - lowerTail(a) - upperTail(b);
    }

    private static double lowerTail(double z) {
        return z == Double.NEGATIVE_INFINITY ? 0.0 : 0.5 * Erf.erfc(-z / SQRT2);
    }

    private static double upperTail(double z) {
        return z == Double.POSITIVE_INFINITY ? 0.0 : 0.5 * Erf.erfc(z / SQRT2);
    }

    private static void requireBins(int bins) {
        if (bins < 1 || bins > 10_000_000) {
            throw new IllegalArgumentException("bins must be between 1 and 10,000,000 (default "
                    + DEFAULT_BINS + "), got " + bins);
        }
    }
}
