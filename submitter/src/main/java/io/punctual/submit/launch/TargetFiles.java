package io.punctual.submit.launch;

import io.punctual.submit.request.SparkOption;
import io.punctual.yarn.AppId;
import io.punctual.yarn.hadoop.ClusterFiles;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * Executor targets as files on the cluster's file system, one per submission, which Punctual's driver plugin
 * ({@code io.punctual.workloads.plugin.ExecutorTargetPlugin}) follows: the launch names the file in the application's
 * Spark configuration, a re-plan writes the new count into it, and the file is deleted once the run is over.
 *
 * @param directory a directory every driver can read (HDFS on a real cluster, a local one on the embedded cluster)
 */
public record TargetFiles(ClusterFiles files, String directory) implements ExecutorTargets {

    /** The Spark property the plugin reads its file's URI from (the plugin's own constant, repeated: no Spark here). */
    public static final String TARGET_FILE = "spark.punctual.executors.targetFile";
    /** The plugin's class, for {@code spark.plugins}. */
    public static final String PLUGIN = "io.punctual.workloads.plugin.ExecutorTargetPlugin";

    /**
     * What lets an executor given back hand its shuffle and cached blocks to the executors that stay before it exits
     * (Spark's graceful decommissioning), so the stages that read them need not run again; the plugin decommissions
     * where {@code spark.decommission.enabled} is on.
     */
    static final Map<String, String> DECOMMISSION = Map.of("spark.decommission.enabled", "true",
            "spark.storage.decommission.enabled", "true", "spark.storage.decommission.shuffleBlocks.enabled", "true",
            "spark.storage.decommission.rddBlocks.enabled", "true");

    /**
     * Whether an application launched with {@code conf} can give executors back without losing work: its shuffle
     * output survives them through Spark's external shuffle service, or through decommissioning, which the launch turns
     * on unless the user turned it off.
     */
    public static boolean releasesSafely(Map<String, String> conf) {
        if ("true".equalsIgnoreCase(conf.get("spark.shuffle.service.enabled"))) {
            return true;
        }
        return DECOMMISSION.keySet().stream().filter(key -> !key.endsWith("rddBlocks.enabled"))
                .noneMatch(key -> "false".equalsIgnoreCase(conf.get(key)));
    }

    /** Targets in {@code directory} (a URI, or a path inside the user's home) of the cluster configured in {@code confDir}. */
    public static TargetFiles at(java.nio.file.Path confDir, String directory) {
        ClusterFiles files = ClusterFiles.fromConfDir(confDir);
        return new TargetFiles(files, files.qualify(directory));
    }

    /** The file a submission's application follows. */
    public String fileFor(String submissionId) {
        return directory.replaceAll("/+$", "") + "/" + submissionId;
    }

    /** What the launch adds to the application's Spark configuration so its driver follows its file. */
    public Map<String, String> conf(String submissionId) {
        return Map.of(TARGET_FILE, fileFor(submissionId));
    }

    /**
     * The launch of {@code submissionId}'s application with Punctual's driver plugin added: the plugin after any the
     * user named, its target file, decommissioning where the user did not set it ({@link #DECOMMISSION}), and the jar
     * that holds the plugin after any jars the user ships (in {@code --jars}, which spark-submit prefers to
     * {@code spark.jars}, when the user gave it).
     */
    public LaunchRequest following(LaunchRequest request, String submissionId, String pluginJar) {
        Map<String, String> conf = new java.util.LinkedHashMap<>(request.conf());
        conf.merge("spark.plugins", PLUGIN, (mine, ours) -> mine + "," + ours);
        conf.putAll(conf(submissionId));
        DECOMMISSION.forEach(conf::putIfAbsent);
        java.util.List<SparkOption> options = new java.util.ArrayList<>();
        boolean jarsOption = false;
        for (SparkOption option : request.options()) {
            if (option.name().equals("--jars") && option.value().isPresent()) {
                options.add(SparkOption.of("--jars", option.value().get() + "," + pluginJar));
                jarsOption = true;
            } else {
                options.add(option);
            }
        }
        if (!jarsOption) {
            conf.merge("spark.jars", pluginJar, (mine, ours) -> mine + "," + ours);
        }
        return new LaunchRequest(request.appResource(), request.mainClass(), options, conf, request.appArgs(),
                request.env(), request.workingDir(), request.output());
    }

    @Override
    public Move move(String submissionId, AppId app, int executors) {
        try {
            files.replace(fileFor(submissionId), executors + "\n");
            return new Move.Done();
        } catch (UncheckedIOException unwritable) {
            return new Move.Unreachable("cannot write its executor target " + fileFor(submissionId) + ": "
                    + unwritable.getMessage());
        }
    }

    /** The run is over: its file goes. */
    @Override
    public void forget(String submissionId) {
        try {
            files.delete(fileFor(submissionId));
        } catch (UncheckedIOException ignored) {
            // A leftover holds one number, under a name no later submission reuses.
        }
    }
}
