package io.punctual.submit.cli;

import io.punctual.sizing.JobKey;
import io.punctual.submit.assembly.Assembly;
import io.punctual.submit.config.Settings;
import io.punctual.submit.launch.SparkRuntime;
import io.punctual.submit.launch.SparkSubmitLauncher;
import io.punctual.submit.pipeline.SubmissionEvent;
import io.punctual.submit.pipeline.SubmissionOutcome;
import io.punctual.submit.pipeline.SubmissionPipeline;
import io.punctual.submit.request.PropertiesFile;
import io.punctual.submit.request.SparkSettings;
import io.punctual.submit.request.Submission;
import io.punctual.submit.request.SubmitArguments;
import io.punctual.yarn.ClusterGateway;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import io.punctual.submit.pipeline.SubmissionState;

/**
 * Builds submissions and pipelines from the command line with the configuration's parts ({@link Assembly}), runs
 * them, and cleans up on Ctrl-C.
 */
final class SubmissionRunner {

    private SubmissionRunner() {
    }

    static SubmissionOutcome run(ClusterSession cluster, CliContext context, Assembly assembly, SubmitArguments given,
                                 Instant deadline, Consumer<SubmissionEvent> events) {
        Prepared prepared = prepare(cluster.gateway(), cluster.confDir(), cluster.embedded().isPresent(), context,
                assembly, given, deadline, events);
        Submission submission = prepared.submission();
        SubmissionPipeline pipeline = prepared.pipeline();
        AtomicReference<SubmissionState> current = new AtomicReference<>();
        Thread onInterrupt = new Thread(() -> pipeline.abandon(current, "punctual submit was interrupted"),
                "punctual-abandon-" + submission.id());
        Runtime.getRuntime().addShutdownHook(onInterrupt);
        try {
            return pipeline.run(submission, current);
        } finally {
            removeHook(onInterrupt);
        }
    }

    /** A command line's submission, with its team's settings folded in, and the pipeline that runs it. */
    record Prepared(Submission submission, SubmissionPipeline pipeline) {
    }

    /** @param embeddedCluster whether {@code cluster} is the in-process one (its nodes share this disk) */
    static Prepared prepare(ClusterGateway cluster, Path hadoopConfDir, boolean embeddedCluster, CliContext context,
                            Assembly assembly, SubmitArguments given, Instant deadline,
                            Consumer<SubmissionEvent> events) {
        JobKey job = jobKey(SparkSettings.effective(given), given);
        Settings settings = assembly.settings(job, SparkSettings.effective(given));
        SubmitArguments args = configured(given, settings);
        SparkRuntime runtime = assembly.sparkRuntime(runtime(context), embeddedCluster, hadoopConfDir);
        SubmissionPipeline pipeline = assembly.pipeline(cluster, new SparkSubmitLauncher(runtime), runtime,
                hadoopConfDir, assembly.sizing(settings), events);
        return new Prepared(submission(context, assembly, args, job, deadline), pipeline);
    }

    /**
     * The command line with the properties file spark-submit would read beneath it ({@link PropertiesFile}). The file
     * is the user's, as for spark-submit: under the command line, over the team's settings, which launch as
     * {@code --conf} and so would beat the file at launch too if it were put beneath them.
     */
    static SubmitArguments withPropertiesFile(SubmitArguments given, CliContext context) {
        return PropertiesFile.of(given, context.env(), context.cwd()).map(file -> file.under(given)).orElse(given);
    }

    /** The command line with the configuration's Spark properties (executor shape, spark-conf) under the user's own. */
    static SubmitArguments configured(SubmitArguments args, Settings settings) {
        return new SubmitArguments(args.sparkOptions(), settings.sparkConfUnder(args.conf()), args.primaryResource(),
                args.appArgs(), args.embedded());
    }

    static Submission submission(CliContext context, Assembly assembly, SubmitArguments args, JobKey job,
                                 Instant deadline) {
        String planQueue = assembly.planQueue(args.option("--queue"));
        return new Submission(Submission.newId(), args, job, context.clock().instant(), deadline, planQueue,
                context.cwd());
    }

    /**
     * The job this submission belongs to, by the rule event logs are read with. The queue named on the command line
     * is the plan to reserve in, not a team, so it does not name the team here; the team comes from
     * {@code --team}, else the user.
     */
    static JobKey jobKey(Map<String, String> conf, SubmitArguments args) {
        Map<String, String> props = new HashMap<>(conf);
        props.remove(JobKey.QUEUE);
        Optional<String> mainClass = args.option("--class");
        String appName = Optional.ofNullable(conf.get("spark.app.name")).or(() -> mainClass)
                .orElse(Path.of(args.primaryResource()).getFileName().toString());
        String user = Optional.ofNullable(conf.get(SparkSettings.PROXY_USER)).orElse(System.getProperty("user.name"));
        return JobKey.from(props, appName, user, mainClass);
    }

    /**
     * {@code SPARK_HOME}'s distribution when it has a spark-submit, else the thin runtime laid out in the home; Python
     * applications run with {@code PYSPARK_PYTHON} when it is set (the site's {@code punctual.spark.python} wins).
     */
    static SparkRuntime runtime(CliContext context) {
        String sparkHome = context.env().get("SPARK_HOME");
        String python = context.env().getOrDefault("PYSPARK_PYTHON", "");
        if (sparkHome != null && Files.isExecutable(Path.of(sparkHome, "bin", "spark-submit"))) {
            return SparkRuntime.installed(Path.of(sparkHome)).withPython(python);
        }
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        return SparkRuntime.thin(context.home().sparkHome(), context.install().requireSparkClasspath(), java)
                .withPython(python);
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // The JVM is already shutting down: the hook runs, and that is what it is for.
        }
    }
}
