package io.punctual.submit.config;

import io.punctual.submit.request.DeadlineUtility;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;
import io.punctual.submit.config.ConfigReader.Need;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.TreeMap;

/**
 * Reads one level's per-job settings — confidence, max executors, executor shape, Spark conf — from wherever that
 * level keeps them (the site's {@code punctual.job}, a team's {@code punctual.team}, a job entry).
 *
 * <p>Spark conf keys must be quoted: unquoted, {@code spark.sql.shuffle.partitions = 200} is a path, and HOCON
 * silently lets a later {@code spark.sql = …} replace the whole subtree. Keys that Punctual itself decides (the
 * executor count, the queue, event logging) are refused with what to set instead, because a value there would be
 * overridden at launch and the team would not know.
 */
final class LayerReader {

    static final String CONFIDENCE = "confidence";
    static final String MAX_EXECUTORS = "max-executors";
    static final String SPARK_CONF = "spark-conf";

    static final int MAX_EXECUTORS_LIMIT = 100_000;
    static final int MAX_CORES = 256;

    private static final Map<String, String> OWNED_BY_PUNCTUAL = Map.of(
            "spark.executor.memory", "set executor.memory instead, so that sizing knows the executor shape",
            "spark.executor.cores", "set executor.cores instead, so that sizing knows the executor shape",
            "spark.executor.instances", "Punctual sizes the executor count; bound it with max-executors",
            "spark.dynamicAllocation.enabled", "Punctual pins the executor count; dynamic allocation would undo it",
            "spark.yarn.queue", "Punctual chooses the queue: the job's reservation, or the team's queue",
            "spark.master", "Punctual always submits to YARN",
            "spark.eventLog.enabled", "Punctual always writes event logs: its history learns from them",
            "spark.eventLog.dir", "set punctual.history.event-log-dir in the site file instead",
            "spark.yarn.submit.waitAppCompletion", "Punctual follows the application through YARN itself");

    private LayerReader() {
    }

    /**
     * @param confidencePath where this level keeps its confidence
     * @param prefix         the object holding {@code max-executors}, {@code executor} and {@code spark-conf}
     * @param need           whether the scalar settings must be present (the site level over reference.conf)
     */
    static SettingsLayer read(ConfigReader r, Level level, String confidencePath, String prefix, Need need) {
        Optional<Sourced<Double>> confidence = r.number(confidencePath, need, d -> d > 0 && d < 1,
                "a number in (0, 1)").map(v -> sourced(r, confidencePath, level, v));
        String maxPath = prefix + "." + MAX_EXECUTORS;
        Optional<Sourced<Integer>> maxExecutors = r.whole(maxPath, need, 1, MAX_EXECUTORS_LIMIT)
                .map(v -> sourced(r, maxPath, level, v));
        String memoryPath = prefix + ".executor.memory";
        Optional<Sourced<Long>> memory = r.memoryMb(memoryPath, need).map(v -> sourced(r, memoryPath, level, v));
        String coresPath = prefix + ".executor.cores";
        Optional<Sourced<Integer>> cores = r.whole(coresPath, need, 1, MAX_CORES)
                .map(v -> sourced(r, coresPath, level, v));
        String utilityPath = prefix + ".utility";
        Optional<Sourced<DeadlineUtility>> utility = r.text(utilityPath, need, Pattern.compile(".*"),
                DeadlineUtility.EXPECTED).flatMap(text -> {
                    Optional<DeadlineUtility> parsed = DeadlineUtility.parse(text);
                    if (parsed.isEmpty()) {
                        r.problem(utilityPath, "expected " + DeadlineUtility.EXPECTED + ", got \"" + text + "\"");
                    }
                    return parsed;
                }).map(v -> sourced(r, utilityPath, level, v));
        return new SettingsLayer(confidence, maxExecutors, memory, cores, utility,
                sparkConf(r, level, prefix + "." + SPARK_CONF));
    }

    private static Map<String, Sourced<String>> sparkConf(ConfigReader r, Level level, String path) {
        Map<String, Sourced<String>> conf = new TreeMap<>();
        Optional<ConfigObject> object = r.openObject(path, Need.OPTIONAL,
                "an object of Spark properties with quoted keys, e.g. { \"spark.sql.shuffle.partitions\" = 200 }");
        if (object.isEmpty()) {
            return conf;
        }
        for (Map.Entry<String, ConfigValue> entry : new TreeMap<>(object.get()).entrySet()) {
            String key = entry.getKey();
            String keyPath = path + "." + ConfigReader.path(key);
            ConfigValue value = entry.getValue();
            Optional<String> problem = problemWith(key, value);
            if (problem.isPresent()) {
                r.problem(keyPath, problem.get());
            } else {
                conf.put(key, sourced(r, keyPath, level, ConfigReader.scalarText(value)));
            }
        }
        return conf;
    }

    private static Optional<String> problemWith(String key, ConfigValue value) {
        if (value.valueType() == ConfigValueType.OBJECT) {
            String example = firstLeaf(key, (ConfigObject) value);
            return Optional.of("Spark keys must be quoted: write \"" + example + "\" = … (unquoted, the dots make a"
                    + " path, and a later key can silently replace it)");
        }
        if (value.valueType() == ConfigValueType.LIST || value.valueType() == ConfigValueType.NULL) {
            return Optional.of("expected a string, number or boolean, got " + ConfigReader.shown(value));
        }
        if (!key.startsWith("spark.")) {
            return Optional.of("Spark ignores properties whose key does not start with 'spark.'");
        }
        if (key.startsWith("spark.deadline.")) {
            return Optional.of("spark.deadline.* keys are per-request inputs; set confidence or max-executors in this"
                    + " file instead");
        }
        String owner = OWNED_BY_PUNCTUAL.get(key);
        return owner == null ? Optional.empty() : Optional.of("Punctual sets " + key + " itself: " + owner);
    }

    private static String firstLeaf(String key, ConfigObject object) {
        if (object.isEmpty()) {
            return key;
        }
        String first = new TreeMap<>(object).firstKey();
        ConfigValue next = object.get(first);
        String joined = key + "." + first;
        return next instanceof ConfigObject inner && !inner.isEmpty() ? firstLeaf(joined, inner) : joined;
    }

    private static <T> Sourced<T> sourced(ConfigReader r, String path, Level level, T value) {
        return new Sourced<>(value, new Origin(r.levelOf(path, level), r.location(path)));
    }
}
