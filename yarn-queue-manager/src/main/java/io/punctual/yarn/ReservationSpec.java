package io.punctual.yarn;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What to ask YARN's reservation system for: stages of containers, how to combine them, and the window
 * [arrival, deadline] they must fit in. YARN's own agent chooses where in the window they go.
 *
 * @param planQueue      the reservable queue whose plan holds the reservation, e.g. {@code sla}
 * @param combine        how the stages combine (YARN's ReservationRequestInterpreter)
 * @param recurrence     a period after which the reservation repeats, for recurring work
 */
public record ReservationSpec(
        String planQueue,
        String name,
        Instant arrival,
        Instant deadline,
        Combine combine,
        List<StageRequest> stages,
        Optional<Duration> recurrence) {

    /** The four ways YARN combines the stages of one reservation. */
    public enum Combine {
        /** Every stage, anywhere in the window. */
        ALL,
        /** Any one stage. */
        ANY,
        /** Every stage, each after the previous one. */
        ORDER,
        /** Every stage, each immediately after the previous one. */
        ORDER_NO_GAP
    }

    /**
     * The longest window a reservation may span. YARN's agents walk a window step by step (one second by default) and
     * keep state per step, so planning is work in proportion to the window: an unbounded one exhausts the heap of
     * whoever plans it, the ResourceManager's or the gateway's copy of its agent.
     */
    public static final Duration MAX_WINDOW = Duration.ofDays(31);

    public ReservationSpec {
        Objects.requireNonNull(planQueue, "plan queue");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(arrival, "arrival");
        Objects.requireNonNull(deadline, "deadline");
        Objects.requireNonNull(combine, "combine");
        Objects.requireNonNull(recurrence, "recurrence");
        stages = List.copyOf(stages);
        if (stages.isEmpty()) {
            throw new IllegalArgumentException("a reservation needs at least one stage");
        }
        if (!deadline.isAfter(arrival)) {
            throw new IllegalArgumentException("the reservation window ends (" + deadline + ") before it starts ("
                    + arrival + ")");
        }
        if (Duration.between(arrival, deadline).compareTo(MAX_WINDOW) > 0) {
            throw new IllegalArgumentException("the reservation window [" + arrival + ", " + deadline + "] is longer"
                    + " than the " + MAX_WINDOW.toDays() + " days a plan may be asked to search; give a nearer deadline");
        }
        recurrence.ifPresent(period -> {
            if (period.compareTo(Duration.between(arrival, deadline)) < 0) {
                throw new IllegalArgumentException("a recurrence period (" + period
                        + ") must be at least as long as the window it repeats");
            }
        });
    }

    /** A single-stage reservation over [arrival, deadline]. */
    public static ReservationSpec single(String planQueue, String name, Instant arrival, Instant deadline,
                                         StageRequest stage) {
        return new ReservationSpec(planQueue, name, arrival, deadline, Combine.ALL, List.of(stage), Optional.empty());
    }
}
