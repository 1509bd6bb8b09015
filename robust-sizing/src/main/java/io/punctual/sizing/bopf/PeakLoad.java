package io.punctual.sizing.bopf;

import io.punctual.sizing.Resources;

/**
 * The peak of the hard queues' summed bursts over a queue's ON windows, per resource, as bounds: the true peak lies
 * in [lower, upper] resource by resource, and {@link #isExact()} when the two meet.
 */
record PeakLoad(Resources lower, Resources upper) {

    static final PeakLoad NONE = new PeakLoad(Resources.ZERO, Resources.ZERO);

    static PeakLoad exact(long[] peak) {
        Resources value = toResources(peak);
        return new PeakLoad(value, value);
    }

    static PeakLoad between(long[] lower, long[] upper) {
        return new PeakLoad(toResources(lower), toResources(upper));
    }

    boolean isExact() {
        return lower.equals(upper);
    }

    static Resources toResources(long[] vector) {
        return Resources.of(vector[0], vector[1]);
    }
}
