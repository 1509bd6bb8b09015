package io.punctual.sizing.justice;

import java.time.Duration;

/** Durations as fractional seconds, without the overflow of {@link Duration#toNanos()} on long spans. */
final class Seconds {

    private Seconds() {
    }

    static double of(Duration duration) {
        return duration.getSeconds() + duration.getNano() / 1e9;
    }
}
