package io.punctual.yarn;

import io.punctual.sizing.Resources;
import java.time.Instant;

/** Resources a reservation holds over [start, end), as the plan records it. */
public record AllocationStep(Instant start, Instant end, Resources resources) {
}
