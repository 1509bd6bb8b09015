package io.punctual.submit.assembly;

import io.punctual.submit.home.Install;

import io.punctual.sizing.JobKey;
import io.punctual.sizing.rayon.plan.SharingPolicy;
import io.punctual.submit.home.PunctualHome;
import io.punctual.submit.config.PunctualConfig;
import io.punctual.submit.config.Settings;
import io.punctual.submit.config.SiteConfig;
import io.punctual.submit.config.TeamConfig;
import io.punctual.submit.launch.Launcher;
import io.punctual.submit.launch.SparkJars;
import io.punctual.submit.launch.SparkRuntime;
import io.punctual.submit.learn.Learning;
import io.punctual.submit.learn.StoredLearning;
import io.punctual.submit.pipeline.ClusterInputSizes;
import io.punctual.submit.pipeline.InputSizes;
import io.punctual.submit.pipeline.SizingSettings;
import io.punctual.submit.pipeline.SubmissionEvent;
import io.punctual.submit.pipeline.PipelineSettings;
import io.punctual.submit.pipeline.SubmissionPipeline;
import io.punctual.submit.pipeline.SubmissionSizer;
import io.punctual.yarn.hadoop.ClusterFiles;
import io.punctual.yarn.ClusterGateway;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The composition root of the submission path: every part a submission needs — its settings by precedence, the
 * sizers' knobs, Justice's learning, the teams' sharing policy, the plan queue, the pipeline's paths and intervals —
 * built from one loaded configuration. {@code submit}, {@code explain}, {@code demo} and the gateway all build their
 * parts here, so the same job is sized the same way whichever door it came in by.
 */
public final class Assembly {

    /** How long spark-submit may take to hand the application to YARN before Punctual looks for it by its tag. */
    private static final Duration APP_ID_TIMEOUT = Duration.ofMinutes(3);

    private final PunctualConfig config;
    private final PunctualHome home;
    private final Clock clock;
    private final StoredLearning learning;
    private final SharingPolicy sharing;
    private final Optional<String> eventLogOverride;
    /** Kept across reconfigurations, as the learning is: each holds a minute's sizes of the paths it read. */
    private final Map<Path, InputSizes> inputSizes;

    private Assembly(PunctualConfig config, PunctualHome home, Clock clock, StoredLearning learning,
                     Optional<String> eventLogOverride, Map<Path, InputSizes> inputSizes) {
        this.config = config;
        this.home = home;
        this.clock = clock;
        this.learning = learning;
        this.sharing = sharingOf(config);
        this.eventLogOverride = eventLogOverride;
        this.inputSizes = inputSizes;
    }

    /**
     * @param storeDir         where Justice's state and the launch overheads are kept
     * @param eventLogOverride an event-log URI that wins over {@code punctual.history.event-log-dir} (the CLI's
     *                         {@code PUNCTUAL_EVENT_LOG_DIR}, for drivers that cannot write to the user's home)
     */
    public static Assembly of(PunctualConfig config, PunctualHome home, Path storeDir, Clock clock,
                              Optional<String> eventLogOverride) {
        SiteConfig.Sizing sizing = config.site().sizing();
        return of(config, home, StoredLearning.open(home.root(), storeDir, sizing.errorSmoothing(), clock), clock,
                eventLogOverride);
    }

    /** The same over learning kept elsewhere (gateways sharing a database learn there). */
    public static Assembly of(PunctualConfig config, PunctualHome home, StoredLearning learning, Clock clock,
                              Optional<String> eventLogOverride) {
        return new Assembly(config, home, clock, learning, eventLogOverride.filter(s -> !s.isBlank()),
                new java.util.concurrent.ConcurrentHashMap<>());
    }

    /**
     * The same parts over a reloaded configuration. Justice's state and the trained models are kept: they are
     * learnt, not configured (a changed {@code justice.error-smoothing} applies from the next start).
     */
    public Assembly reconfigured(PunctualConfig next) {
        return next == config ? this : new Assembly(next, home, clock, learning, eventLogOverride, inputSizes);
    }

    public PunctualConfig config() {
        return config;
    }

    public StoredLearning learning() {
        return learning;
    }

    /** The reservable queue deadline jobs reserve in, unless a request names another. */
    public String planQueue() {
        return config.site().cluster().planQueue();
    }

    /** The plan queue a deadline submission reserves in: the one it names ({@code --queue}), else the site's. */
    public String planQueue(Optional<String> named) {
        return named.orElseGet(this::planQueue);
    }

    /**
     * A submission's settings by precedence: request > team job entry > team defaults > site > reference. A job whose
     * team has no file (a user's own CLI run) gets the site's settings under its request.
     */
    public Settings settings(JobKey job, Map<String, String> requestConf) {
        return config.team(job.team()).isPresent() ? config.settingsFor(job, requestConf)
                : config.siteSettings(requestConf);
    }

    /** The sizers' knobs for one submission: its confidence and cap from its settings, RUSH's from the site. */
    public SizingSettings sizing(Settings settings) {
        SiteConfig.Sizing site = config.site().sizing();
        return new SizingSettings(settings.confidence().value(), site.klRadius(), site.minGoodRuns(),
                settings.maxExecutors().value(), site.killAboveTasks(), site.admission(),
                settings.utility().value(), replans() ? Optional.of(SizingSettings.START_CONFIDENCE) : Optional.empty());
    }

    /** Whether running jobs are re-planned, as the pipeline decides it ({@link PipelineSettings#replans}). */
    private boolean replans() {
        return PipelineSettings.replans(config.site().cluster().executorTargets(),
                Install.fromSystemProperty().map(Install::workloadsJar));
    }

    /** @param inputs what measures a first-time job's input ({@link #inputSizes}, or {@link InputSizes#NONE}) */
    public SubmissionSizer sizer(SizingSettings sizing, InputSizes inputs) {
        return new SubmissionSizer(learning, sizing, clock, inputs);
    }

    /** The input sizes of the cluster whose client configuration is in {@code hadoopConfDir}, one per directory. */
    public InputSizes inputSizes(Path hadoopConfDir) {
        return inputSizes.computeIfAbsent(hadoopConfDir.toAbsolutePath().normalize(),
                dir -> new ClusterInputSizes(() -> ClusterFiles.fromConfDir(dir)));
    }

    /** Where applications log, as a Hadoop file system URI. */
    public String eventLogUri() {
        return eventLogOverride.orElseGet(() -> config.site().history().eventLogUri(home));
    }

    /** The pipeline's paths and intervals; {@code hadoopConfDir} is the cluster's client configuration. */
    public PipelineSettings pipelineSettings(Path hadoopConfDir) {
        return new PipelineSettings(eventLogUri(), home.eventLogs(), hadoopConfDir,
                submissionLogs(), home.scratch(), config.site().gateway().pollInterval(), APP_ID_TIMEOUT,
                config.site().cluster().bestEffortQueue(), config.site().cluster().executorTargets(),
                Install.fromSystemProperty().map(Install::workloadsJar));
    }

    /**
     * {@code base} with the site's choice of how containers find Spark's jars ({@code punctual.spark.jars}) and
     * pyspark's archives. A Spark distribution keeps its own way with the jars. "auto" uses the thin runtime's jars in
     * place on the embedded cluster, whose nodes share this machine's disk, and uploads them once to any other.
     *
     * @param embeddedCluster whether the cluster is the in-process one
     * @param hadoopConfDir   the cluster's client configuration, naming the file system an upload goes to
     */
    public SparkRuntime sparkRuntime(SparkRuntime base, boolean embeddedCluster, Path hadoopConfDir) {
        return sparkRuntime(config.site().spark(), base, embeddedCluster, hadoopConfDir);
    }

    /** As above, for a gateway that reads the site's {@code spark} settings once, when it starts. */
    public static SparkRuntime sparkRuntime(SiteConfig.Spark spark, SparkRuntime base, boolean embeddedCluster,
                                            Path hadoopConfDir) {
        SparkRuntime runtime = base.withPySparkArchives(spark.pysparkArchives()).withPython(spark.python());
        if (base.isDistribution()) {
            return runtime;
        }
        Path jarsDir = base.home().resolve("jars");
        String choice = spark.jars().equals(SiteConfig.Spark.AUTO)
                ? (embeddedCluster ? SiteConfig.Spark.LOCAL : SiteConfig.Spark.UPLOAD) : spark.jars();
        return runtime.withJars(switch (choice) {
            case SiteConfig.Spark.LOCAL -> new SparkJars.InPlace(jarsDir);
            case SiteConfig.Spark.UPLOAD -> new SparkJars.Upload(jarsDir, spark.archiveDir(), hadoopConfDir);
            default -> new SparkJars.Archive(choice);
        });
    }

    /**
     * Refuses a Python application neither the site, {@code base} nor the site's Python has pyspark's archives for
     * ({@link SparkRuntime#requirePython}), before anything is reserved or a cluster is even reached.
     */
    public void requirePython(SparkRuntime base, String primaryResource) {
        SiteConfig.Spark spark = config.site().spark();
        base.withPySparkArchives(spark.pysparkArchives()).withPython(spark.python()).requirePython(primaryResource);
    }

    /** Where each submission's spark-submit output goes ({@code <submission id>.spark-submit.log}). */
    public Path submissionLogs() {
        return home.logs().resolve("submissions");
    }

    /** The one pipeline for a submission with these sizing knobs, reporting its events to {@code events}. */
    public SubmissionPipeline pipeline(ClusterGateway cluster, Launcher launcher, SparkRuntime runtime,
                                       Path hadoopConfDir, SizingSettings sizing, Consumer<SubmissionEvent> events) {
        return pipeline(cluster, launcher, runtime, hadoopConfDir, sizing, events, SubmissionPipeline.Sleeper.REAL);
    }

    /** As above, waiting between ticks with {@code sleeper} (a simulated cluster advances its clock instead). */
    public SubmissionPipeline pipeline(ClusterGateway cluster, Launcher launcher, SparkRuntime runtime,
                                       Path hadoopConfDir, SizingSettings sizing, Consumer<SubmissionEvent> events,
                                       SubmissionPipeline.Sleeper sleeper) {
        return new SubmissionPipeline(cluster, launcher, runtime, pipelineSettings(hadoopConfDir),
                sizer(sizing, inputSizes(hadoopConfDir)), learning, sharing, clock, events, sleeper);
    }

    /**
     * The pipeline the simulator drives: the site's sizing knobs and sharing policy over a simulated cluster, its own
     * learning and clock, launching through {@code launcher} into that cluster.
     */
    public SubmissionPipeline simulated(ClusterGateway cluster, Launcher launcher, Learning simulatedLearning,
                                        Clock simulatedClock, SizingSettings sizing, InputSizes inputs) {
        return new SubmissionPipeline(cluster, launcher,
                new SparkRuntime(home.root(), new SparkJars.FromDistribution(), List.of()),
                pipelineSettings(home.root()), new SubmissionSizer(simulatedLearning, sizing, simulatedClock, inputs),
                simulatedLearning, sharing, simulatedClock, event -> { }, SubmissionPipeline.Sleeper.REAL);
    }

    /** Each team's capacity-over-time limits from its configuration (Rayon's sharing policy); none for the others. */
    static SharingPolicy sharingOf(PunctualConfig config) {
        Map<String, SharingPolicy> policies = new HashMap<>();
        for (TeamConfig team : config.teams().values()) {
            team.sharingPolicy().ifPresent(limits -> policies.put(team.name(), limits.toPolicy()));
        }
        return SharingPolicy.perTeam(policies, SharingPolicy.UNCONSTRAINED);
    }
}
