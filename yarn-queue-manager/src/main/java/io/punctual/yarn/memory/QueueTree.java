package io.punctual.yarn.memory;

import io.punctual.sizing.Resources;
import io.punctual.sizing.rayon.plan.PlanMetrics;
import io.punctual.yarn.QueueSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Capacity Scheduler's queues as the last plan-follower step left them: root's queues from the layout, and
 * under each plan queue its default queue ({@code <plan>-default}, holding what no reservation holds now) and one
 * queue per reservation at the plan. Capacities are shares of the parent, as YARN reports them; guaranteed and
 * ceiling are the effective resources the scheduler computed (zero for a queue caught by the zero-capacity fault).
 */
final class QueueTree {

    /** A queue applications can be submitted to. */
    record Leaf(String name, String parent, double capacity, double maximumCapacity, Resources guaranteed,
                Resources ceiling) {
    }

    /** What runs and waits in one queue. */
    record Usage(Resources used, int running, int pending) {
        static final Usage NONE = new Usage(Resources.ZERO, 0, 0);

        Usage plus(Usage other) {
            return new Usage(used.plus(other.used), running + other.running, pending + other.pending);
        }
    }

    static final String DEFAULT_SUFFIX = "-default";

    private final ClusterLayout layout;
    private final ReservationBook book;
    private final PlanFollower follower;

    QueueTree(ClusterLayout layout, ReservationBook book, PlanFollower follower) {
        this.layout = layout;
        this.book = book;
        this.follower = follower;
    }

    /** The queue an application submitted to {@code queue} runs in: a plan queue's go to its default queue. */
    String resolve(String queue) {
        return book.isPlan(queue) ? queue + DEFAULT_SUFFIX : queue;
    }

    Optional<Leaf> leaf(String name) {
        Optional<QueueLayout> top = layout.queue(name).filter(q -> !q.reservable());
        if (top.isPresent()) {
            QueueLayout q = top.get();
            return Optional.of(new Leaf(q.name(), "root", q.capacity(), q.maximumCapacity(),
                    layout.share(q.capacity()), layout.share(q.maximumCapacity())));
        }
        if (name.endsWith(DEFAULT_SUFFIX) && book.isPlan(plan(name))) {
            return Optional.of(defaultQueue(layout.queue(plan(name)).orElseThrow()));
        }
        return follower.queue(name).map(this::reservationQueue);
    }

    private static String plan(String defaultQueue) {
        return defaultQueue.substring(0, defaultQueue.length() - DEFAULT_SUFFIX.length());
    }

    /**
     * A reservation queue guarantees what its reservation holds now and, as Hadoop 3.3.4's plan follower leaves it
     * even for gangs, may grow to its plan's ceiling.
     */
    private Leaf reservationQueue(PlanFollower.ReservationQueue q) {
        QueueLayout plan = layout.queue(q.plan).orElseThrow();
        double share = PlanMetrics.dominantShare(q.entitled, book.capacity(q.plan));
        return new Leaf(q.name(), q.plan, share, 1.0, q.broken ? Resources.ZERO : q.entitled,
                q.broken ? Resources.ZERO : layout.share(plan.maximumCapacity()));
    }

    private Leaf defaultQueue(QueueLayout plan) {
        Resources reserved = Resources.ZERO;
        double share = 0;
        for (PlanFollower.ReservationQueue q : follower.queuesOf(plan.name())) {
            reserved = reserved.plus(q.entitled);
            share += PlanMetrics.dominantShare(q.entitled, book.capacity(plan.name()));
        }
        return new Leaf(plan.name() + DEFAULT_SUFFIX, plan.name(), Math.max(0, 1 - share), 1.0,
                book.capacity(plan.name()).minusFloored(reserved), layout.share(plan.maximumCapacity()));
    }

    /** Every queue below root, each plan queue followed by its children, as YARN lists them. */
    List<QueueSnapshot> snapshot(Map<String, Usage> usage) {
        List<QueueSnapshot> out = new ArrayList<>();
        for (QueueLayout top : layout.queues()) {
            if (!top.reservable()) {
                out.add(snapshot(leaf(top.name()).orElseThrow(), usage));
                continue;
            }
            List<Leaf> children = new ArrayList<>();
            children.add(defaultQueue(top));
            follower.queuesOf(top.name()).forEach(q -> children.add(reservationQueue(q)));
            Usage total = children.stream().map(c -> usage.getOrDefault(c.name(), Usage.NONE))
                    .reduce(Usage.NONE, Usage::plus);
            out.add(snapshot(new Leaf(top.name(), "root", top.capacity(), top.maximumCapacity(),
                    layout.share(top.capacity()), layout.share(top.maximumCapacity())), total));
            children.forEach(c -> out.add(snapshot(c, usage)));
        }
        return out;
    }

    private static QueueSnapshot snapshot(Leaf q, Map<String, Usage> usage) {
        return snapshot(q, usage.getOrDefault(q.name(), Usage.NONE));
    }

    private static QueueSnapshot snapshot(Leaf q, Usage use) {
        double usedCapacity = q.guaranteed().isZero() ? 0 : PlanMetrics.dominantShare(use.used(), q.guaranteed());
        return new QueueSnapshot(q.name(), q.parent(), q.capacity(), q.maximumCapacity(), usedCapacity, use.used(),
                q.guaranteed(), q.ceiling(), use.running(), use.pending());
    }
}
