package io.punctual.submit.bench;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.Locale;

/**
 * The share of the cluster a queue gives the applications in it, as YARN reported it when the run started.
 *
 * @param queue           the queue's name
 * @param parent          its parent queue's name
 * @param capacity        its guaranteed share of the parent, in percent
 * @param maximumCapacity the most of the parent it may grow into, in percent
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record QueueShare(String queue, String parent, double capacity, double maximumCapacity) {

    /** YARN reports shares as floats; two shares a tenth of a percent apart are the same share. */
    private static final double SAME = 0.1;

    /** Whether applications here get what they would get in {@code other}: the same parent, guarantee and ceiling. */
    public boolean sameShareAs(QueueShare other) {
        return parent.equals(other.parent) && Math.abs(capacity - other.capacity) < SAME
                && Math.abs(maximumCapacity - other.maximumCapacity) < SAME;
    }

    /** {@code root.sla (40% of root, at most 40%)}. */
    public String describe() {
        return String.format(Locale.ROOT, "%s.%s (%s%% of %s, at most %s%%)", parent, queue, percent(capacity), parent,
                percent(maximumCapacity));
    }

    /** YARN's float shares to a tenth of a percent, without a trailing {@code .0}: 0.4 × 100 is 40.000000000000004. */
    private static String percent(double value) {
        double tenths = Math.round(value * 10) / 10.0;
        return tenths == Math.rint(tenths) ? Long.toString((long) tenths) : String.format(Locale.ROOT, "%.1f", tenths);
    }
}
