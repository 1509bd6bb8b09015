package io.punctual.yarn.queues;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * One mutation of the CapacityScheduler's queues, applied by the ResourceManager as a whole or not at all: queues to
 * add (with their properties), queues whose properties change, queues to remove, and global properties. This is
 * what YARN's {@code sched-conf} request carries; queue property names are relative to the queue
 * ({@code capacity}, not {@code yarn.scheduler.capacity.root.a.capacity}), global ones are full keys.
 *
 * <p>YARN applies the parts in a fixed order: removals, then additions, then updates, then globals.
 */
public record QueueChange(List<QueueUpdate> additions, List<QueueUpdate> updates, List<QueuePath> removals,
                          Map<String, String> globals) {

    /** Properties of one queue, in the order given. */
    public record QueueUpdate(QueuePath queue, Map<String, String> params) {

        public QueueUpdate {
            Objects.requireNonNull(queue, "queue");
            params.forEach(QueueChange::checkProperty);
            params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        }
    }

    public QueueChange {
        additions = List.copyOf(additions);
        updates = List.copyOf(updates);
        removals = List.copyOf(removals);
        globals.forEach(QueueChange::checkProperty);
        globals = Collections.unmodifiableSortedMap(new TreeMap<>(globals));
        if (additions.isEmpty() && updates.isEmpty() && removals.isEmpty() && globals.isEmpty()) {
            throw new IllegalArgumentException("a queue change must add, update or remove something");
        }
        Set<QueuePath> seen = new HashSet<>();
        for (QueuePath queue : touched(additions, removals)) {
            if (!seen.add(queue)) {
                throw new IllegalArgumentException("queue " + queue + " is both added and removed, or named twice,"
                        + " in one change; split it into two changes");
            }
        }
    }

    /**
     * What makes this change wrong for the configuration {@code current}, if anything: a queue added under a parent
     * that does not exist, added twice, or updated or removed while absent. YARN 3.3 accepts the first and the last
     * two and writes properties no queue reads, so they are caught here.
     */
    public java.util.Optional<String> conflictWith(SchedulerConf current) {
        Set<QueuePath> present = new HashSet<>();
        for (QueuePath removed : removals) {
            if (removed.isRoot() || !current.exists(removed)) {
                return java.util.Optional.of("cannot remove queue " + removed + ": it is not in the queue tree");
            }
        }
        for (QueueUpdate added : additions) {
            QueuePath parent = added.queue().parent();
            if (!current.exists(parent) && !present.contains(parent)) {
                return java.util.Optional.of("cannot add queue " + added.queue() + ": its parent " + parent
                        + " is not in the queue tree (known: " + String.join(", ", current.children(QueuePath.ROOT))
                        + " under root)");
            }
            if (current.exists(added.queue())) {
                return java.util.Optional.of("cannot add queue " + added.queue() + ": it already exists; update it");
            }
            present.add(added.queue());
        }
        for (QueueUpdate updated : updates) {
            boolean willExist = (current.exists(updated.queue()) && !removals.contains(updated.queue()))
                    || present.contains(updated.queue());
            if (!willExist) {
                return java.util.Optional.of("cannot update queue " + updated.queue()
                        + ": it is not in the queue tree; add it instead");
            }
        }
        return java.util.Optional.empty();
    }

    private static List<QueuePath> touched(List<QueueUpdate> additions, List<QueuePath> removals) {
        List<QueuePath> all = new ArrayList<>(removals);
        additions.forEach(a -> all.add(a.queue()));
        return all;
    }

    private static void checkProperty(String key, String value) {
        Objects.requireNonNull(key, "property name");
        if (key.isBlank() || key.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("invalid scheduler property name '" + key + "'");
        }
        Objects.requireNonNull(value, () -> "value of scheduler property " + key);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects the parts of a change in the order they are given. */
    public static final class Builder {
        private final List<QueueUpdate> additions = new ArrayList<>();
        private final List<QueueUpdate> updates = new ArrayList<>();
        private final List<QueuePath> removals = new ArrayList<>();
        private final Map<String, String> globals = new TreeMap<>();

        private Builder() {
        }

        public Builder add(QueuePath queue, Map<String, String> params) {
            additions.add(new QueueUpdate(queue, params));
            return this;
        }

        public Builder update(QueuePath queue, Map<String, String> params) {
            updates.add(new QueueUpdate(queue, params));
            return this;
        }

        public Builder remove(QueuePath queue) {
            removals.add(queue);
            return this;
        }

        public Builder global(String key, String value) {
            globals.put(key, value);
            return this;
        }

        public QueueChange build() {
            return new QueueChange(additions, updates, removals, globals);
        }
    }
}
