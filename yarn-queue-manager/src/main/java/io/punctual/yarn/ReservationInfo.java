package io.punctual.yarn;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A reservation as the ResourceManager's plan holds it: its request and where the agent placed it.
 *
 * <p>A recurring reservation ({@code recurrence} present) is held by YARN 3.3 in period-relative time: each
 * allocation step's start and end are offsets into the period, written as instants since the epoch (so they read as
 * 1970), and repetition k holds the same resources over [k·period + start, k·period + end), the periods being
 * multiples of the period since the epoch. Repetitions begin with the one inside [arrival, deadline].
 * {@link #occurrences} unrolls them into real time.
 *
 * @param recurrence the period after which the allocation repeats, when it recurs
 */
public record ReservationInfo(
        ReservationId id,
        String name,
        String user,
        Instant arrival,
        Instant deadline,
        List<AllocationStep> allocation,
        Optional<Duration> recurrence) {

    public ReservationInfo {
        allocation = allocation.stream().sorted(Comparator.comparing(AllocationStep::start)).toList();
        recurrence.ifPresent(period -> {
            if (period.isNegative() || period.isZero()) {
                throw new IllegalArgumentException("a recurrence period must be positive, got " + period);
            }
        });
    }

    /** A reservation that does not recur. */
    public ReservationInfo(ReservationId id, String name, String user, Instant arrival, Instant deadline,
                           List<AllocationStep> allocation) {
        this(id, name, user, arrival, deadline, allocation, Optional.empty());
    }

    /**
     * True once a reservation that does not recur has reached its deadline: YARN removes its queue then, though its
     * plan keeps listing it until the plan's archival window (a day by default) has passed.
     */
    public boolean isOver(Instant now) {
        return recurrence.isEmpty() && !now.isBefore(deadline);
    }

    /**
     * When the first reserved resources become available, if anything is allocated. For a recurring reservation
     * this is an offset into the period (see the class comment); use {@link #occurrences} for real times.
     */
    public Optional<Instant> start() {
        return allocation.stream().map(AllocationStep::start).min(Comparator.naturalOrder());
    }

    /** When the last reserved resources are released; for a recurring reservation an offset into the period. */
    public Optional<Instant> end() {
        return allocation.stream().map(AllocationStep::end).max(Comparator.naturalOrder());
    }

    /**
     * The steps that hold resources and overlap [from, to), in real time: the allocation itself, or, for a
     * recurring reservation, every repetition of it (from the first, inside the reservation's window) that overlaps
     * the interval.
     */
    public List<AllocationStep> occurrences(Instant from, Instant to) {
        List<AllocationStep> held = allocation.stream().filter(s -> !s.resources().isZero()).toList();
        if (recurrence.isEmpty()) {
            return held.stream().filter(s -> s.end().isAfter(from) && s.start().isBefore(to)).toList();
        }
        long period = recurrence.get().toMillis();
        List<AllocationStep> unrolled = new ArrayList<>();
        for (AllocationStep step : held) {
            // The first repetition is the one placed inside [arrival, deadline]; none precede it.
            long first = Math.max(Math.floorDiv(from.toEpochMilli() - step.end().toEpochMilli(), period),
                    -Math.floorDiv(step.start().toEpochMilli() - arrival.toEpochMilli(), period));
            for (long k = first; k * period + step.start().toEpochMilli() < to.toEpochMilli(); k++) {
                Instant start = Instant.ofEpochMilli(k * period + step.start().toEpochMilli());
                Instant end = Instant.ofEpochMilli(k * period + step.end().toEpochMilli());
                if (end.isAfter(from)) {
                    unrolled.add(new AllocationStep(start, end, step.resources()));
                }
            }
        }
        unrolled.sort(Comparator.comparing(AllocationStep::start));
        return unrolled;
    }
}
