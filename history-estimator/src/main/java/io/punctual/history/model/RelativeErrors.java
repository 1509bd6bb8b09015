package io.punctual.history.model;

import java.util.stream.DoubleStream;

/** A set of held-out predictions judged by relative error |predicted − actual| / actual, nearest-rank quantiles. */
public interface RelativeErrors {

    DoubleStream relativeErrors();

    /** NaN when nothing was held out. */
    default double medianError() {
        return Quantiles.ofUnsorted(relativeErrors(), 0.5);
    }

    default double p90Error() {
        return Quantiles.ofUnsorted(relativeErrors(), 0.9);
    }
}
