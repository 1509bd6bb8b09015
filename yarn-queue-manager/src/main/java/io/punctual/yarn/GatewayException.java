package io.punctual.yarn;

/**
 * The cluster could not be talked to, or answered something Punctual cannot act on. The message says what
 * happened and what to do about it; the cause keeps YARN's own exception.
 */
public class GatewayException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public GatewayException(String message, Throwable cause) {
        super(message, cause);
    }

    public GatewayException(String message) {
        super(message);
    }

    /** A reservation its plan does not hold (any more): every gateway says so in the same words. */
    public static GatewayException reservationGone(String planQueue, ReservationId id) {
        return new GatewayException("reservation " + id + " is not in the plan of queue " + planQueue
                + " (expired or deleted); submit again");
    }

    /**
     * A reservation whose window is over. YARN keeps listing it for a while (a day, by default), but its queue is
     * gone and will not come back, so waiting for it would never end.
     */
    public static GatewayException reservationOver(ReservationInfo reservation) {
        return new GatewayException("reservation " + reservation.id() + " ended at " + reservation.deadline()
                + ": its window is over and its queue is gone; submit again");
    }
}
