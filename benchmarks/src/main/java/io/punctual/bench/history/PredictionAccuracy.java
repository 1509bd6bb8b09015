package io.punctual.bench.history;

import io.punctual.submit.assembly.Assembly;
import io.punctual.submit.config.ConfigSource;
import io.punctual.sizing.JobKey;
import java.util.Map;
import java.util.Optional;

import io.punctual.history.RunHistory;
import io.punctual.history.model.CountValidation;
import io.punctual.history.model.LeaveOneOut;
import io.punctual.history.model.ModelSettings;
import io.punctual.history.run.RunRecord;
import io.punctual.submit.home.Install;
import io.punctual.submit.home.PunctualHome;
import io.punctual.submit.request.SubmitArguments;
import io.punctual.submit.launch.SparkRuntime;
import io.punctual.submit.launch.SparkSubmitLauncher;
import io.punctual.submit.learn.StoredLearning;
import io.punctual.submit.pipeline.SizingSettings;
import io.punctual.submit.request.Submission;
import io.punctual.submit.pipeline.SubmissionOutcome;
import io.punctual.submit.pipeline.SubmissionPipeline;
import io.punctual.submit.pipeline.SubmissionSizer;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.embedded.EmbeddedYarn;
import io.punctual.yarn.embedded.EmbeddedYarnSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Issue 3's accuracy measure: run real Spark jobs several times at several executor counts on the embedded YARN,
 * then predict each run's wall time from the others (leave-one-out over the stored runs) and report the median and
 * p90 relative error.
 *
 * <pre>
 * java -cp benchmarks/target/punctual-benchmarks.jar:$(cat benchmarks/target/benchmarks.classpath) \
 *     -Dpunctual.install=$PWD [Java 17 --add-opens flags] io.punctual.bench.history.PredictionAccuracy \
 *     [--counts 1,2,3,4] [--repeats 2] [--out benchmarks/results/prediction-accuracy.md] [--home &lt;punctual home&gt;]
 * </pre>
 * ({@code benchmarks/scripts/prediction-accuracy.sh} runs exactly that.) {@code --home} re-evaluates the runs an
 * earlier run stored under that Punctual home, without starting YARN or Spark.
 */
public final class PredictionAccuracy {

    /** A Spark application to measure: its main class and arguments, and what it stands for. */
    record Workload(String key, String mainClass, List<String> args, String description) {
    }

    private PredictionAccuracy() {
    }

    public static void main(String[] argv) throws Exception {
        List<Integer> counts = List.of(1, 2, 3, 4);
        int repeats = 2;
        Path out = Path.of("benchmarks/results/prediction-accuracy.md");
        Optional<Path> stored = Optional.empty();
        for (int i = 0; i < argv.length; i++) {
            switch (argv[i]) {
                case "--home" -> stored = Optional.of(Path.of(argv[++i]));
                case "--counts" -> counts = List.of(argv[++i].split(",")).stream().map(Integer::valueOf).toList();
                case "--repeats" -> repeats = Integer.parseInt(argv[++i]);
                case "--out" -> out = Path.of(argv[++i]);
                default -> throw new IllegalArgumentException("unknown option " + argv[i]);
            }
        }
        Install install = Install.fromSystemProperty().orElseThrow(() ->
                new IllegalStateException("run with -Dpunctual.install=<checkout>"));
        PunctualHome home = new PunctualHome(stored.isPresent() ? stored.get()
                : Files.createTempDirectory("punctual-accuracy").resolve("home"));
        Path input = home.data().resolve("words");
        List<Workload> workloads = List.of(
                new Workload("synthetic-stages", "io.punctual.workloads.SyntheticStages", List.of("3", "8", "1500", "0.3"),
                        "3 stages x 8 tasks of ~1.5 s (+/-30%) joined by shuffles: waiting work, scales with executors"),
                new Workload("wordcount", "io.punctual.workloads.WordCount", List.of(input.toUri().toString(), "8"),
                        "word count over 24 MB of text: CPU-bound work on a 2-core machine"));
        StringBuilder report = new StringBuilder();
        Instant began = Instant.now();
        if (stored.isEmpty()) {
            WordInput.write(input, 24, 7);
            runAll(workloads, counts, repeats, install, home);
        }
        RunHistory history = RunHistory.open(home.root());
        StringBuilder summary = new StringBuilder(CountTable.SUMMARY_HEADER);
        for (Workload workload : workloads) {
            JobKey key = new JobKey("bench", workload.key());
            List<RunRecord> runs = history.store().runs(Optional.of(key)).runs();
            LeaveOneOut.Result result = LeaveOneOut.evaluate(key, runs, ModelSettings.DEFAULT);
            Optional<CountValidation> loco = CountTable.of(key, runs);
            summary.append(CountTable.summaryRow(workload.key(), result, loco));
            report.append(section(workload, result));
            loco.ifPresent(v -> report.append("### Leave-one-count-out\n\n").append(CountTable.markdown(v)));
        }
        String measured = stored.isPresent()
                ? "Evaluated " + began + " over the runs a live run of `benchmarks/scripts/prediction-accuracy.sh` stored"
                        + " in " + home.root() + " (`--home` re-reads them without Spark)."
                : "Measured " + began + " by `benchmarks/scripts/prediction-accuracy.sh` (counts " + counts
                        + ", " + repeats + " runs each), in " + Duration.between(began, Instant.now()).toMinutes()
                        + " min on this 2-core machine.";
        String header = "# Runtime prediction accuracy on the embedded YARN\n\n" + measured + " Each run is predicted from all the others (leave-one-out): the model"
                + " replays their recorded stage DAGs and task durations on the held-out run's executor count"
                + " (task and driver times scaled by the executor-count trend fitted over the others) and"
                + " takes the median over runs. Error = |predicted - actual| / actual of the application's wall time"
                + " (application start to end, from its event log).\n\n"
                + "Leave-one-count-out is the harder test sizing faces: every run at one executor count is held out"
                + " together, each candidate model (runs' plain distribution = the naive baseline, DAG replay, Amdahl,"
                + " power law with a driver term) is fitted to the other counts and predicts the held-out one; the"
                + " lowest median error wins, the baseline on ties. Coverage = share of held-out runs under the"
                + " predicted p90 (the model's own, and calibrated by the other counts' held-out errors).\n\n"
                + summary + "\n";
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, header + report);
        System.out.println(header + report);
        System.out.println("The runs stay in " + home.root().resolve("history")
                + ": OfflineAccuracy re-evaluates that store without Spark (benchmarks/results/executor-scaling.md).");
    }

    private static void runAll(List<Workload> workloads, List<Integer> counts, int repeats, Install install,
                               PunctualHome home) throws IOException {
        try (EmbeddedYarn yarn = EmbeddedYarn.start(EmbeddedYarnSpec.defaults(), home.embeddedConf());
             ClusterGateway gateway = yarn.gateway()) {
            SubmissionPipeline pipeline = pipeline(yarn, gateway, install, home);
            for (Workload workload : workloads) {
                for (int repeat = 0; repeat < repeats; repeat++) {
                    for (int executors : counts) {
                        run(pipeline, workload, executors, install, home);
                    }
                }
            }
        }
    }

    private static SubmissionPipeline pipeline(EmbeddedYarn yarn, ClusterGateway gateway, Install install,
                                               PunctualHome home) throws IOException {
        SparkRuntime runtime = SparkRuntime.thin(home.sparkHome(), install.requireSparkClasspath(),
                Path.of(System.getProperty("java.home"), "bin", "java"));
        // The embedded default configuration, as 'punctual submit --embedded' reads it.
        var config = ConfigSource.open(install.root().resolve("conf/embedded"), Map.of(), Clock.systemUTC()).current();
        Assembly assembly = Assembly.of(config, home, home.store(), Clock.systemUTC(), Optional.empty());
        SizingSettings sizing = assembly.sizing(assembly.settings(new JobKey("bench", "any"), Map.of()));
        return assembly.pipeline(gateway, new SparkSubmitLauncher(runtime), runtime, yarn.confDir(), sizing,
                event -> { });
    }

    private static void run(SubmissionPipeline pipeline, Workload workload, int executors, Install install,
                            PunctualHome home) {
        List<String> argv = new ArrayList<>(List.of("--class", workload.mainClass(), "--num-executors",
                Integer.toString(executors), "--executor-memory", "1g", "--driver-memory", "1g",
                "--job-key", workload.key(), "--team", "bench", "--conf", "spark.yarn.maxAppAttempts=1",
                install.requireWorkloadsJar().toString()));
        argv.addAll(workload.args());
        Instant now = Instant.now();
        Submission submission = new Submission(Submission.newId(), SubmitArguments.parse(argv),
                new JobKey("bench", workload.key()), now, now.plus(Duration.ofMinutes(15)), "sla", home.root());
        SubmissionOutcome outcome = pipeline.run(submission);
        System.out.println(workload.key() + " at " + executors + " executors: " + describe(outcome));
    }

    private static String describe(SubmissionOutcome outcome) {
        if (outcome instanceof SubmissionOutcome.Finished f) {
            return f.state() + " in " + Duration.between(f.submission().submittedAt(), f.finishedAt()).toSeconds() + " s";
        }
        return outcome.toString();
    }

    private static String section(Workload workload, LeaveOneOut.Result result) {
        return "## " + workload.key() + "\n\n" + workload.description() + ".\n\n" + AccuracyTable.markdown(result);
    }
}
