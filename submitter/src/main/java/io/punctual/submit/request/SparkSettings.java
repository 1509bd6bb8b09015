package io.punctual.submit.request;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The Spark configuration a submission amounts to, as spark-submit resolves it: {@code --conf} entries, overridden
 * by the dedicated options ({@code --executor-memory} wins over {@code --conf spark.executor.memory}).
 */
public final class SparkSettings {

    /** Where {@link #effective} keeps {@code --proxy-user}: the user the application runs as. */
    public static final String PROXY_USER = "spark.punctual.proxyUser";

    private static final Map<String, String> OPTION_KEYS = Map.ofEntries(
            Map.entry("--master", "spark.master"),
            Map.entry("--deploy-mode", "spark.submit.deployMode"),
            Map.entry("--name", "spark.app.name"),
            Map.entry("--class", "spark.punctual.mainClass"),
            Map.entry("--queue", "spark.yarn.queue"),
            Map.entry("--num-executors", "spark.executor.instances"),
            Map.entry("--executor-memory", "spark.executor.memory"),
            Map.entry("--executor-cores", "spark.executor.cores"),
            Map.entry("--driver-memory", "spark.driver.memory"),
            Map.entry("--driver-cores", "spark.driver.cores"),
            Map.entry("--jars", "spark.jars"),
            Map.entry("--files", "spark.files"),
            Map.entry("--archives", "spark.yarn.dist.archives"),
            Map.entry("--py-files", "spark.submit.pyFiles"),
            Map.entry("--proxy-user", PROXY_USER));

    private SparkSettings() {
    }

    public static Map<String, String> effective(SubmitArguments args) {
        Map<String, String> conf = new LinkedHashMap<>(args.conf());
        for (SparkOption option : args.sparkOptions()) {
            String key = OPTION_KEYS.get(option.name());
            if (key != null && option.value().isPresent()) {
                conf.put(key, option.value().get());
            }
        }
        return conf;
    }

    public static boolean clusterMode(Map<String, String> conf) {
        return "cluster".equals(conf.getOrDefault("spark.submit.deployMode", "cluster"));
    }

    /** θ a submission asks for ({@code spark.deadline.confidence}), if it names one. */
    public static Optional<Double> confidence(Map<String, String> conf) {
        Optional<String> asked = Optional.ofNullable(conf.get(DeadlineKeys.CONFIDENCE));
        if (asked.isEmpty()) {
            return Optional.empty();
        }
        try {
            double theta = Double.parseDouble(asked.get());
            if (theta > 0 && theta < 1) {
                return Optional.of(theta);
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new InvalidRequest("--confidence must be a probability strictly between 0 and 1 (e.g. 0.9), got '"
                + asked.get() + "'");
    }

    /** The executor count the user fixed ({@code --num-executors}): an explicit override of sizing. */
    public static Optional<Integer> executors(Map<String, String> conf) {
        String asked = conf.get("spark.executor.instances");
        if (asked == null) {
            return Optional.empty();
        }
        try {
            int n = Integer.parseInt(asked.trim());
            if (n >= 1) {
                return Optional.of(n);
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new InvalidRequest("--num-executors must be a whole number of at least 1, got '" + asked + "'");
    }
}
