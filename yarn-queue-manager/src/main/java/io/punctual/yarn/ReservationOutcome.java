package io.punctual.yarn;

/** What YARN's reservation system answered: a placed reservation, or a refusal with YARN's reason. */
public sealed interface ReservationOutcome {

    record Reserved(ReservationInfo reservation) implements ReservationOutcome {
        public ReservationId id() {
            return reservation.id();
        }
    }

    /** The plan has no room (or the request is invalid); {@code reason} is YARN's own message. */
    record Refused(String reason) implements ReservationOutcome {
    }
}
