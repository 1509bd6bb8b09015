package io.punctual.sizing.rush;

import java.util.Arrays;

/**
 * A job's demand distribution quantized into bins: the PMF φ_l of RUSH §III-A. Bin {@code l} stands for the demand
 * {@link #value(int)} (container-seconds); values strictly increase. Quantizers put a bin's <em>upper</em> edge
 * there, so a quantile read off the bins never understates demand.
 *
 * <p>Cumulative masses are kept from both ends: {@link #massBelow(int)} summed upwards and {@link #massFrom(int)}
 * summed downwards, so a thin upper tail — exactly what the worst-case search weighs — keeps its precision instead
 * of being computed as {@code 1 − (something close to 1)}.
 */
public final class DemandDistribution {

    private final double[] values;
    private final double[] probabilities;
    private final double[] below;
    private final double[] from;

    private DemandDistribution(double[] values, double[] probabilities) {
        this.values = values;
        this.probabilities = probabilities;
        int n = values.length;
        below = new double[n + 1];
        for (int l = 0; l < n; l++) {
            below[l + 1] = below[l] + probabilities[l];
        }
        from = new double[n + 1];
        for (int l = n - 1; l >= 0; l--) {
            from[l] = from[l + 1] + probabilities[l];
        }
    }

    /** All mass at one demand: the mean-time estimator's distribution. */
    public static DemandDistribution impulse(double value) {
        requireDemand(value, "impulse value");
        return new DemandDistribution(new double[] {value}, new double[] {1.0});
    }

    /**
     * A distribution over {@code values} (strictly increasing, finite, non-negative) with the given non-negative
     * {@code weights} (counts or probabilities; they are normalised to sum to 1, so their sum must be positive).
     */
    public static DemandDistribution of(double[] values, double[] weights) {
        if (values == null || weights == null || values.length == 0 || values.length != weights.length) {
            throw new IllegalArgumentException("a demand distribution needs as many weights as values, and at least"
                    + " one of each; got " + (values == null ? "no" : values.length) + " values and "
                    + (weights == null ? "no" : weights.length) + " weights");
        }
        double total = 0;
        for (int l = 0; l < values.length; l++) {
            requireDemand(values[l], "bin value #" + l);
            if (l > 0 && !(values[l] > values[l - 1])) {
                throw new IllegalArgumentException("bin values must strictly increase, but value #" + l + " = "
                        + values[l] + " follows " + values[l - 1] + "; merge equal bins before building");
            }
            if (!(weights[l] >= 0) || Double.isInfinite(weights[l])) {
                throw new IllegalArgumentException("bin weights must be finite and >= 0, but weight #" + l + " is "
                        + weights[l]);
            }
            total += weights[l];
        }
        if (!(total > 0)) {
            throw new IllegalArgumentException("bin weights sum to " + total + "; at least one bin needs mass");
        }
        double[] probabilities = new double[weights.length];
        for (int l = 0; l < weights.length; l++) {
            probabilities[l] = weights[l] / total;
        }
        return new DemandDistribution(values.clone(), probabilities);
    }

    static void requireDemand(double value, String what) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(what + " must be a finite, non-negative number of container-seconds,"
                    + " got " + value);
        }
    }

    public int bins() {
        return values.length;
    }

    public double value(int bin) {
        return values[bin];
    }

    public double probability(int bin) {
        return probabilities[bin];
    }

    /** Σ φ_m over m &lt; bin: the mass strictly below {@code bin} (0 for bin 0, ≈1 for {@code bins()}). */
    public double massBelow(int bin) {
        return below[bin];
    }

    /** Σ φ_m over m ≥ bin: the mass at or above {@code bin}, summed from the top. */
    public double massFrom(int bin) {
        return from[bin];
    }

    /**
     * The θ-quantile bin: the smallest bin whose cumulative mass reaches θ. When rounding leaves the total a hair
     * under θ, the top bin.
     */
    public int quantileBin(double theta) {
        int lo = 0;
        int hi = values.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (below[mid + 1] >= theta) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** The θ-quantile of this distribution: {@code value(quantileBin(theta))}. */
    public double quantile(double theta) {
        return values[quantileBin(theta)];
    }

    public double mean() {
        double sum = 0;
        for (int l = 0; l < values.length; l++) {
            sum += values[l] * probabilities[l];
        }
        return sum;
    }

    public double[] values() {
        return values.clone();
    }

    public double[] probabilities() {
        return probabilities.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof DemandDistribution d
                && Arrays.equals(values, d.values) && Arrays.equals(probabilities, d.probabilities);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(values) + Arrays.hashCode(probabilities);
    }

    @Override
    public String toString() {
        return "DemandDistribution[" + values.length + " bins over [" + values[0] + ", " + values[values.length - 1]
                + "], mean " + mean() + "]";
    }
}
