package io.punctual.submit.pipeline;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * The knobs of one {@link SubmissionPipeline}.
 *
 * @param bestEffortQueue the site's queue for work without a reservation, where a run that outlives its reservation
 *                        goes when its team has no queue of its own
 * @param executorTargets where re-planned runs' executor targets are written ({@code
 *                        punctual.cluster.executor-targets}); blank: each job is sized once
 * @param pluginJar       the jar with Punctual's driver plugin, which a re-planned launch ships
 */
public record PipelineSettings(
        String eventLogDir,
        Path eventLogPath,
        Path hadoopConfDir,
        Path submissionLogs,
        Path scratch,
        Duration poll,
        Duration appIdTimeout,
        String bestEffortQueue,
        String executorTargets,
        Optional<Path> pluginJar) {

    /** Whether running jobs are re-planned: executor targets are configured and the driver plugin's jar is at hand. */
    public boolean replans() {
        return replans(executorTargets, pluginJar);
    }

    /** The one test of whether re-planning is on, for the pipeline and for sizing's start level alike. */
    public static boolean replans(String executorTargets, Optional<Path> pluginJar) {
        return !executorTargets.isBlank() && pluginJar.isPresent();
    }
}
