package io.punctual.yarn.memory;

import io.punctual.sizing.Resources;
import io.punctual.yarn.AppId;
import io.punctual.yarn.ReservationId;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * What Hadoop 3.3's ResourceManager says, word for word where Punctual or its users read it: refusals of the
 * reservation system, an application's diagnostics. Callers that match on YARN's text (the submitter's zero-capacity
 * check looks for {@code <memory:0, vCores:0>}) then behave the same against the in-memory cluster.
 */
final class YarnMessages {

    private static final DateTimeFormatter DIAGNOSTIC_TIME =
            DateTimeFormatter.ofPattern("EEE MMM dd HH:mm:ss Z yyyy", Locale.ROOT).withZone(ZoneOffset.UTC);

    private YarnMessages() {
    }

    /** YARN's {@code Resource.toString()}. */
    static String resources(Resources r) {
        return "<memory:" + r.memoryMb() + ", vCores:" + r.vcores() + ">";
    }

    static String notAPlan(String queue) {
        return "The specified queue: " + queue + " is not managed by reservation system."
                + " Please try again with a valid reservable queue.";
    }

    static String unknownReservation(ReservationId id) {
        return "The specified reservation with ID: " + id + " is unknown. Please try again with a valid reservation.";
    }

    static String deadlinePassed(Instant deadline) {
        return "The specified deadline: " + deadline.toEpochMilli()
                + " is the past. Please try again with deadline in the future.";
    }

    static String windowTooShort(Instant arrival, Instant deadline, long minDurationMs) {
        long arrivalMs = arrival.toEpochMilli();
        long deadlineMs = deadline.toEpochMilli();
        // Two spaces before "be", as YARN writes it.
        return "The time difference (" + (deadlineMs - arrivalMs) + ") between arrival (" + arrivalMs + ")"
                + " and deadline (" + deadlineMs + ") must  be greater or equal to the minimum resource duration (" + minDurationMs + ")";
    }

    static String gangTooLarge(Resources gang, Resources capacity) {
        return "The size of the largest gang in the reservation definition (" + resources(gang)
                + ") exceed the capacity available (" + resources(capacity) + " )";
    }

    /** YARN's agent says only the first sentence; the planner's reason follows it in parentheses. */
    static String noAllocation(String plannerReason) {
        return "org.apache.hadoop.yarn.server.resourcemanager.reservation.exceptions.PlanningException:"
                + " The request cannot be satisfied (" + plannerReason + ")";
    }

    static String unknownQueue(AppId id, String user, String queue) {
        return "Application " + id + " submitted by user " + user + " to unknown queue: " + queue;
    }

    /** What an application waits with in a queue whose AM limit is zero: the Hadoop 3.3.x fault's signature. */
    static String amLimitExceeded(Instant at, Resources request, Resources limit) {
        return "[" + DIAGNOSTIC_TIME.format(at) + "] Application is added to the scheduler and is not yet activated."
                + " Queue's AM resource limit exceeded.  Details : AM Partition = <DEFAULT_PARTITION>;"
                + " AM Resource Request = " + resources(request) + "; Queue Resource Limit for AM = "
                + resources(limit) + "; User AM Resource Limit of the queue = " + resources(limit)
                + "; Queue AM Resource Usage = " + resources(Resources.ZERO) + "; ";
    }

    /** What an application waits with while its queue has resources but not enough free for it. */
    static String waitingForAm(Instant at, Resources partition) {
        return "[" + DIAGNOSTIC_TIME.format(at) + "] Application is Activated, waiting for resources to be assigned"
                + " for AM.  Details : AM Partition = <DEFAULT_PARTITION> ; Partition Resource = "
                + resources(partition) + " ; ";
    }

    /** What the Capacity Scheduler says when asked to move an application into a queue it does not have. */
    static String noSuchQueue(String queue) {
        return "The specified Queue: " + queue + " doesn't exist";
    }

    /** What YARN says of an application the plan follower killed because its reservation ended. */
    static String reservationExpired(String queue) {
        return "Application killed due to expiry of reservation queue " + queue + ".";
    }

    static String killed(AppId id, String user, String why) {
        return "Application " + id + " was killed by user " + user + " at 127.0.0.1"
                + (why == null || why.isBlank() ? "" : " with diagnostic message: " + why);
    }
}
