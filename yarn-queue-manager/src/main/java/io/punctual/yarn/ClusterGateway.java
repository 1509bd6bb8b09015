package io.punctual.yarn;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Punctual's port onto a YARN cluster: capacity, reservations, and the applications it launched. Every type that
 * crosses it is Punctual's own; Hadoop's stay behind the implementation.
 *
 * <p>Failures to reach or use the cluster are {@link GatewayException}s with an actionable message; a reservation the
 * plan cannot hold is not a failure but a {@link ReservationOutcome.Refused}.
 */
public interface ClusterGateway extends AutoCloseable {

    ClusterSnapshot snapshot();

    /** The scheduler's minimum allocation: container requests are rounded up to multiples of it. */
    io.punctual.sizing.Resources minimumAllocation();

    /** Asks the reservation system for a new reservation (YARN's create-then-submit). */
    ReservationOutcome reserve(ReservationSpec spec);

    /** Replaces an existing reservation's request; refused leaves the old one in place. */
    ReservationOutcome update(ReservationId id, ReservationSpec spec);

    /**
     * What the cluster's reservation agent would answer now, without reserving, to {@code inTurn}: requests for one
     * plan queue asked one after another, as {@link #reserve} will be asked them — the answer to the first it would
     * place, else to the last. The agent, sharing policy and resource calculator are the ones the cluster is
     * configured with, run on its plan as it is. Empty when this process cannot run that agent (a class it does not
     * have); a caller then has only its own planner's view.
     */
    Optional<AgentForecast> forecast(List<ReservationSpec> inTurn);

    /**
     * {@link #forecast(List)}, with the cluster's state and its plan read through {@code reads} (a cached view of this
     * gateway), so a burst of dry runs does not ask the ResourceManager for them once each. A gateway that keeps its
     * plan in process has nothing to read and ignores {@code reads}.
     */
    default Optional<AgentForecast> forecast(List<ReservationSpec> inTurn, ClusterGateway reads) {
        return forecast(inTurn);
    }

    /** Deletes a reservation. Returns false when it did not exist (already released or expired). */
    boolean release(ReservationId id);

    /** Every reservation in a plan queue, active or future. */
    List<ReservationInfo> reservations(String planQueue);

    Optional<ReservationInfo> reservation(String planQueue, ReservationId id);

    /**
     * Waits until the reservation runs as a queue that can start applications, and returns that queue. A
     * reservation placed later in its window has no queue until its allocation starts; this waits for it, up to
     * {@code timeout}.
     *
     * @throws GatewayException when the queue does not become usable in time, saying why
     */
    QueueSnapshot awaitReservationQueue(String planQueue, ReservationId id, Duration timeout);

    /**
     * The reservation's queue if it can start applications now, without waiting: it exists and the scheduler gives it
     * non-zero effective resources. Empty while it is not ready yet (its allocation has not started, the plan
     * follower has not run since, or the queue still has no effective resources), so a caller driven by its own
     * clock polls this instead of blocking a thread in {@link #awaitReservationQueue}.
     *
     * @throws GatewayException when the reservation is no longer in the plan or its window has ended, saying so
     */
    Optional<QueueSnapshot> reservationQueue(String planQueue, ReservationId id);

    /** Applications carrying this tag (YARN stores tags in lower case). */
    List<AppReport> applicationsTagged(String tag);

    Optional<AppReport> application(AppId id);

    /**
     * The NodeManager's log page of the container running the application's current ApplicationMaster: in cluster
     * mode the Spark driver's log, which Livy shows as {@code appInfo.driverLogUrl}. Empty while no attempt has an
     * AM container yet, once the scheduler has forgotten the container, or for an unknown application. Costs the
     * ResourceManager several calls (application, attempt, container), so callers ask once per application rather
     * than on every poll.
     */
    Optional<String> amContainerLogUrl(AppId id);

    /**
     * The last {@code bytes} of a log file ({@code "stdout"}, {@code "stderr"}) of the application's current
     * ApplicationMaster container, as its NodeManager serves it: in cluster mode the Spark driver's own output (a
     * Python driver's traceback goes to stdout). Best effort: empty when the NodeManager or the file cannot be
     * reached, or the cluster keeps no such logs.
     */
    default Optional<String> amContainerLogTail(AppId id, String file, int bytes) {
        return Optional.empty();
    }

    /** Kills the application; killing one that already ended is a no-op. */
    void kill(AppId id, String why);

    /**
     * Moves an application out of its reservation's queue into {@code queue}, an ordinary leaf queue (its team's, or
     * the site's best-effort one), where it keeps its containers and goes on after the reservation ends. YARN's plan
     * follower means to move it into the plan's default queue itself when the reservation expires
     * ({@code reservation-move-on-expiry}), but Hadoop 3.3's asks for that queue by a name the scheduler no longer
     * finds once its queues have been changed (as Punctual's team queues change them), and kills the application
     * instead; and the default queue a client can still move into then accepts applications without ever scheduling
     * their containers. Returns the queue the application is in afterwards; one that already ended, or is in
     * {@code queue} already, is left where it is.
     *
     * @throws GatewayException when the application or the queue is unknown, or YARN refuses the move, saying why
     */
    String leaveReservation(AppId id, String queue);

    /**
     * Moves an application launched ahead of its reservation (into its team's or the site's best-effort queue, while
     * YARN's plan follower had not yet opened the reservation's queue) into that queue once it runs, so that its
     * launch overlaps the queue's opening instead of waiting for it. Returns the queue the application is in
     * afterwards: the reservation's once moved; where it is while the reservation's queue does not run yet (ask again
     * later), or when the application has ended or is there already.
     *
     * @throws GatewayException when the application or the reservation is unknown, the reservation is over, or YARN
     *                          refuses the move, saying why
     */
    String enterReservation(AppId id, String planQueue, ReservationId reservation);

    /**
     * Told after the scheduler's queues were changed (a team queue created or resized): a change reinitialises the
     * Capacity Scheduler's queues, which on Hadoop 3.3.x leaves live reservation queues without effective resources
     * and the plan's default queue stranded. The zero-capacity remedy runs now rather than when a batch is found
     * stuck. Gateways with nothing to repair do nothing.
     */
    default void queuesChanged() {
    }

    @Override
    void close();
}
