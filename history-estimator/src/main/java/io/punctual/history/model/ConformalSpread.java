package io.punctual.history.model;

import java.util.OptionalDouble;

/**
 * Split-conformal quantiles from held-out ratios actual / predicted median: the q-quantile of a new run is the
 * predicted median times the ⌈(k+1)·q⌉-th smallest of k held-out ratios, which covers a fraction q of runs
 * exchangeable with the held-out ones whatever the model. Above the median the factor is at least 1 and below it at
 * most 1, so the median itself stays the cross-validated prediction.
 */
final class ConformalSpread {

    /** Fewer held-out ratios than this give no usable quantile. */
    static final int MIN_RATIOS = 3;

    private ConformalSpread() {
    }

    /** The factor on the predicted median for quantile {@code q}, from sorted {@code ratios}. */
    static OptionalDouble factor(double[] sortedRatios, double q) {
        int k = sortedRatios.length;
        if (k < MIN_RATIOS) {
            return OptionalDouble.empty();
        }
        int rank = Math.min(k, Math.max(1, (int) Math.ceil((k + 1) * q)));
        double ratio = sortedRatios[rank - 1];
        return OptionalDouble.of(q >= 0.5 ? Math.max(1, ratio) : Math.min(1, ratio));
    }
}
