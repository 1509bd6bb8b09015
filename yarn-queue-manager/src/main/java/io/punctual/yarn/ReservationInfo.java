package io.punctual.yarn;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** A reservation as the ResourceManager's plan holds it: its request and where the agent placed it. */
public record ReservationInfo(
        ReservationId id,
        String name,
        String user,
        Instant arrival,
        Instant deadline,
        List<AllocationStep> allocation) {

    public ReservationInfo {
        allocation = allocation.stream().sorted(Comparator.comparing(AllocationStep::start)).toList();
    }

    /** When the first reserved resources become available, if anything is allocated. */
    public Optional<Instant> start() {
        return allocation.stream().map(AllocationStep::start).min(Comparator.naturalOrder());
    }

    /** When the last reserved resources are released. */
    public Optional<Instant> end() {
        return allocation.stream().map(AllocationStep::end).max(Comparator.naturalOrder());
    }
}
