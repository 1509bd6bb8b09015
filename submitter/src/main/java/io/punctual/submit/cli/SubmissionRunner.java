package io.punctual.submit.cli;

import io.punctual.submit.request.SubmitArguments;
import io.punctual.sizing.JobKey;
import io.punctual.submit.PunctualHome;
import io.punctual.submit.launch.SparkRuntime;
import io.punctual.submit.request.SparkSettings;
import io.punctual.submit.launch.SparkSubmitLauncher;
import io.punctual.submit.learn.StoredLearning;
import io.punctual.submit.pipeline.SizingSettings;
import io.punctual.submit.request.Submission;
import io.punctual.submit.pipeline.SubmissionEvent;
import io.punctual.submit.pipeline.SubmissionOutcome;
import io.punctual.submit.pipeline.SubmissionPipeline;
import io.punctual.submit.pipeline.SubmissionSizer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/** Builds submissions and pipelines from the command line, runs them, and cleans up on Ctrl-C. */
final class SubmissionRunner {

    private SubmissionRunner() {
    }

    static SubmissionOutcome run(ClusterSession cluster, CliContext context, SubmitArguments args, Instant deadline,
                                 Consumer<SubmissionEvent> events) {
        Submission submission = submission(cluster, context, args, deadline);
        SubmissionPipeline pipeline = pipeline(cluster, context, events);
        Thread onInterrupt = new Thread(() -> pipeline.abandon(submission, "punctual submit was interrupted"),
                "punctual-abandon-" + submission.id());
        Runtime.getRuntime().addShutdownHook(onInterrupt);
        try {
            return pipeline.run(submission);
        } finally {
            removeHook(onInterrupt);
        }
    }

    static Submission submission(ClusterSession cluster, CliContext context, SubmitArguments args, Instant deadline) {
        Map<String, String> conf = SparkSettings.effective(args);
        String planQueue = args.option("--queue").orElse(cluster.planQueue());
        return new Submission(Submission.newId(), args, jobKey(conf, args), context.clock().instant(), deadline,
                planQueue, context.cwd());
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
        String user = Optional.ofNullable(conf.get("spark.punctual.proxyUser")).orElse(System.getProperty("user.name"));
        return JobKey.from(props, appName, user, mainClass);
    }

    static SubmissionPipeline pipeline(ClusterSession cluster, CliContext context, Consumer<SubmissionEvent> events) {
        PunctualHome home = context.home();
        String configuredLogDir = context.env().get("PUNCTUAL_EVENT_LOG_DIR");
        Path localLogs = home.eventLogs();
        String eventLogDir = configuredLogDir == null || configuredLogDir.isBlank()
                ? localLogs.toUri().toString() : configuredLogDir;
        var settings = new SubmissionPipeline.Settings(eventLogDir, localLogs, cluster.confDir(),
                home.logs().resolve("submissions"), home.scratch(), Duration.ofSeconds(1), Duration.ofMinutes(3));
        SparkRuntime runtime = runtime(context);
        StoredLearning learning = StoredLearning.open(home.root(), home.store());
        SubmissionSizer sizer = new SubmissionSizer(learning, SizingSettings.defaults(), context.clock());
        return new SubmissionPipeline(cluster.gateway(), new SparkSubmitLauncher(runtime), runtime, settings, sizer,
                learning, context.clock(), events);
    }

    static SparkRuntime runtime(CliContext context) {
        String sparkHome = context.env().get("SPARK_HOME");
        if (sparkHome != null && Files.isExecutable(Path.of(sparkHome, "bin", "spark-submit"))) {
            return SparkRuntime.installed(Path.of(sparkHome));
        }
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        return SparkRuntime.thin(context.home().sparkHome(), context.install().requireSparkClasspath(), java);
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // The JVM is already shutting down: the hook runs, and that is what it is for.
        }
    }
}
