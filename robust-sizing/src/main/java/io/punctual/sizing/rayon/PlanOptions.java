package io.punctual.sizing.rayon;

import io.punctual.sizing.Resources;
import java.util.Objects;

/**
 * Settings of {@code punctual plan}. Defaults: GREE; a capacity of 100 vcores and 102,400 MiB (one hundred of the
 * {@code <1,1024>} bundles the paper's examples use — pass the cluster's real size with {@code --capacity}); a step of
 * 1 second, so plans are exact for whole-second inputs (a coarser step plans faster but rounds windows inward and
 * leases and work up to whole steps).
 */
public record PlanOptions(PlannerKind planner, Resources capacity, long stepSeconds) {

    public static final Resources DEFAULT_CAPACITY = Resources.of(100, 102_400);
    public static final long DEFAULT_STEP_SECONDS = 1;

    public PlanOptions {
        Objects.requireNonNull(planner, "planner");
        Objects.requireNonNull(capacity, "capacity");
        if (capacity.vcores() <= 0 || capacity.memoryMb() <= 0) {
            throw new IllegalArgumentException("--capacity must be positive in both resources, e.g. 100,102400; got "
                    + capacity);
        }
        if (stepSeconds <= 0) {
            throw new IllegalArgumentException("--step must be at least 1 second, got " + stepSeconds);
        }
    }

    public static PlanOptions defaults() {
        return new PlanOptions(PlannerKind.GREE, DEFAULT_CAPACITY, DEFAULT_STEP_SECONDS);
    }

    public PlanOptions withPlanner(PlannerKind kind) {
        return new PlanOptions(kind, capacity, stepSeconds);
    }

    public PlanOptions withCapacity(Resources newCapacity) {
        return new PlanOptions(planner, newCapacity, stepSeconds);
    }

    public PlanOptions withStep(long seconds) {
        return new PlanOptions(planner, capacity, seconds);
    }

    /** Reads a {@code --capacity} value written {@code <vcores>,<memoryMb>}. */
    public static Resources parseCapacity(String value) {
        String[] parts = value.strip().split("\\s*,\\s*");
        try {
            if (parts.length == 2) {
                return Resources.of(Long.parseLong(parts[0]), Long.parseLong(parts[1]));
            }
        } catch (NumberFormatException e) {
            // falls through to the message below
        }
        throw new IllegalArgumentException("--capacity takes <vcores>,<memoryMb> as whole numbers, e.g. 100,102400; got '"
                + value + "'");
    }
}
