package io.punctual.submit.config;

import io.punctual.submit.request.DeadlineUtility;
import io.punctual.submit.request.InvalidRequest;
import io.punctual.submit.request.DeadlineKeys;

import io.punctual.submit.request.SparkMemory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The precedence rule, as one pure function: each setting comes from the highest level that sets it — request, then
 * the team's entry for the job, then the team's defaults, then the site file, then {@code reference.conf} — and the
 * Spark conf is merged key by key under the same rule.
 *
 * <p>A request states its settings as Spark conf keys, so they travel through Livy and Airflow unchanged:
 * {@value #CONFIDENCE}, {@value #MAX_EXECUTORS}, and Spark's own {@value #EXECUTOR_MEMORY} and {@value #EXECUTOR_CORES}
 * (Livy's {@code executorMemory} / {@code executorCores} fields and spark-submit's {@code --executor-memory} /
 * {@code --executor-cores} map onto these). Every other key of the request is Spark conf.
 */
public final class Precedence {

    public static final String CONFIDENCE = DeadlineKeys.CONFIDENCE;
    public static final String MAX_EXECUTORS = DeadlineKeys.MAX_EXECUTORS;
    public static final String EXECUTOR_MEMORY = "spark.executor.memory";
    public static final String EXECUTOR_CORES = "spark.executor.cores";

    private Precedence() {
    }

    /**
     * Resolves every setting from {@code highestFirst} (typically request, job, team, site, reference).
     *
     * @throws IllegalArgumentException when no level sets a scalar setting — the lowest level must set them all
     */
    public static Settings resolve(List<SettingsLayer> highestFirst) {
        Map<String, Sourced<String>> conf = new TreeMap<>();
        for (int i = highestFirst.size() - 1; i >= 0; i--) {
            conf.putAll(highestFirst.get(i).sparkConf());
        }
        return new Settings(
                first(highestFirst, SettingsLayer::confidence, "confidence"),
                first(highestFirst, SettingsLayer::maxExecutors, "max executors"),
                first(highestFirst, SettingsLayer::executorMemoryMb, "executor memory"),
                first(highestFirst, SettingsLayer::executorCores, "executor cores"),
                first(highestFirst, SettingsLayer::utility, "utility"),
                conf);
    }

    private static <T> Sourced<T> first(List<SettingsLayer> layers, Function<SettingsLayer, Optional<Sourced<T>>> get,
                                        String name) {
        for (SettingsLayer layer : layers) {
            Optional<Sourced<T>> value = get.apply(layer);
            if (value.isPresent()) {
                return value.get();
            }
        }
        throw new IllegalArgumentException("no configuration level sets " + name
                + "; reference.conf must set every per-job default");
    }

    /**
     * The request's own level, read from its Spark conf.
     *
     * @throws IllegalArgumentException naming every request key whose value is unusable and what it should be
     */
    public static SettingsLayer requestLayer(Map<String, String> requestConf) {
        List<String> problems = new ArrayList<>();
        Optional<Sourced<Double>> confidence = read(requestConf, CONFIDENCE, problems,
                "a number strictly between 0 and 1, e.g. 0.95", text -> {
                    double d = Double.parseDouble(text);
                    return d > 0 && d < 1 ? Optional.of(d) : Optional.empty();
                });
        Optional<Sourced<Integer>> maxExecutors = read(requestConf, MAX_EXECUTORS, problems,
                "a whole number of at least 1", Precedence::positiveInt);
        Optional<Sourced<Long>> memory = read(requestConf, EXECUTOR_MEMORY, problems,
                "a memory size such as 512m or 4g", text -> {
                    long mb = SparkMemory.mebibytes(text, EXECUTOR_MEMORY);
                    return mb >= 1 ? Optional.of(mb) : Optional.empty();
                });
        Optional<Sourced<Integer>> cores = read(requestConf, EXECUTOR_CORES, problems, "a whole number of at least 1",
                Precedence::positiveInt);
        Optional<Sourced<DeadlineUtility>> utility = read(requestConf, DeadlineKeys.UTILITY, problems,
                DeadlineUtility.EXPECTED, DeadlineUtility::parse);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("the request's conf is not usable: " + String.join("; ", problems));
        }
        Map<String, Sourced<String>> conf = new TreeMap<>();
        requestConf.forEach((key, value) -> {
            if (!key.equals(CONFIDENCE) && !key.equals(MAX_EXECUTORS) && !key.equals(EXECUTOR_MEMORY)
                    && !key.equals(EXECUTOR_CORES) && !key.equals(DeadlineKeys.UTILITY)) {
                conf.put(key, new Sourced<>(value, requestOrigin(key)));
            }
        });
        return new SettingsLayer(confidence, maxExecutors, memory, cores, utility, conf);
    }

    private static <T> Optional<Sourced<T>> read(Map<String, String> conf, String key, List<String> problems,
                                                 String expected, Function<String, Optional<T>> parse) {
        String text = conf.get(key);
        if (text == null) {
            return Optional.empty();
        }
        Optional<T> value;
        try {
            value = parse.apply(text.trim());
        } catch (NumberFormatException | InvalidRequest e) {
            value = Optional.empty();
        }
        if (value.isEmpty()) {
            problems.add(key + " must be " + expected + ", got '" + text + "'");
            return Optional.empty();
        }
        return Optional.of(new Sourced<>(value.get(), requestOrigin(key)));
    }

    private static Optional<Integer> positiveInt(String text) {
        int n = Integer.parseInt(text);
        return n >= 1 ? Optional.of(n) : Optional.empty();
    }

    private static Origin requestOrigin(String key) {
        return new Origin(Level.REQUEST, "request conf " + key);
    }
}
