package io.punctual.submit.request;

import io.punctual.submit.request.SparkOption;
import io.punctual.submit.request.SubmitArguments;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The Spark configuration a submission amounts to, as spark-submit resolves it: {@code --conf} entries, overridden
 * by the dedicated options ({@code --executor-memory} wins over {@code --conf spark.executor.memory}).
 */
public final class SparkSettings {

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
            Map.entry("--proxy-user", "spark.punctual.proxyUser"));

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
}
