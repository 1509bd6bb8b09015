package io.punctual.yarn;

import java.time.Duration;
import java.time.Instant;

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
    /** An application the ResourceManager does not know, asked to move into {@code queue}. */
    public static GatewayException cannotMoveUnknown(AppId id, String queue) {
        return new GatewayException("YARN does not know application " + id + ", so it cannot be moved into " + queue);
    }

    public static GatewayException reservationOver(ReservationInfo reservation) {
        return new GatewayException("reservation " + reservation.id() + " ended at " + reservation.deadline()
                + ": its window is over and its queue is gone; submit again");
    }

    /** A reservation's queue did not become usable while a caller waited {@code waited} for it, and why it may be. */
    public static GatewayException queueNotReady(ReservationInfo reservation, boolean queueExists, Duration waited) {
        ReservationId id = reservation.id();
        if (queueExists) {
            return new GatewayException("reservation queue " + id.queueName() + " exists but YARN gives it zero"
                    + " effective resources after " + waited.toSeconds() + " s: this is the Hadoop 3.3.x"
                    + " reservation-queue fault; run 'yarn rmadmin -updateNodeResource' on any node with its current"
                    + " size, or ask the cluster admin to, then submit again. If the scheduler's queues were changed"
                    + " since the ResourceManager started (scheduler-conf API or rmadmin -refreshQueues), Hadoop 3.3.4"
                    + " cannot give new reservation queues capacity at all (its plan follower loses the plan's default"
                    + " queue, see its log: 'Sum of child queues should exceed 100%'): restart the ResourceManager");
        }
        String start = reservation.start().map(Instant::toString).orElse("never (nothing allocated)");
        return new GatewayException("reservation " + id + " has no queue yet after " + waited.toSeconds()
                + " s; its allocation starts at " + start + ". Check that the plan follower runs"
                + " (yarn.resourcemanager.reservation-system.enable)");
    }
}
