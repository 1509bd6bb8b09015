package io.punctual.submit.launch;

import io.punctual.submit.request.DeadlineKeys;
import io.punctual.submit.request.SparkSettings;
import io.punctual.submit.request.SparkOption;
import io.punctual.submit.request.Submission;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Turns a submission into the spark-submit command that runs it inside its reserved capacity. Every option the user
 * gave passes through unchanged, except the few Punctual must own for the reservation to mean anything: the queue,
 * the pinned executor count (dynamic allocation off), the tags that find the application again, and event logging
 * into Punctual's history. A best-effort run (no reservation) whose user turned dynamic allocation on keeps it.
 */
public final class SparkCommand {

    /** Options Punctual sets itself; the user's values were read before (the queue names the plan to reserve in). */
    private static final Set<String> OWNED = Set.of("--master", "--deploy-mode", "--queue", "--num-executors", "--class");

    private SparkCommand() {
    }

    /**
     * @param queue         the leaf queue to run in: the reservation's queue
     * @param eventLogDir   a Hadoop file system URI, e.g. {@code file:/home/me/.punctual/history/event-logs}
     * @param hadoopConfDir the cluster's client configuration (HADOOP_CONF_DIR)
     * @param scratch       temporary directory for the spark-submit process
     */
    public static LaunchRequest inQueue(Submission submission, String queue, ContainerShapes shapes,
                                        String eventLogDir, SparkRuntime runtime, Path hadoopConfDir, Path output,
                                        Path scratch) {
        return inQueue(submission, queue, shapes, eventLogDir, runtime, hadoopConfDir, output, scratch, true);
    }

    /**
     * @param reserved false for a best-effort run (no deadline, no reservation): there a user's
     *                 {@code spark.dynamicAllocation.enabled=true} is kept, since no reserved count has to be honoured
     */
    public static LaunchRequest inQueue(Submission submission, String queue, ContainerShapes shapes,
                                        String eventLogDir, SparkRuntime runtime, Path hadoopConfDir, Path output,
                                        Path scratch, boolean reserved) {
        boolean dynamic = !reserved && dynamicAllocation(submission);
        SparkRuntime ready = runtime.forApplication(submission.args().primaryResource());
        Map<String, String> env = new LinkedHashMap<>(Map.of(
                "HADOOP_CONF_DIR", hadoopConfDir.toString(),
                "YARN_CONF_DIR", hadoopConfDir.toString(),
                "JAVA_HOME", System.getProperty("java.home"),
                // spark-submit stages files in its temp directory; keep that inside Punctual's home.
                "SPARK_SUBMIT_OPTS", "-Djava.io.tmpdir=" + scratch));
        if (!ready.pysparkArchives().isEmpty()) {
            // Where spark-submit on YARN looks for pyspark.zip and py4j before $SPARK_HOME/python/lib.
            env.put("PYSPARK_ARCHIVES_PATH", String.join(",", ready.pysparkArchives()));
        }
        Optional<String> mainClass = submission.args().option("--class");
        return new LaunchRequest(submission.args().primaryResource(), mainClass,
                options(submission, queue, shapes, dynamic), conf(submission, eventLogDir, ready, dynamic, reserved),
                submission.args().appArgs(), env, submission.workingDir(), output);
    }

    private static boolean dynamicAllocation(Submission submission) {
        return "true".equalsIgnoreCase(String.valueOf(SparkSettings.effective(submission.args())
                .get("spark.dynamicAllocation.enabled")).trim());
    }

    private static List<SparkOption> options(Submission submission, String queue, ContainerShapes shapes,
                                             boolean dynamic) {
        List<SparkOption> options = new ArrayList<>();
        options.add(SparkOption.of("--master", "yarn"));
        options.add(SparkOption.of("--deploy-mode", SparkSettings.clusterMode(SparkSettings.effective(submission.args()))
                ? "cluster" : "client"));
        options.add(SparkOption.of("--queue", queue));
        if (!dynamic) {
            options.add(SparkOption.of("--num-executors", Integer.toString(shapes.executors())));
        }
        for (SparkOption option : submission.args().sparkOptions()) {
            if (!OWNED.contains(option.name())) {
                options.add(option);
            }
        }
        return options;
    }

    private static Map<String, String> conf(Submission submission, String eventLogDir, SparkRuntime runtime,
                                            boolean dynamic, boolean reserved) {
        Map<String, String> userConf = submission.args().conf();
        Map<String, String> conf = new LinkedHashMap<>(userConf);
        if (!dynamic) {
            conf.put("spark.dynamicAllocation.enabled", "false");
            // Pinned executors only help if the job waits for all of them before it starts.
            conf.putIfAbsent("spark.scheduler.minRegisteredResourcesRatio", "1.0");
        }
        conf.put("spark.yarn.tags", tags(userConf.get("spark.yarn.tags"), submission));
        conf.put(DeadlineKeys.SUBMISSION_ID, submission.id());
        conf.put(DeadlineKeys.JOB_KEY, submission.jobKey().name());
        conf.put(DeadlineKeys.TEAM, submission.jobKey().team());
        if (reserved) {
            // The deadline goes into the event log for the job's achieved confidence; work without a deadline (the
            // only kind run unreserved) has none, and its stand-in horizon must not count as one.
            conf.put(DeadlineKeys.AT, submission.deadline().toString());
        }
        conf.put("spark.eventLog.enabled", "true");
        conf.put("spark.eventLog.dir", eventLogDir);
        // spark-submit exits once YARN has the application: Punctual follows it through YARN, so nothing depends on
        // a child process that a restart or a Ctrl-C could orphan.
        conf.put("spark.yarn.submit.waitAppCompletion", "false");
        if (!userConf.containsKey("spark.yarn.jars") && !userConf.containsKey("spark.yarn.archive")) {
            conf.putAll(runtime.jars().conf());
        }
        if (SparkRuntime.isPython(submission.args().primaryResource())) {
            // The driver's and executors' Python: the one pyspark was found for (spark-submit would otherwise read a
            // PYSPARK_PYTHON the launch environment does not pass on).
            conf.putIfAbsent("spark.pyspark.python", runtime.python());
        }
        return conf;
    }

    private static String tags(String userTags, Submission submission) {
        Set<String> tags = new LinkedHashSet<>();
        if (userTags != null) {
            for (String tag : userTags.split(",")) {
                if (!tag.isBlank()) {
                    tags.add(tag.trim());
                }
            }
        }
        tags.add("punctual");
        tags.add(submission.tag());
        tags.add("punctual-job-" + submission.jobKey().slug());
        return String.join(",", tags);
    }
}
