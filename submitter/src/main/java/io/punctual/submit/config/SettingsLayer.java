package io.punctual.submit.config;

import io.punctual.submit.request.DeadlineUtility;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What one level of configuration says about a submission — the request, the team's entry for the job, the team's
 * defaults, the site file or {@code reference.conf}. Absent means "this level does not say"; {@link Precedence}
 * takes each setting from the highest level that does.
 *
 * @param executorMemoryMb executor heap in MiB ({@code spark.executor.memory})
 * @param utility          what finishing late is still worth ({@link DeadlineUtility})
 * @param sparkConf        Spark properties by full key, each with its origin
 */
public record SettingsLayer(
        Optional<Sourced<Double>> confidence,
        Optional<Sourced<Integer>> maxExecutors,
        Optional<Sourced<Long>> executorMemoryMb,
        Optional<Sourced<Integer>> executorCores,
        Optional<Sourced<DeadlineUtility>> utility,
        Map<String, Sourced<String>> sparkConf) {

    public static final SettingsLayer EMPTY = new SettingsLayer(Optional.empty(), Optional.empty(), Optional.empty(),
            Optional.empty(), Optional.empty(), Map.of());

    public SettingsLayer {
        Objects.requireNonNull(confidence, "confidence");
        Objects.requireNonNull(maxExecutors, "maxExecutors");
        Objects.requireNonNull(executorMemoryMb, "executorMemoryMb");
        Objects.requireNonNull(executorCores, "executorCores");
        Objects.requireNonNull(utility, "utility");
        sparkConf = Collections.unmodifiableMap(new TreeMap<>(sparkConf));
    }

    /** Only the values that came from {@code level}: splits the merged site-and-reference tree into its two levels. */
    SettingsLayer only(Level level) {
        Map<String, Sourced<String>> conf = new TreeMap<>();
        sparkConf.forEach((key, value) -> {
            if (value.level() == level) {
                conf.put(key, value);
            }
        });
        return new SettingsLayer(confidence.filter(s -> s.level() == level), maxExecutors.filter(s -> s.level() == level),
                executorMemoryMb.filter(s -> s.level() == level), executorCores.filter(s -> s.level() == level),
                utility.filter(s -> s.level() == level), conf);
    }
}
