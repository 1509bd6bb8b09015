package io.punctual.yarn.memory;

import io.punctual.sizing.Resources;
import io.punctual.yarn.ReservationId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * YARN's plan follower: at every step it makes the scheduler's reservation queues match the plans. A reservation
 * at the plan gets a queue (from its arrival: with no resources until its allocation starts), sized to what it holds
 * at that step; a queue whose reservation ended or was deleted is removed, and the applications still in it are killed
 * (Hadoop 3.3's follower fails to move them to the plan's default queue; see
 * {@link io.punctual.yarn.ClusterGateway#leaveReservation}). Between steps nothing changes, as on a real
 * ResourceManager.
 *
 * <p>It also carries the {@link ZeroCapacityFault}: a queue created while the fault is on has no effective
 * resources until {@link #remedy} recomputes them (never, for {@link ZeroCapacityFault#PERMANENT}).
 */
final class PlanFollower {

    /** A reservation's queue as the last step sized it. */
    static final class ReservationQueue {
        final ReservationId id;
        final String plan;
        Resources entitled = Resources.ZERO;
        boolean broken;

        ReservationQueue(ReservationId id, String plan, boolean broken) {
            this.id = id;
            this.plan = plan;
            this.broken = broken;
        }

        String name() {
            return id.queueName();
        }
    }

    private final Map<String, ReservationQueue> queues = new TreeMap<>();
    private ZeroCapacityFault fault = ZeroCapacityFault.NONE;

    /**
     * One step at {@code tick}: creates, resizes and removes reservation queues, then lets the plans archive what is
     * long over. Returns the queues it removed.
     */
    List<ReservationQueue> step(Instant tick, ReservationBook book) {
        Map<String, ReservationBook.Held> active = new TreeMap<>();
        book.activeAt(tick).forEach(h -> active.put(h.info().id().queueName(), h));
        List<ReservationQueue> removed = new ArrayList<>();
        queues.values().removeIf(q -> {
            boolean ended = !active.containsKey(q.name());
            if (ended) {
                removed.add(q);
            }
            return ended;
        });
        active.forEach((name, held) -> {
            ReservationQueue queue = queues.computeIfAbsent(name,
                    n -> new ReservationQueue(held.info().id(), held.planQueue(), fault != ZeroCapacityFault.NONE));
            queue.entitled = held.at(tick);
        });
        book.archive(tick);
        return removed;
    }

    void fault(ZeroCapacityFault mode) {
        this.fault = mode;
    }

    /** Recomputes effective resources, unless the fault is permanent; true when some queue got them back. */
    boolean remedy() {
        if (fault == ZeroCapacityFault.PERMANENT) {
            return false;
        }
        boolean repaired = queues.values().stream().anyMatch(q -> q.broken);
        queues.values().forEach(q -> q.broken = false);
        return repaired;
    }

    Optional<ReservationQueue> queue(String name) {
        return Optional.ofNullable(queues.get(name));
    }

    /** The reservation queues of one plan, by name. */
    Collection<ReservationQueue> queuesOf(String plan) {
        return queues.values().stream().filter(q -> q.plan.equals(plan)).toList();
    }
}
