package io.punctual.submit.pipeline;

import io.punctual.submit.home.PunctualHome;
import io.punctual.submit.assembly.Assembly;
import io.punctual.submit.config.ConfigSource;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.Optional;

import io.punctual.submit.request.Submission;
import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.JobKey;
import io.punctual.sizing.sizer.SizingDecision;
import io.punctual.submit.home.Install;
import io.punctual.submit.request.SubmitArguments;
import io.punctual.submit.learn.StoredLearning;
import io.punctual.submit.launch.SparkJars;
import io.punctual.submit.launch.SparkRuntime;
import io.punctual.submit.launch.SparkSubmitLauncher;
import io.punctual.yarn.AppReport;
import io.punctual.yarn.AppState;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.ReservationOutcome;
import io.punctual.yarn.embedded.EmbeddedYarn;
import io.punctual.yarn.embedded.EmbeddedYarnSpec;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Real Spark applications launched into real YARN reservations on one embedded cluster. */
class SparkInReservationIT {

    static EmbeddedYarn yarn;
    static ClusterGateway gateway;
    static Path work;
    static SparkRuntime runtime;
    static Install install = Install.fromSystemProperty().orElseThrow();

    @BeforeAll
    static void start() throws IOException {
        work = Files.createDirectories(Path.of("target", "spark-in-reservation-it").toAbsolutePath());
        yarn = EmbeddedYarn.start(EmbeddedYarnSpec.defaults(), work.resolve("conf"));
        gateway = yarn.gateway();
        runtime = SparkRuntime.thin(work.resolve("spark"), install.requireSparkClasspath(),
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

    @AfterEach
    void nothingIsLeftHoldingCapacity() {
        assertThat(gateway.reservations("sla")).isEmpty();
        assertThat(gateway.applicationsTagged("punctual")).allSatisfy(app -> assertThat(app.state().isFinal()).isTrue());
    }

    private SubmissionPipeline pipeline(Consumer<SubmissionEvent> events) throws IOException {
        return pipeline(gateway, events);
    }

    private SubmissionPipeline pipeline(ClusterGateway gateway, Consumer<SubmissionEvent> events) throws IOException {
        return pipeline(gateway, runtime, events);
    }

    private SubmissionPipeline pipeline(ClusterGateway gateway, SparkRuntime runtime, Consumer<SubmissionEvent> events)
            throws IOException {
        // The embedded default configuration, as 'punctual submit --embedded' reads it.
        var config = ConfigSource.open(install.root().resolve("conf/embedded"), Map.of(), Clock.systemUTC()).current();
        Assembly assembly = Assembly.of(config, new PunctualHome(work.resolve("home")),
                Files.createDirectories(work.resolve("store")), Clock.systemUTC(), Optional.empty());
        SizingSettings sizing = assembly.sizing(assembly.settings(new JobKey("it", "any"), Map.of()));
        return assembly.pipeline(gateway, new SparkSubmitLauncher(runtime), runtime, yarn.confDir(), sizing, events);
    }

    private static Submission submission(String mainClass, String... appArgs) {
        var argv = new java.util.ArrayList<>(List.of("--class", mainClass, "--num-executors", "2",
                "--executor-memory", "1g", "--driver-memory", "1g", "--conf", "spark.yarn.maxAppAttempts=1",
                install.requireWorkloadsJar().toString()));
        argv.addAll(List.of(appArgs));
        Instant now = Instant.now();
        return new Submission(Submission.newId(), SubmitArguments.parse(argv), new JobKey("it", mainClass), now,
                now.plus(Duration.ofMinutes(6)), "sla", work);
    }

    @Test
    void aSparkApplicationRunsInItsReservationsQueueAndSucceeds() throws IOException {
        Path input = Files.createDirectories(work.resolve("words"));
        Files.writeString(input.resolve("a.txt"), "to be or not to be\nthat is the question\n".repeat(2000));
        List<SubmissionEvent> events = new CopyOnWriteArrayList<>();
        Submission submission = submission("io.punctual.workloads.WordCount", input.toUri().toString(), "4");

        SubmissionOutcome outcome = pipeline(events::add).run(submission);

        assertThat(outcome).isInstanceOf(SubmissionOutcome.Finished.class);
        var finished = (SubmissionOutcome.Finished) outcome;
        assertThat(finished.state()).isEqualTo(AppState.SUCCEEDED);
        assertThat(finished.queue()).isEqualTo(finished.reservation().queueName());
        AppReport report = gateway.application(finished.app()).orElseThrow();
        assertThat(report.queue()).isEqualTo(finished.reservation().queueName());
        assertThat(report.tags()).contains(submission.tag(), "punctual");
        assertThat(finished.metDeadline()).isTrue();
        assertThat(finished.eventLog()).isPresent();
        String log = Files.readString(finished.eventLog().get());
        assertThat(log).contains("\"Event\":\"SparkListenerApplicationEnd\"")
                .contains("\"spark.deadline.submissionId\":\"" + submission.id() + "\"");
        assertThat(events).anyMatch(e -> e instanceof SubmissionEvent.Released);
        assertThat(events).anyMatch(e -> e instanceof SubmissionEvent.Learned l && l.summary().startsWith("stored run"));
        assertThat(finished.sizing().basis()).contains("your --num-executors");
        assertThat(events).anyMatch(e -> e instanceof SubmissionEvent.Progress p && p.tasksDone() > 0);
    }

    @Test
    void withoutTheLocalJarShortcutTheJarsAreUploadedOnceAsAnArchiveAndReused() throws IOException {
        // What a real cluster gets ("auto" off the embedded one): the jars as one archive on the cluster's file
        // system (here the local one, which the embedded configuration names), not local: paths on every node.
        Path archives = work.resolve("cluster-fs/spark-archives");
        SparkRuntime uploading = runtime.withJars(new SparkJars.Upload(runtime.home().resolve("jars"),
                archives.toString(), yarn.confDir()));
        for (Path left : listing(archives)) {
            Files.delete(left); // an earlier run's: the work directory is kept between runs
        }
        List<Path> before = listing(archives);
        assertThat(before).as("no archive before the first launch").isEmpty();

        SubmissionOutcome first = pipeline(gateway, uploading, e -> { }).run(archiveJob());

        assertThat(first).isInstanceOf(SubmissionOutcome.Finished.class);
        assertThat(((SubmissionOutcome.Finished) first).state()).isEqualTo(AppState.SUCCEEDED);
        Path archive = listing(archives).stream().filter(p -> !p.getFileName().toString().startsWith("."))
                .collect(java.util.stream.Collectors.collectingAndThen(java.util.stream.Collectors.toList(),
                        found -> { assertThat(found).hasSize(1); return found.get(0); }));
        assertThat(archive.getFileName().toString()).matches("3\\.5\\.6-[0-9a-f]{16}\\.zip");
        try (var zip = new java.util.zip.ZipFile(archive.toFile())) {
            assertThat(zip.getEntry("spark-core_2.13-3.5.6.jar")).as("jars at the archive's root").isNotNull();
        }
        String log = Files.readString(((SubmissionOutcome.Finished) first).eventLog().orElseThrow());
        // The application's effective Spark properties, as its event log records them (the log is 2 MB: no dump).
        assertThat(log.contains("\"spark.yarn.archive\":\"" + archive.toUri() + "\""))
                .as("spark.yarn.archive = %s in the event log", archive.toUri()).isTrue();
        assertThat(log.contains("\"spark.yarn.jars\"")).as("no spark.yarn.jars in the event log").isFalse();
        assertThat(log.contains("/__spark_libs__/spark-core_2.13-3.5.6.jar")).as("Spark from the archive").isTrue();
        var written = Files.getLastModifiedTime(archive);

        SubmissionOutcome second = pipeline(gateway, uploading, e -> { }).run(archiveJob());

        assertThat(((SubmissionOutcome.Finished) second).state()).isEqualTo(AppState.SUCCEEDED);
        assertThat(Files.getLastModifiedTime(archive)).as("the second launch uploaded nothing").isEqualTo(written);
        assertThat(listing(archives)).as("and left nothing beside it").isEqualTo(listing(archives).stream()
                .filter(p -> !p.toString().contains("partial")).toList()).hasSizeLessThanOrEqualTo(2);
    }

    /** A small job under its own key, so its runs do not enter the history the other tests' sizing reads. */
    private static Submission archiveJob() {
        Submission s = submission("io.punctual.workloads.SyntheticStages", "1", "1", "100");
        return new Submission(s.id(), s.args(), new JobKey("it", "archive-upload"), s.submittedAt(), s.deadline(),
                s.planQueue(), s.workingDir());
    }

    private static List<Path> listing(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (var files = Files.list(dir)) {
            return files.sorted().toList();
        }
    }

    @Test
    void abandoningASubmissionKillsItsApplicationAndReleasesItsReservation() throws Exception {
        Submission submission = submission("io.punctual.workloads.SyntheticStages", "1", "2", "600000");
        var pipeline = new SubmissionPipeline[1];
        var current = new AtomicReference<SubmissionState>();
        pipeline[0] = pipeline(event -> {
            if (event instanceof SubmissionEvent.StateChanged changed && changed.state() == AppState.RUNNING) {
                new Thread(() -> pipeline[0].abandon(current, "test kill")).start();
            }
        });

        SubmissionOutcome outcome = pipeline[0].run(submission, current);

        assertThat(outcome).isInstanceOf(SubmissionOutcome.Killed.class);
        assertThat(((SubmissionOutcome.Killed) outcome).why()).isEqualTo("test kill");
        Instant giveUp = Instant.now().plusSeconds(30);
        while (!gateway.applicationsTagged(submission.tag()).stream().allMatch(a -> a.state().isFinal())
                && Instant.now().isBefore(giveUp)) {
            Thread.sleep(200);
        }
        assertThat(gateway.applicationsTagged(submission.tag())).singleElement()
                .satisfies(app -> assertThat(app.state()).isEqualTo(AppState.KILLED));
    }

    @Test
    void aRunThatOutlivesItsReservationLeavesItAndSucceedsLateInsteadOfBeingKilled() throws IOException {
        // Two 60-second tasks against a 50-second deadline: a first-time job (a key of its own: the work directory
        // keeps history between runs) holds its window, so its reservation ends while it runs.
        Submission s = submission("io.punctual.workloads.SyntheticStages", "1", "2", "60000");
        Submission outlives = new Submission(s.id(), s.args(), new JobKey("it", "outlives-" + s.id()), s.submittedAt(),
                s.submittedAt().plusSeconds(50), s.planQueue(), s.workingDir());
        List<SubmissionEvent> events = new CopyOnWriteArrayList<>();

        SubmissionOutcome outcome = pipeline(events::add).run(outlives);

        assertThat(outcome).isInstanceOf(SubmissionOutcome.Finished.class);
        var finished = (SubmissionOutcome.Finished) outcome;
        assertThat(finished.state()).as(finished.diagnostics()).isEqualTo(AppState.SUCCEEDED);
        assertThat(finished.metDeadline()).isFalse();
        assertThat(finished.queue()).as("the site's best-effort queue").isEqualTo("adhoc");
        assertThat(events).anyMatch(e -> e instanceof SubmissionEvent.Note n
                        && n.text().contains("moved it into queue adhoc"))
                .anyMatch(e -> e instanceof SubmissionEvent.Learned);
    }

    @Test
    void aMainClassThatDoesNotExistFailsTheApplicationWithYarnsDiagnostics() throws IOException {
        Submission submission = submission("io.punctual.workloads.DoesNotExist");

        SubmissionOutcome outcome = pipeline(e -> { }).run(submission);

        assertThat(outcome).isInstanceOf(SubmissionOutcome.Finished.class);
        var finished = (SubmissionOutcome.Finished) outcome;
        assertThat(finished.state()).isEqualTo(AppState.FAILED);
        assertThat(finished.diagnostics()).contains("DoesNotExist");
    }

    @Test
    void aRefusalThePlannerDidNotExpectIsAskedAgainOnceAndThenHeld() throws IOException {
        // The real YARN, except that its first attempt's answers (every window and hold of it, asked within a
        // second) are the refusal a plan sized late gives.
        AtomicInteger asked = new AtomicInteger();
        AtomicReference<Instant> firstAsked = new AtomicReference<>();
        ClusterGateway lagging = (ClusterGateway) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ClusterGateway.class}, (proxy, method, args) -> {
                    if (method.getName().equals("reserve")) {
                        asked.incrementAndGet();
                        firstAsked.compareAndSet(null, Instant.now());
                        if (Instant.now().isBefore(firstAsked.get().plusSeconds(1))) {
                            return new ReservationOutcome.Refused("ResourceOverCommitException: the plan is still"
                                    + " small");
                        }
                    }
                    try {
                        return method.invoke(gateway, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        List<SubmissionEvent> events = new CopyOnWriteArrayList<>();
        SubmissionPipeline pipeline = pipeline(lagging, events::add);
        Submission submission = submission("io.punctual.workloads.SyntheticStages", "1", "1", "100");

        SubmissionOutcome outcome = pipeline.run(submission);

        assertThat(outcome).isInstanceOf(SubmissionOutcome.Finished.class);
        assertThat(((SubmissionOutcome.Finished) outcome).state()).isEqualTo(AppState.SUCCEEDED);
        assertThat(asked.get()).as("refused once, placed on the second plan").isGreaterThanOrEqualTo(2);
        assertThat(events).anyMatch(e -> e instanceof SubmissionEvent.Note note
                && note.text().contains("the two views of the plan disagree")
                && note.text().contains("asking again")
                && note.text().contains("YARN's AlignedPlannerWithGreedy (DominantResourceCalculator"));
    }
}
