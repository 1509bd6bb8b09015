package io.punctual.sizing.rayon.plan;

import io.punctual.sizing.Resources;
import java.util.Objects;

/** A constant stretch of a step function over time: {@code amount} during [start, end), in seconds. */
public record Segment(long start, long end, Resources amount) {

    public Segment {
        Objects.requireNonNull(amount, "amount");
        if (end <= start) {
            throw new IllegalArgumentException("a segment must end after it starts: [" + start + ", " + end + ")");
        }
    }

    public long length() {
        return end - start;
    }
}
