package io.punctual.history.model;

/**
 * The nearest-rank quantile: the smallest sample with at least a fraction q of the samples at or below it. With
 * few runs it errs toward the larger sample, the safe side for a deadline, and it is non-decreasing in q.
 */
final class Quantiles {

    private Quantiles() {
    }

    static double nearestRank(double[] sorted, double q) {
        if (sorted.length == 0) {
            throw new IllegalArgumentException("no samples to take a quantile of");
        }
        checkQuantile(q);
        int rank = (int) Math.ceil(q * sorted.length);
        return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
    }

    /** The nearest-rank q-quantile of unsorted {@code values}; NaN when there are none (no trials to judge by). */
    static double ofUnsorted(java.util.stream.DoubleStream values, double q) {
        double[] sorted = values.sorted().toArray();
        return sorted.length == 0 ? Double.NaN : nearestRank(sorted, q);
    }

    static void checkQuantile(double q) {
        if (!(q > 0 && q < 1)) {
            throw new IllegalArgumentException("a quantile lies strictly between 0 and 1, got " + q);
        }
    }
}
