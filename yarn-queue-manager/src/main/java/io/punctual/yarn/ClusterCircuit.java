package io.punctual.yarn;

import io.punctual.sizing.Resources;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A {@link ClusterGateway} that does not call a ResourceManager known not to answer: while {@code outage} names one,
 * every call fails at once with {@link ClusterUnreachable}, instead of each caller (a request's thread, the poller,
 * the launch pool) waiting out the client's patience in turn. A call that finds the ResourceManager not answering
 * tells {@code failed}, so the next calls need not find it again. Whoever watches the cluster asks it directly, not
 * through this, to see it come back.
 */
public final class ClusterCircuit implements ClusterGateway {

    private final ClusterGateway cluster;
    private final Supplier<Optional<String>> outage;
    private final Consumer<String> failed;

    /**
     * @param outage why the ResourceManager is known not to answer, or empty while it answers
     * @param failed told the cause when a call found it not answering
     */
    public ClusterCircuit(ClusterGateway cluster, Supplier<Optional<String>> outage, Consumer<String> failed) {
        this.cluster = cluster;
        this.outage = outage;
        this.failed = failed;
    }

    private <T> T call(Supplier<T> body) {
        Optional<String> down = outage.get();
        if (down.isPresent()) {
            throw new ClusterUnreachable("the ResourceManager is not answering (" + down.get() + "); not asked again"
                    + " until it does");
        }
        try {
            return body.get();
        } catch (ClusterUnreachable e) {
            failed.accept(e.getMessage());
            throw e;
        }
    }

    private void run(Runnable body) {
        call(() -> {
            body.run();
            return null;
        });
    }

    @Override
    public ClusterSnapshot snapshot() {
        return call(cluster::snapshot);
    }

    /** Read from the client's configuration, not asked of the ResourceManager. */
    @Override
    public Resources minimumAllocation() {
        return cluster.minimumAllocation();
    }

    @Override
    public ReservationOutcome reserve(ReservationSpec spec) {
        return call(() -> cluster.reserve(spec));
    }

    @Override
    public ReservationOutcome update(ReservationId id, ReservationSpec spec) {
        return call(() -> cluster.update(id, spec));
    }

    @Override
    public Optional<AgentForecast> forecast(List<ReservationSpec> inTurn) {
        return call(() -> cluster.forecast(inTurn));
    }

    @Override
    public Optional<AgentForecast> forecast(List<ReservationSpec> inTurn, ClusterGateway reads) {
        return call(() -> cluster.forecast(inTurn, reads));
    }

    @Override
    public boolean release(ReservationId id) {
        return call(() -> cluster.release(id));
    }

    @Override
    public List<ReservationInfo> reservations(String planQueue) {
        return call(() -> cluster.reservations(planQueue));
    }

    @Override
    public Optional<ReservationInfo> reservation(String planQueue, ReservationId id) {
        return call(() -> cluster.reservation(planQueue, id));
    }

    @Override
    public QueueSnapshot awaitReservationQueue(String planQueue, ReservationId id, Duration timeout) {
        return call(() -> cluster.awaitReservationQueue(planQueue, id, timeout));
    }

    @Override
    public Optional<QueueSnapshot> reservationQueue(String planQueue, ReservationId id) {
        return call(() -> cluster.reservationQueue(planQueue, id));
    }

    @Override
    public List<AppReport> applicationsTagged(String tag) {
        return call(() -> cluster.applicationsTagged(tag));
    }

    @Override
    public Optional<AppReport> application(AppId id) {
        return call(() -> cluster.application(id));
    }

    @Override
    public Optional<String> amContainerLogUrl(AppId id) {
        return call(() -> cluster.amContainerLogUrl(id));
    }

    @Override
    public Optional<String> amContainerLogTail(AppId id, String file, int bytes) {
        return call(() -> cluster.amContainerLogTail(id, file, bytes));
    }

    @Override
    public void kill(AppId id, String why) {
        run(() -> cluster.kill(id, why));
    }

    @Override
    public String leaveReservation(AppId id, String queue) {
        return call(() -> cluster.leaveReservation(id, queue));
    }

    @Override
    public String enterReservation(AppId id, String planQueue, ReservationId reservation) {
        return call(() -> cluster.enterReservation(id, planQueue, reservation));
    }

    @Override
    public void queuesChanged() {
        run(cluster::queuesChanged);
    }

    @Override
    public void close() {
        cluster.close();
    }
}
