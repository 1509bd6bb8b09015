package io.punctual.submit.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.JobKey;
import io.punctual.submit.Install;
import io.punctual.submit.PunctualHome;
import io.punctual.submit.assembly.Assembly;
import io.punctual.submit.config.ConfigSource;
import io.punctual.submit.launch.SparkRuntime;
import io.punctual.submit.launch.SparkSubmitLauncher;
import io.punctual.submit.launch.TargetFiles;
import io.punctual.submit.request.Submission;
import io.punctual.submit.request.SubmitArguments;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.ReservationInfo;
import io.punctual.yarn.embedded.EmbeddedYarn;
import io.punctual.yarn.embedded.EmbeddedYarnSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Re-planning live (issue 25), as {@code punctual submit} runs it on the embedded YARN with
 * {@code punctual.cluster.executor-targets} set: a job launched on one executor that its first stage shows cannot meet
 * its deadline is grown — its reservation updated in YARN's plan, its executors moved by the driver plugin — never
 * shrunk, and its target file is gone once it ends.
 */
class ReplanningIT {

    private static final Pattern ADDED = Pattern.compile("\"Event\":\"SparkListenerExecutorAdded\"");

    static EmbeddedYarn yarn;
    static ClusterGateway gateway;
    static Path work;
    static SparkRuntime runtime;
    static final Install INSTALL = Install.fromSystemProperty().orElseThrow();

    @BeforeAll
    static void start() throws IOException {
        work = Files.createDirectories(Path.of("target", "replanning-it").toAbsolutePath());
        yarn = EmbeddedYarn.start(EmbeddedYarnSpec.defaults(), work.resolve("conf"));
        gateway = yarn.gateway();
        runtime = SparkRuntime.thin(work.resolve("spark"), INSTALL.requireSparkClasspath(),
                Path.of(System.getProperty("java.home"), "bin", "java"));
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
        if (yarn != null) {
            yarn.close();
        }
    }

    /** The embedded default configuration with re-planning on, its targets in {@code targets}. */
    private static Path replanningConf(Path targets) throws IOException {
        Path conf = work.resolve("conf-replanning");
        try (Stream<Path> files = Files.walk(INSTALL.root().resolve("conf/embedded"))) {
            for (Path from : files.toList()) {
                Path to = conf.resolve(INSTALL.root().resolve("conf/embedded").relativize(from).toString());
                if (Files.isDirectory(from)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(from, to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        Files.writeString(conf.resolve("site.conf"), "\npunctual.cluster.executor-targets = \"" + targets.toUri()
                + "\"\n", java.nio.file.StandardOpenOption.APPEND);
        return conf;
    }

    @Test
    void aJobItsFirstStageShowsLateIsGrownInItsReservationAndOnTheCluster() throws Exception {
        Path targets = work.resolve("targets");
        var config = ConfigSource.open(replanningConf(targets), Map.of(), Clock.systemUTC()).current();
        Assembly assembly = Assembly.of(config, new PunctualHome(work.resolve("home")),
                Files.createDirectories(work.resolve("store")), Clock.systemUTC(), Optional.empty());
        SizingSettings sizing = assembly.sizing(assembly.settings(new JobKey("it", "any"), Map.of()));
        List<SubmissionEvent> events = new CopyOnWriteArrayList<>();
        List<ReservationInfo> heldAfterGrowing = new CopyOnWriteArrayList<>();
        SubmissionPipeline pipeline = assembly.pipeline(gateway, new SparkSubmitLauncher(runtime), runtime,
                yarn.confDir(), sizing, event -> {
                    events.add(event);
                    if (event instanceof SubmissionEvent.Replanned) {
                        heldAfterGrowing.addAll(gateway.reservations("sla"));
                    }
                });
        // Three stages of 16 tasks of 2 s: 96 s of tasks on the one executor it is launched with, against a deadline
        // 110 s away that also pays the launch. A job of its own each run: no history sizes it before it starts.
        Instant now = Instant.now();
        var argv = List.of("--class", "io.punctual.workloads.SyntheticStages", "--num-executors", "1",
                "--executor-cores", "1", "--executor-memory", "512m", "--driver-memory", "512m", "--conf",
                "spark.yarn.maxAppAttempts=1", INSTALL.requireWorkloadsJar().toString(), "3", "16", "2000");
        Submission submission = new Submission(Submission.newId(), SubmitArguments.parse(argv),
                new JobKey("it", "replanned-" + now.toEpochMilli()), now, now.plus(Duration.ofSeconds(110)), "sla",
                work);

        SubmissionOutcome outcome = pipeline.run(submission);

        assertThat(outcome).isInstanceOf(SubmissionOutcome.Finished.class);
        var finished = (SubmissionOutcome.Finished) outcome;
        assertThat(events).filteredOn(SubmissionEvent.Replanned.class::isInstance).first()
                .satisfies(e -> assertThat(((SubmissionEvent.Replanned) e).change().to()).isGreaterThan(1));
        int grownTo = events.stream().filter(SubmissionEvent.Replanned.class::isInstance)
                .mapToInt(e -> ((SubmissionEvent.Replanned) e).change().to()).findFirst().orElseThrow();
        // YARN's plan held the grown gang (its executors and the ApplicationMaster) once the update was taken.
        assertThat(heldAfterGrowing).anySatisfy(held -> assertThat(held.allocation()).anySatisfy(step ->
                assertThat(step.resources().vcores()).isGreaterThanOrEqualTo(grownTo + 1)));
        String log = Files.readString(finished.eventLog().orElseThrow());
        assertThat(count(ADDED, log)).as("executors added: the first and the grown ones").isGreaterThan(1);
        // Nothing is given back live: a released executor's shuffle output is lost without Spark's external shuffle
        // service (which the embedded NodeManagers do not run), and every stage would run again.
        assertThat(log).doesNotContain("\"Event\":\"SparkListenerExecutorRemoved\"");
        assertThat(log).contains(TargetFiles.PLUGIN);
        try (Stream<Path> left = Files.list(targets)) {
            assertThat(left).as("target files left behind").isEmpty();
        }
        assertThat(gateway.reservations("sla")).isEmpty();
    }

    private static int count(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text);
        int n = 0;
        while (matcher.find()) {
            n++;
        }
        return n;
    }
}
