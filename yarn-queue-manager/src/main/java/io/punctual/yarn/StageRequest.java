package io.punctual.yarn;

import io.punctual.sizing.Resources;
import java.time.Duration;
import java.util.Objects;

/**
 * One stage of a reservation: {@code containers} containers of {@code capability}, of which at least
 * {@code concurrency} must run at the same time (a gang when equal), each for {@code duration}.
 */
public record StageRequest(Resources capability, int containers, int concurrency, Duration duration) {

    public StageRequest {
        Objects.requireNonNull(capability, "capability");
        Objects.requireNonNull(duration, "duration");
        if (capability.memoryMb() <= 0 || capability.vcores() <= 0) {
            throw new IllegalArgumentException("a container needs memory and vcores, got " + capability);
        }
        if (containers <= 0) {
            throw new IllegalArgumentException("a stage needs at least one container, got " + containers);
        }
        if (concurrency <= 0 || concurrency > containers) {
            throw new IllegalArgumentException("concurrency must be in 1.." + containers + ", got " + concurrency);
        }
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException("a stage must last longer than zero, got " + duration);
        }
    }

    /** A gang: every container at once. */
    public static StageRequest gang(Resources capability, int containers, Duration duration) {
        return new StageRequest(capability, containers, containers, duration);
    }
}
