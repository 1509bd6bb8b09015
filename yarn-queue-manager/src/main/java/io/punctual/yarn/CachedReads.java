package io.punctual.yarn;

import io.punctual.sizing.Resources;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * A {@link ClusterGateway} that answers the two reads every sizing decision makes (the cluster snapshot and a plan's
 * reservations) from a copy at most {@code ttl} old, so a burst of submissions costs the ResourceManager one round
 * of calls instead of one per submission. Changing a reservation drops the copy of its plan at once; everything else
 * goes straight to the cluster.
 */
public final class CachedReads implements ClusterGateway {

    private final ClusterGateway cluster;
    private final long ttlNanos;
    private final Map<String, Copy<?>> copies = new ConcurrentHashMap<>();
    private final Map<String, Object> reading = new ConcurrentHashMap<>();

    private record Copy<T>(T value, long atNanos) {
    }

    public CachedReads(ClusterGateway cluster, Duration ttl) {
        this.cluster = cluster;
        this.ttlNanos = ttl.toNanos();
    }

    private <T> T cached(String key, Supplier<T> read) {
        Optional<T> fresh = fresh(key);
        if (fresh.isPresent()) {
            return fresh.get();
        }
        // One read per key at a time: a burst that finds the copy stale waits for the first caller's read instead of
        // each asking the ResourceManager, whose client sends one call at a time over its connection anyway.
        synchronized (reading.computeIfAbsent(key, k -> new Object())) {
            fresh = fresh(key);
            if (fresh.isPresent()) {
                return fresh.get();
            }
            long at = System.nanoTime();
            T value = read.get();
            copies.put(key, new Copy<>(value, at));
            return value;
        }
    }

    @SuppressWarnings("unchecked")
    private <T> Optional<T> fresh(String key) {
        Copy<?> copy = copies.get(key);
        return copy != null && System.nanoTime() - copy.atNanos() < ttlNanos
                ? Optional.of((T) copy.value()) : Optional.empty();
    }

    @Override
    public ClusterSnapshot snapshot() {
        return cached("snapshot", cluster::snapshot);
    }

    @Override
    public List<ReservationInfo> reservations(String planQueue) {
        return cached("plan:" + planQueue, () -> cluster.reservations(planQueue));
    }

    @Override
    public Resources minimumAllocation() {
        return cluster.minimumAllocation();
    }

    @Override
    public Optional<AgentForecast> forecast(List<ReservationSpec> inTurn) {
        return cluster.forecast(inTurn, this);
    }

    @Override
    public Optional<AgentForecast> forecast(List<ReservationSpec> inTurn, ClusterGateway reads) {
        return cluster.forecast(inTurn, reads);
    }

    @Override
    public ReservationOutcome reserve(ReservationSpec spec) {
        try {
            return cluster.reserve(spec);
        } finally {
            // After, not before: a read racing the write would otherwise cache the plan without it.
            copies.remove("plan:" + spec.planQueue());
        }
    }

    @Override
    public ReservationOutcome update(ReservationId id, ReservationSpec spec) {
        try {
            return cluster.update(id, spec);
        } finally {
            copies.remove("plan:" + spec.planQueue());
        }
    }

    @Override
    public boolean release(ReservationId id) {
        try {
            return cluster.release(id);
        } finally {
            copies.keySet().removeIf(key -> key.startsWith("plan:"));
        }
    }

    @Override
    public Optional<ReservationInfo> reservation(String planQueue, ReservationId id) {
        return cluster.reservation(planQueue, id);
    }

    @Override
    public QueueSnapshot awaitReservationQueue(String planQueue, ReservationId id, Duration timeout) {
        return cluster.awaitReservationQueue(planQueue, id, timeout);
    }

    @Override
    public Optional<QueueSnapshot> reservationQueue(String planQueue, ReservationId id) {
        return cluster.reservationQueue(planQueue, id);
    }

    @Override
    public List<AppReport> applicationsTagged(String tag) {
        return cluster.applicationsTagged(tag);
    }

    @Override
    public Optional<AppReport> application(AppId id) {
        return cluster.application(id);
    }

    @Override
    public Optional<String> amContainerLogUrl(AppId id) {
        return cluster.amContainerLogUrl(id);
    }

    @Override
    public Optional<String> amContainerLogTail(AppId id, String file, int bytes) {
        return cluster.amContainerLogTail(id, file, bytes);
    }

    @Override
    public void kill(AppId id, String why) {
        cluster.kill(id, why);
    }

    @Override
    public String leaveReservation(AppId id, String queue) {
        return cluster.leaveReservation(id, queue);
    }

    @Override
    public String enterReservation(AppId id, String planQueue, ReservationId reservation) {
        return cluster.enterReservation(id, planQueue, reservation);
    }

    @Override
    public void queuesChanged() {
        cluster.queuesChanged();
    }

    @Override
    public void close() {
        cluster.close();
    }
}
