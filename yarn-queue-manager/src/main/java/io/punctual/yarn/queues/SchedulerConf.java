package io.punctual.yarn.queues;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The CapacityScheduler's configuration as the ResourceManager holds it now: every {@code yarn.scheduler.capacity.*}
 * property, read through {@code GET /ws/v1/cluster/scheduler-conf}. An immutable value, so two reads can be compared
 * to show that a refused change left everything as it was.
 */
public record SchedulerConf(SortedMap<String, String> properties) {

    /** Prefix of every CapacityScheduler property. */
    public static final String PREFIX = "yarn.scheduler.capacity.";

    public SchedulerConf {
        properties = Collections.unmodifiableSortedMap(new TreeMap<>(properties));
    }

    public static SchedulerConf of(Map<String, String> properties) {
        return new SchedulerConf(new TreeMap<>(properties));
    }

    public Optional<String> get(String key) {
        return Optional.ofNullable(properties.get(key));
    }

    /** The property {@code param} of {@code queue}, e.g. {@code capacity} of {@code root.adhoc}. */
    public Optional<String> queueParam(QueuePath queue, String param) {
        return get(key(queue, param));
    }

    /** Children of {@code parent} in the order its {@code queues} property lists them; empty for a leaf. */
    public List<String> children(QueuePath parent) {
        return queueParam(parent, "queues").map(list -> Arrays.stream(list.split(","))
                .map(String::trim).filter(name -> !name.isEmpty()).toList()).orElse(List.of());
    }

    /** Whether the queue is part of the tree: root, or listed by its parent, which is part of the tree. */
    public boolean exists(QueuePath queue) {
        return queue.isRoot() || (exists(queue.parent()) && children(queue.parent()).contains(queue.leaf()));
    }

    /**
     * The configured capacity as a percentage of the parent. Empty when it is not set (YARN then reads 0), or when it
     * is given as an absolute resource such as {@code [memory=1024,vcores=1]}, which has no percentage.
     */
    public Optional<BigDecimal> capacityPercent(QueuePath queue) {
        return percent(queue, "capacity");
    }

    /** The configured maximum capacity in percent; YARN reads an unset one as 100. */
    public Optional<BigDecimal> maximumCapacityPercent(QueuePath queue) {
        return percent(queue, "maximum-capacity");
    }

    private Optional<BigDecimal> percent(QueuePath queue, String param) {
        return queueParam(queue, param).map(String::trim).flatMap(text -> {
            try {
                return Optional.of(new BigDecimal(text));
            } catch (NumberFormatException notAPercentage) {
                return Optional.empty();
            }
        });
    }

    static String key(QueuePath queue, String param) {
        return PREFIX + queue.value() + "." + param;
    }
}
