package io.punctual.simulate.policy;

import java.time.Duration;
import java.time.Instant;

/**
 * Simulated seconds as the instants and durations the production algorithms take: second 0 of a trace is the epoch.
 */
public final class SimTime {

    private SimTime() {
    }

    public static Instant at(double seconds) {
        return Instant.EPOCH.plusNanos(Math.round(seconds * 1e9));
    }

    public static Duration of(double seconds) {
        return Duration.ofNanos(Math.max(1, Math.round(seconds * 1e9)));
    }

    /** The simulated seconds of an instant: the inverse of {@link #at}. */
    public static double seconds(Instant instant) {
        return instant.getEpochSecond() + instant.getNano() / 1e9;
    }
}
