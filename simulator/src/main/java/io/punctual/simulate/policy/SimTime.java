package io.punctual.simulate.policy;

import java.time.Duration;
import java.time.Instant;

/** Simulated seconds as the instants and durations the production algorithms take. */
final class SimTime {

    private SimTime() {
    }

    static Instant at(double seconds) {
        return Instant.EPOCH.plusNanos(Math.round(seconds * 1e9));
    }

    static Duration of(double seconds) {
        return Duration.ofNanos(Math.max(1, Math.round(seconds * 1e9)));
    }
}
