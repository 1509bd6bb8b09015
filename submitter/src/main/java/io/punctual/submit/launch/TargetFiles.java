package io.punctual.submit.launch;

import io.punctual.yarn.AppId;
import io.punctual.yarn.ClusterFiles;
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

    /** The file a submission's application follows. */
    public String fileFor(String submissionId) {
        return directory.replaceAll("/+$", "") + "/" + submissionId;
    }

    /** What the launch adds to the application's Spark configuration so its driver follows its file. */
    public Map<String, String> conf(String submissionId) {
        return Map.of(TARGET_FILE, fileFor(submissionId));
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
    public void forget(String submissionId) {
        try {
            files.delete(fileFor(submissionId));
        } catch (UncheckedIOException ignored) {
            // A leftover holds one number, under a name no later submission reuses.
        }
    }
}
