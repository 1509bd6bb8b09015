package io.punctual.yarn.queues;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A fake of the ResourceManager's scheduler configuration for unit tests: applies a {@link QueueChange} the way YARN
 * 3.3 does (removals, additions, updates, globals), then accepts it only if the tree is one the CapacityScheduler
 * would start with: siblings' capacities summing to exactly 100, capacity within maximum, removed queues STOPPED.
 * A refused change leaves the properties untouched. Counts the changes it applied.
 */
final class InMemorySchedulerConfiguration implements SchedulerConfiguration {

    private SchedulerConf current;
    private int applied;

    InMemorySchedulerConfiguration(Map<String, String> initial) {
        this.current = SchedulerConf.of(initial);
    }

    /** root with sla 70 (reservable) and adhoc 30, like the embedded cluster. */
    static InMemorySchedulerConfiguration embeddedLike() {
        return new InMemorySchedulerConfiguration(Map.of(
                "yarn.scheduler.capacity.root.queues", "sla,adhoc",
                "yarn.scheduler.capacity.root.sla.capacity", "70",
                "yarn.scheduler.capacity.root.sla.reservable", "true",
                "yarn.scheduler.capacity.root.adhoc.capacity", "30",
                "yarn.scheduler.capacity.root.adhoc.maximum-capacity", "100"));
    }

    int appliedChanges() {
        return applied;
    }

    @Override
    public SchedulerConf read() {
        return current;
    }

    @Override
    public QueueChangeOutcome apply(QueueChange change) {
        Optional<String> conflict = change.conflictWith(current);
        if (conflict.isPresent()) {
            return new QueueChangeOutcome.Refused(QueueChangeOutcome.Stage.CHECK, conflict.get());
        }
        for (QueuePath removed : change.removals()) {
            if (!current.queueParam(removed, "state").orElse("RUNNING").equals("STOPPED")) {
                return new QueueChangeOutcome.Refused(QueueChangeOutcome.Stage.APPLY,
                        removed + " cannot be deleted, as the queue is not yet in stopped state");
            }
        }
        Map<String, String> next = new TreeMap<>(current.properties());
        change.removals().forEach(q -> remove(next, q));
        change.additions().forEach(a -> add(next, a));
        change.updates().forEach(u -> u.params().forEach((k, v) -> next.put(SchedulerConf.key(u.queue(), k), v)));
        next.putAll(change.globals());
        Optional<String> invalid = invalid(SchedulerConf.of(next), QueuePath.ROOT);
        if (invalid.isPresent()) {
            return new QueueChangeOutcome.Refused(QueueChangeOutcome.Stage.VALIDATE, invalid.get());
        }
        current = SchedulerConf.of(next);
        applied++;
        return new QueueChangeOutcome.Applied(current);
    }

    private static void remove(Map<String, String> props, QueuePath queue) {
        props.keySet().removeIf(k -> k.startsWith(SchedulerConf.PREFIX + queue.value() + "."));
        List<String> siblings = new ArrayList<>(SchedulerConf.of(props).children(queue.parent()));
        siblings.remove(queue.leaf());
        props.put(SchedulerConf.key(queue.parent(), "queues"), String.join(",", siblings));
    }

    private static void add(Map<String, String> props, QueueChange.QueueUpdate added) {
        List<String> siblings = new ArrayList<>(SchedulerConf.of(props).children(added.queue().parent()));
        siblings.add(added.queue().leaf());
        props.put(SchedulerConf.key(added.queue().parent(), "queues"), String.join(",", siblings));
        added.params().forEach((k, v) -> props.put(SchedulerConf.key(added.queue(), k), v));
    }

    private static Optional<String> invalid(SchedulerConf conf, QueuePath parent) {
        List<String> children = conf.children(parent);
        if (children.isEmpty()) {
            return Optional.empty();
        }
        BigDecimal sum = BigDecimal.ZERO;
        for (String child : children) {
            QueuePath queue = parent.child(child);
            BigDecimal capacity = conf.capacityPercent(queue).orElse(BigDecimal.ZERO);
            BigDecimal maximum = conf.maximumCapacityPercent(queue).orElse(BigDecimal.valueOf(100));
            if (capacity.compareTo(maximum) > 0) {
                return Optional.of("Illegal queue capacity " + capacity + " above maximum " + maximum + " of " + queue);
            }
            sum = sum.add(capacity);
            Optional<String> below = invalid(conf, queue);
            if (below.isPresent()) {
                return below;
            }
        }
        return sum.compareTo(BigDecimal.valueOf(100)) == 0 ? Optional.empty()
                : Optional.of("Illegal capacity of " + sum + " for children of queue " + parent);
    }
}
