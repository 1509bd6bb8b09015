package io.punctual.yarn;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Holds a recurring reservation (a BoPF "Hard guarantee" latency-sensitive queue, bopf-bounded-priority-fairness.txt
 * Sections 3.1 and 4.1: burst α for t seconds every period T) by
 * booking each repetition as a one-off reservation, a horizon ahead. Hadoop 3.3.4 accepts YARN's own recurring
 * reservations but honours only their first repetition (later ones get a queue without capacity; see
 * {@code RecurringReservationsIT}), so a guarantee that recurs has to be renewed by Punctual.
 *
 * <p>Repetition k of a spec with window [a, d] and period T has the window [a + kT, d + kT] and the name
 * {@code <name>#<k>}; {@link #renew} finds the repetitions already booked by that name, so calling it again (each
 * period, or after a restart) books only what is missing.
 */
public final class UnrolledRecurrence {

    /** One repetition that {@link #renew} asked YARN for, and YARN's answer. */
    public record Booking(long index, ReservationSpec spec, ReservationOutcome outcome) {
    }

    private final ClusterGateway gateway;

    public UnrolledRecurrence(ClusterGateway gateway) {
        this.gateway = Objects.requireNonNull(gateway, "gateway");
    }

    /**
     * Books every repetition that has not ended by {@code now}, opens before {@code now + horizon}, and is not booked
     * yet. A repetition already under way is booked from {@code now} to its deadline.
     */
    public List<Booking> renew(ReservationSpec recurring, Instant now, Duration horizon) {
        Set<String> booked = gateway.reservations(recurring.planQueue()).stream().map(ReservationInfo::name)
                .collect(Collectors.toSet());
        List<Booking> bookings = new ArrayList<>();
        for (Repetition repetition : repetitions(recurring, now, now.plus(horizon))) {
            if (!booked.contains(repetition.spec().name())) {
                bookings.add(new Booking(repetition.index(), repetition.spec(), gateway.reserve(repetition.spec())));
            }
        }
        return bookings;
    }

    /** Releases every booked repetition of {@code recurring}; returns how many there were. */
    public int release(ReservationSpec recurring) {
        int released = 0;
        for (ReservationInfo reservation : gateway.reservations(recurring.planQueue())) {
            if (repetitionIndex(recurring, reservation.name()).isPresent() && gateway.release(reservation.id())) {
                released++;
            }
        }
        return released;
    }

    /** Repetition {@code index} of {@code recurring}, as a one-off request. */
    public record Repetition(long index, ReservationSpec spec) {
    }

    /** The repetitions that have not ended by {@code from} and open before {@code to}, in order. */
    public static List<Repetition> repetitions(ReservationSpec recurring, Instant from, Instant to) {
        Duration period = recurring.recurrence().orElseThrow(() -> new IllegalArgumentException(
                "reservation " + recurring.name() + " does not recur; reserve it once instead"));
        long periodMs = period.toMillis();
        long first = Math.max(0, Math.floorDiv(from.toEpochMilli() - recurring.deadline().toEpochMilli(), periodMs));
        List<Repetition> repetitions = new ArrayList<>();
        for (long k = first; recurring.arrival().plus(period.multipliedBy(k)).isBefore(to); k++) {
            Instant arrival = recurring.arrival().plus(period.multipliedBy(k));
            Instant deadline = recurring.deadline().plus(period.multipliedBy(k));
            if (!deadline.isAfter(from)) {
                continue;
            }
            Instant opens = arrival.isBefore(from) ? from : arrival;
            repetitions.add(new Repetition(k, new ReservationSpec(recurring.planQueue(), name(recurring, k), opens,
                    deadline, recurring.combine(), recurring.stages(), Optional.empty())));
        }
        return repetitions;
    }

    private static String name(ReservationSpec recurring, long index) {
        return recurring.name() + "#" + index;
    }

    private static Optional<Long> repetitionIndex(ReservationSpec recurring, String name) {
        String prefix = recurring.name() + "#";
        if (name == null || !name.startsWith(prefix) || !name.substring(prefix.length()).matches("\\d{1,18}")) {
            return Optional.empty();
        }
        return Optional.of(Long.parseLong(name.substring(prefix.length())));
    }
}
