package io.punctual.yarn.memory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A clock that moves only when told to. Tests and the simulator inject it wherever Punctual takes a
 * {@link Clock}, so waiting for a plan-follower step or an application's end costs nothing: they advance it instead
 * of sleeping. Safe to read and move from several threads; views made by {@link #withZone} move with it.
 */
public final class ManualClock extends Clock {

    private final AtomicReference<Instant> now;
    private final ZoneId zone;

    private ManualClock(AtomicReference<Instant> now, ZoneId zone) {
        this.now = now;
        this.zone = zone;
    }

    /** A clock in UTC that reads {@code start} until it is moved. */
    public ManualClock(Instant start) {
        this(new AtomicReference<>(Objects.requireNonNull(start, "start")), ZoneOffset.UTC);
    }

    @Override
    public Instant instant() {
        return now.get();
    }

    @Override
    public ZoneId getZone() {
        return zone;
    }

    /** The same clock seen from another zone: moving either moves both. */
    @Override
    public Clock withZone(ZoneId other) {
        return new ManualClock(now, Objects.requireNonNull(other, "zone"));
    }

    /** Moves the clock forward by {@code duration} and returns the new time. */
    public Instant advance(Duration duration) {
        Objects.requireNonNull(duration, "duration");
        if (duration.isNegative()) {
            throw new IllegalArgumentException("a clock advances by a positive duration, got " + duration
                    + "; use set() to move it back on purpose");
        }
        return now.updateAndGet(t -> t.plus(duration));
    }

    /**
     * Sets the time, forward or back. Moving it back is allowed (clock skew is a thing to test), but what already
     * happened in an {@link InMemoryClusterGateway} driven by this clock stays happened.
     */
    public void set(Instant instant) {
        now.set(Objects.requireNonNull(instant, "instant"));
    }

    @Override
    public String toString() {
        return "ManualClock[" + now.get() + "]";
    }
}
