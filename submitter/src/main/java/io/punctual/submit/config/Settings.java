package io.punctual.submit.config;

import io.punctual.submit.request.DeadlineUtility;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Everything configuration decides about one submission, each value with the level and place it came from.
 *
 * @param confidence       θ for RUSH's worst-case demand: the chance that the sized executors suffice
 * @param maxExecutors     the most executors sizing may give the job
 * @param executorMemoryMb executor heap in MiB
 * @param executorCores    cores per executor
 * @param utility          what finishing late is still worth, for RUSH's admission
 * @param sparkConf        the Spark properties, merged key by key across levels (without the executor shape, which
 *                         {@link #sparkProperties()} adds)
 */
public record Settings(
        Sourced<Double> confidence,
        Sourced<Integer> maxExecutors,
        Sourced<Long> executorMemoryMb,
        Sourced<Integer> executorCores,
        Sourced<DeadlineUtility> utility,
        Map<String, Sourced<String>> sparkConf) {

    public Settings {
        Objects.requireNonNull(confidence, "confidence");
        Objects.requireNonNull(maxExecutors, "maxExecutors");
        Objects.requireNonNull(executorMemoryMb, "executorMemoryMb");
        Objects.requireNonNull(executorCores, "executorCores");
        Objects.requireNonNull(utility, "utility");
        sparkConf = Collections.unmodifiableMap(new TreeMap<>(sparkConf));
    }

    /** The Spark properties to launch with: the merged conf plus the executor shape as Spark keys. */
    public Map<String, String> sparkProperties() {
        Map<String, String> properties = new LinkedHashMap<>();
        sparkConf.forEach((key, value) -> properties.put(key, value.value()));
        properties.put(Precedence.EXECUTOR_MEMORY, executorMemoryMb.value() + "m");
        properties.put(Precedence.EXECUTOR_CORES, Integer.toString(executorCores.value()));
        return Collections.unmodifiableMap(properties);
    }

    /**
     * The Spark conf a submission runs with: these properties, under the request's own conf (which wins key by key,
     * as it names exactly what the user wrote).
     */
    public Map<String, String> sparkConfUnder(Map<String, String> requestConf) {
        Map<String, String> conf = new LinkedHashMap<>(sparkProperties());
        conf.putAll(requestConf);
        return conf;
    }

    /** One line per setting for {@code explain}: its value and where it came from. */
    public List<String> explain() {
        List<String> lines = new ArrayList<>();
        lines.add("confidence = " + confidence.value() + " from " + confidence.origin());
        lines.add("max executors = " + maxExecutors.value() + " from " + maxExecutors.origin());
        lines.add("executor memory = " + executorMemoryMb.value() + " MiB from " + executorMemoryMb.origin());
        lines.add("executor cores = " + executorCores.value() + " from " + executorCores.origin());
        lines.add("utility = " + utility.value() + " from " + utility.origin());
        sparkConf.forEach((key, value) -> lines.add(key + " = " + value.value() + " from " + value.origin()));
        return List.copyOf(lines);
    }
}
