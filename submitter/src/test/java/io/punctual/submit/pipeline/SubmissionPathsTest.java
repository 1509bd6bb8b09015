package io.punctual.submit.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.JobKey;
import io.punctual.submit.home.Install;
import io.punctual.submit.home.PunctualHome;
import io.punctual.submit.request.AdmissionPolicy;
import io.punctual.submit.assembly.Assembly;
import io.punctual.submit.config.ConfigSource;
import io.punctual.submit.launch.InMemoryLauncher;
import io.punctual.submit.launch.SparkRuntime;
import io.punctual.submit.request.Submission;
import io.punctual.submit.request.SubmitArguments;
import io.punctual.yarn.AppState;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.GatewayException;
import io.punctual.sizing.Resources;
import io.punctual.yarn.ReservationOutcome;
import io.punctual.yarn.StageRequest;
import io.punctual.yarn.ReservationSpec;
import io.punctual.yarn.memory.ClusterLayout;
import io.punctual.yarn.memory.InMemoryClusterGateway;
import io.punctual.yarn.memory.ManualClock;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The submission machine's paths end to end — sizing, reserving, the queue opening on the plan follower's step,
 * launching, following, releasing, learning — on a cluster held in memory with a manual clock: each in milliseconds,
 * with the same pipeline, conductor and configuration {@code punctual submit} uses.
 */
class SubmissionPathsTest {

    private static final Install INSTALL = Install.fromSystemProperty().orElseThrow();

    @TempDir
    Path tmp;

    private ManualClock clock;
    private InMemoryClusterGateway cluster;
    private final List<SubmissionEvent> events = new CopyOnWriteArrayList<>();

    @BeforeEach
    void cluster() {
        clock = new ManualClock(Instant.parse("2026-11-24T09:00:00Z"));
        cluster = new InMemoryClusterGateway(ClusterLayout.embedded(), clock);
    }

    private SubmissionPipeline pipeline(ClusterGateway gateway, InMemoryLauncher launcher) {
        return pipeline(gateway, launcher, new SparkRuntime(tmp.resolve("spark"),
                new io.punctual.submit.launch.SparkJars.FromDistribution(), java.util.List.of()));
    }

    private SubmissionPipeline pipeline(ClusterGateway gateway, InMemoryLauncher launcher, SparkRuntime runtime) {
        var config = ConfigSource.open(INSTALL.root().resolve("conf/embedded"), Map.of(), clock).current();
        Assembly assembly = Assembly.of(config, new PunctualHome(tmp.resolve("home")), tmp.resolve("store"), clock,
                Optional.empty());
        SizingSettings site = assembly.sizing(assembly.settings(new JobKey("paths", "job"), Map.of()));
        SizingSettings sizing = admission == null ? site : new SizingSettings(site.confidence(), site.robustness(),
                site.minRunsForRush(), site.maxExecutors(), site.killAboveTasks(), admission, site.utility());
        return assembly.pipeline(gateway, launcher, runtime, tmp, sizing, events::add, clock::advance);
    }

    /** The admission policy the next pipeline uses; null: the site's (justice, reference.conf's default). */
    private AdmissionPolicy admission;

    private Submission submission(Duration deadline, String... more) {
        List<String> argv = new ArrayList<>(List.of("--num-executors", "2", "--executor-memory", "1g",
                "--driver-memory", "1g", "--class", "com.example.Job"));
        argv.addAll(List.of(more));
        argv.add(tmp.resolve("job.jar").toString());
        Instant now = clock.instant();
        return new Submission(Submission.newId(), SubmitArguments.parse(argv), new JobKey("paths", "job"), now,
                now.plus(deadline), "sla", tmp);
    }

    @Test
    void aJobRunsInItsReservationsQueueMeetsItsDeadlineAndIsReleasedAndLearnt() {
        var launcher = InMemoryLauncher.running(cluster, Duration.ofMinutes(2));
        Submission submission = submission(Duration.ofMinutes(10));

        SubmissionOutcome outcome = pipeline(cluster, launcher).run(submission);

        assertThat(outcome).isInstanceOf(SubmissionOutcome.Finished.class);
        var finished = (SubmissionOutcome.Finished) outcome;
        assertThat(finished.state()).isEqualTo(AppState.SUCCEEDED);
        assertThat(finished.queue()).isEqualTo(finished.reservation().queueName());
        assertThat(finished.metDeadline()).isTrue();
        // Launched at once, outside the reservation's queue that YARN opens a step later, and moved into it then.
        assertThat(launcher.requests()).singleElement().satisfies(r -> assertThat(r.argv())
                .containsSubsequence("--queue", "adhoc"));
        assertThat(cluster.reservations("sla")).isEmpty();
        assertThat(events).anyMatch(e -> e instanceof SubmissionEvent.Released)
                .anyMatch(e -> e instanceof SubmissionEvent.Learned)
                .anyMatch(e -> e instanceof SubmissionEvent.Note note
                        && note.text().equals("entered its reservation's queue " + finished.reservation().queueName()));
    }

    @Test
    void aRunThatOutlivesItsReservationLeavesItFinishesLateAndIsLearntFrom() {
        var launcher = InMemoryLauncher.running(cluster, Duration.ofMinutes(15));
        Submission submission = submission(Duration.ofMinutes(10));

        SubmissionOutcome outcome = pipeline(cluster, launcher).run(submission);

        assertThat(outcome).isInstanceOf(SubmissionOutcome.Finished.class);
        var finished = (SubmissionOutcome.Finished) outcome;
        assertThat(finished.state()).isEqualTo(AppState.SUCCEEDED);
        assertThat(finished.queue()).as("the site's best-effort queue").isEqualTo("adhoc");
        assertThat(finished.metDeadline()).isFalse();
        assertThat(events).anyMatch(e -> e instanceof SubmissionEvent.Note n
                        && n.text().contains("moved it into queue adhoc"))
                .anyMatch(e -> e instanceof SubmissionEvent.Learned);
        assertThat(cluster.reservations("sla")).isEmpty();
    }

    @Test
    void aRunThatCannotLeaveItsReservationIsKilledByYarnWhenItEndsAndSaysSo() {
        ClusterGateway stuck = (ClusterGateway) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ClusterGateway.class}, (proxy, method, args) -> {
                    if (method.getName().equals("leaveReservation")) {
                        throw new GatewayException("could not move it: YARN said no");
                    }
                    try {
                        return method.invoke(cluster, args);
                    } catch (java.lang.reflect.InvocationTargetException e) {
                        throw e.getCause();
                    }
                });

        SubmissionOutcome outcome = pipeline(stuck, InMemoryLauncher.running(cluster, Duration.ofMinutes(15)))
                .run(submission(Duration.ofMinutes(10)));

        assertThat(outcome).isInstanceOfSatisfying(SubmissionOutcome.Finished.class, f -> {
            assertThat(f.state()).isEqualTo(AppState.KILLED);
            assertThat(f.diagnostics()).contains("expiry of reservation queue");
        });
        assertThat(events).anyMatch(e -> e instanceof SubmissionEvent.Note n
                && n.text().contains("could not be moved out of it (could not move it: YARN said no): YARN will kill"));
    }

    @Test
    void aRefusalThePlannerDidNotExpectIsAskedAgainAfterThePlanFollowerStepAndThenHeld() {
        List<Instant> asked = new CopyOnWriteArrayList<>();
        // Without history the job holds its whole window, so one attempt asks three times: the whole window from the
        // next step, anywhere in it, then half of it.
        ClusterGateway lagging = refusing(3, asked);
        Submission submission = submission(Duration.ofMinutes(10));

        SubmissionOutcome outcome = pipeline(lagging, InMemoryLauncher.running(cluster, Duration.ofMinutes(1)))
                .run(submission);

        assertThat(outcome).isInstanceOf(SubmissionOutcome.Finished.class);
        assertThat(asked).hasSizeGreaterThanOrEqualTo(4);
        assertThat(asked.subList(0, 3)).as("the three holds of one attempt").containsOnly(asked.get(0));
        assertThat(Duration.between(asked.get(2), asked.get(3))).isGreaterThanOrEqualTo(Duration.ofSeconds(2));
        assertThat(events).anyMatch(e -> e instanceof SubmissionEvent.Note n && n.text().contains("asking again"));
    }

    @Test
    void underFirstFitASecondRefusalRejectsWithTheReason() {
        admission = AdmissionPolicy.FIRST_FIT;
        ClusterGateway refusing = refusing(Integer.MAX_VALUE, new CopyOnWriteArrayList<>());

        SubmissionOutcome outcome = pipeline(refusing, InMemoryLauncher.running(cluster, Duration.ofMinutes(1)))
                .run(submission(Duration.ofMinutes(10)));

        assertThat(outcome).isInstanceOf(SubmissionOutcome.Rejected.class);
        assertThat(((SubmissionOutcome.Rejected) outcome).reason()).contains("YARN cannot reserve")
                .contains("the plan is still small")
                .contains("refused by YARN's GREE-L").contains("placed the request on a copy of the plan moments before")
                .contains("Punctual's planner (GREE) had found room");
        assertThat(cluster.reservations("sla")).isEmpty();
    }

    @Test
    void aFirstTimeJobWhoseWholeWindowIsBlockedBrieflyHoldsLessOfItInsteadOfBeingRefused() {
        // Another team holds most of the plan for the first two minutes of a ten-minute window: a hold of the whole
        // window cannot fit, a hold of half of it can, after them.
        Instant now = clock.instant();
        var filler = cluster.reserve(ReservationSpec.single("sla", "filler", now, now.plus(Duration.ofMinutes(2)),
                StageRequest.gang(Resources.of(1, 2048), 4, Duration.ofMinutes(2))));
        assertThat(filler).isInstanceOf(ReservationOutcome.Reserved.class);

        SubmissionOutcome outcome = pipeline(cluster, InMemoryLauncher.running(cluster, Duration.ofMinutes(1)))
                .run(submission(Duration.ofMinutes(10)));

        assertThat(outcome).isInstanceOfSatisfying(SubmissionOutcome.Finished.class, finished -> {
            assertThat(finished.state()).isEqualTo(AppState.SUCCEEDED);
            assertThat(finished.metDeadline()).isTrue();
        });
        var reserved = events.stream().filter(e -> e instanceof SubmissionEvent.Reserved).map(e ->
                ((SubmissionEvent.Reserved) e).reservation()).findFirst().orElseThrow();
        Duration held = Duration.between(reserved.start().orElseThrow(), reserved.end().orElseThrow());
        assertThat(held).as("half the window, not all of it").isLessThan(Duration.ofMinutes(5));
        assertThat(reserved.start().orElseThrow()).isAfterOrEqualTo(now.plus(Duration.ofMinutes(2)));
    }

    @Test
    void aFullPlanRejectsWithTheEarliestDeadlineThatHasRoom() {
        Instant now = clock.instant();
        var filler = cluster.reserve(ReservationSpec.single("sla", "filler", now, now.plus(Duration.ofMinutes(30)),
                StageRequest.gang(cluster.snapshot().queue("sla").orElseThrow().guaranteed(), 1,
                        Duration.ofMinutes(30))));
        assertThat(filler).isInstanceOf(ReservationOutcome.Reserved.class);

        SubmissionOutcome outcome = pipeline(cluster, InMemoryLauncher.running(cluster, Duration.ofMinutes(1)))
                .run(submission(Duration.ofMinutes(10)));

        assertThat(outcome).isInstanceOf(SubmissionOutcome.Rejected.class);
        var rejected = (SubmissionOutcome.Rejected) outcome;
        assertThat(rejected.earliestDeadline()).hasValueSatisfying(d -> assertThat(d)
                .isAfter(now.plus(Duration.ofMinutes(30))));
        assertThat(rejected.reason()).contains("refused by YARN's GREE-L").contains("as its copy of the plan predicted")
                .contains("Punctual's planner (GREE) finds no room either");
    }

    @Test
    void spark_submitDyingBeforeYarnHasTheApplicationFailsAndReleasesTheReservation() {
        var launcher = new InMemoryLauncher(cluster, r -> new InMemoryLauncher.Script.DiesFirst("FAILED"));

        SubmissionOutcome outcome = pipeline(cluster, launcher).run(submission(Duration.ofMinutes(10)));

        assertThat(outcome).isInstanceOf(SubmissionOutcome.Failed.class);
        assertThat(((SubmissionOutcome.Failed) outcome).reason()).contains("before the application reached YARN");
        assertThat(cluster.reservations("sla")).isEmpty();
    }

    @Test
    void sparksJarsThatCannotBeUploadedFailTheLaunchSayingWhatToChangeAndReleaseTheReservation() throws Exception {
        Path jars = java.nio.file.Files.createDirectories(tmp.resolve("spark/jars"));
        java.nio.file.Files.writeString(jars.resolve("spark-core_2.13-3.5.6.jar"), "core");
        java.nio.file.Files.writeString(tmp.resolve("not-a-directory"), "a file where the archives should go");
        SparkRuntime uploading = new SparkRuntime(tmp.resolve("spark"), new io.punctual.submit.launch.SparkJars.Upload(
                jars, tmp.resolve("not-a-directory/archives").toString(), tmp), java.util.List.of());
        var launcher = InMemoryLauncher.running(cluster, Duration.ofMinutes(1));

        SubmissionOutcome outcome = pipeline(cluster, launcher, uploading).run(submission(Duration.ofMinutes(10)));

        assertThat(outcome).isInstanceOf(SubmissionOutcome.Failed.class);
        assertThat(((SubmissionOutcome.Failed) outcome).reason()).contains("Spark's jars are not on the cluster")
                .contains("not-a-directory/archives/3.5.6-").contains("punctual.spark.archive-dir")
                .contains("punctual.spark.jars");
        assertThat(launcher.requests()).as("spark-submit never started").isEmpty();
        assertThat(cluster.reservations("sla")).isEmpty();
    }

    @Test
    void anApplicationWhoseIdSpark_submitNeverReportedIsFoundByItsTag() {
        var launcher = new InMemoryLauncher(cluster, r -> new InMemoryLauncher.Script.Silent(Duration.ofMinutes(1)));

        SubmissionOutcome outcome = pipeline(cluster, launcher).run(submission(Duration.ofMinutes(10)));

        assertThat(outcome).isInstanceOf(SubmissionOutcome.Finished.class);
        assertThat(((SubmissionOutcome.Finished) outcome).state()).isEqualTo(AppState.SUCCEEDED);
    }

    @Test
    void anApplicationYarnForgetsIsDeclaredLostAfterFiveRoundsAndItsReservationReleased() {
        var launcher = InMemoryLauncher.running(cluster, Duration.ofHours(1));
        Submission submission = submission(Duration.ofHours(2));
        SubmissionPipeline pipeline = pipeline(cluster, launcher);
        Conductor conductor = pipeline.conductor(s -> Optional.empty());
        SubmissionState state = conductor.advance(new SubmissionState.Received(submission), new Observation.Tick());
        while (!(state instanceof SubmissionState.Running)) {
            clock.advance(Duration.ofSeconds(1));
            state = conductor.advance(state, new Observation.Tick());
        }
        cluster.forget(((SubmissionState.Running) state).app());

        for (int round = 1; round < SubmissionMachine.ROUNDS_BEFORE_LOST; round++) {
            state = conductor.advance(state, new Observation.Tick());
            assertThat(state).as("round " + round).isInstanceOf(SubmissionState.Running.class);
        }
        state = conductor.advance(state, new Observation.Tick());

        assertThat(state).isInstanceOf(SubmissionState.Ended.class);
        assertThat(((SubmissionState.Ended) state).outcome()).isInstanceOf(SubmissionOutcome.Failed.class);
        assertThat(cluster.reservations("sla")).isEmpty();
    }

    @Test
    void aKillWhileSpark_submitRunsKillsTheApplicationOnceItReachesYarnAndReleasesTheReservation() {
        var current = new AtomicReference<SubmissionState>();
        var pipelineRef = new AtomicReference<SubmissionPipeline>();
        var launcher = new InMemoryLauncher(cluster, request -> {
            pipelineRef.get().abandon(current, "deleted while it launched");
            return new InMemoryLauncher.Script.Runs(Duration.ofMinutes(5));
        });
        pipelineRef.set(pipeline(cluster, launcher));
        Submission submission = submission(Duration.ofMinutes(10));

        SubmissionOutcome outcome = pipelineRef.get().run(submission, current);

        assertThat(outcome).isInstanceOf(SubmissionOutcome.Killed.class);
        assertThat(cluster.applicationsTagged(submission.tag())).singleElement()
                .satisfies(app -> assertThat(app.state()).isEqualTo(AppState.KILLED));
        assertThat(cluster.reservations("sla")).isEmpty();
    }

    /** The process dies right after recording a state, before doing that step's actions. */
    private static final class Crash extends RuntimeException {
        private static final long serialVersionUID = 1L;
    }

    @Test
    void aCrashRightAfterRecordingAnyStateIsRecoveredToOneApplicationThatSucceeds() {
        List<String> crashedIn = new ArrayList<>();
        for (int crashAt = 1; ; crashAt++) {
            cluster();
            var launcher = InMemoryLauncher.running(cluster, Duration.ofMinutes(1));
            Submission submission = submission(Duration.ofMinutes(10));
            AtomicReference<SubmissionState> recorded = new AtomicReference<>(new SubmissionState.Received(submission));
            AtomicInteger states = new AtomicInteger();
            int crashHere = crashAt;
            Conductor first = pipeline(cluster, launcher).conductor(s -> Optional.empty());
            boolean crashed = false;
            try {
                while (!recorded.get().isEnded()) {
                    first.advance(recorded.get(), new Observation.Tick(), next -> {
                        recorded.set(next);
                        if (states.incrementAndGet() == crashHere) {
                            throw new Crash();
                        }
                        return next;
                    });
                    clock.advance(Duration.ofSeconds(1));
                }
            } catch (Crash crash) {
                crashed = true;
            }
            if (!crashed) {
                break;
            }
            crashedIn.add(recorded.get().getClass().getSimpleName());
            // A new process over the recorded state: a new pipeline and conductor, told it restarted.
            Conductor second = pipeline(cluster, launcher).conductor(s -> Optional.empty());
            SubmissionState state = second.advance(recorded.get(), new Observation.Restarted());
            while (!state.isEnded()) {
                clock.advance(Duration.ofSeconds(1));
                state = second.advance(state, new Observation.Tick());
            }

            SubmissionOutcome outcome = ((SubmissionState.Ended) state).outcome();
            String where = "crashed in " + crashedIn.get(crashedIn.size() - 1);
            assertThat(outcome).as(where).isInstanceOf(SubmissionOutcome.Finished.class);
            assertThat(((SubmissionOutcome.Finished) outcome).state()).as(where).isEqualTo(AppState.SUCCEEDED);
            assertThat(cluster.applicationsTagged(submission.tag())).as(where).hasSize(1);
        }
        assertThat(crashedIn).contains("Sized", "Launching", "Running", "Ended");
    }

    /** The in-memory cluster, except that YARN refuses the first {@code refusals} reservation requests. */
    @Test
    void underTheDefaultJusticeQueueAJobSubmittedAloneWaitsForItsTurnsThenIsDroppedWithTheReason() {
        // punctual submit runs one job: the queue it waits in has no other member, so every poll is its turn. It is
        // sized and asked for again each time, and once its deadline is too close to launch in, dropped.
        List<Instant> asked = new CopyOnWriteArrayList<>();
        ClusterGateway refusing = refusing(Integer.MAX_VALUE, asked);
        Instant submitted = clock.instant();

        SubmissionOutcome outcome = pipeline(refusing, InMemoryLauncher.running(cluster, Duration.ofMinutes(1)))
                .run(submission(Duration.ofMinutes(10)));

        assertThat(outcome).isInstanceOfSatisfying(SubmissionOutcome.Rejected.class, rejected -> assertThat(
                rejected.reason()).contains("dropped from the admission queue after waiting")
                .contains("the plan is still small"));
        assertThat(asked).hasSizeGreaterThan(10);
        assertThat(Duration.between(submitted, asked.get(asked.size() - 1))).isGreaterThan(Duration.ofMinutes(5));
        assertThat(events).anyMatch(e -> e instanceof SubmissionEvent.Note n && n.text().contains("admission queue"));
        assertThat(cluster.reservations("sla")).isEmpty();
    }

    private ClusterGateway refusing(int refusals, List<Instant> asked) {
        AtomicInteger count = new AtomicInteger();
        return (ClusterGateway) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {ClusterGateway.class}, (proxy, method, args) -> {
                    if (method.getName().equals("reserve")) {
                        asked.add(clock.instant());
                        if (count.getAndIncrement() < refusals) {
                            return new ReservationOutcome.Refused("ResourceOverCommitException: the plan is still"
                                    + " small");
                        }
                    }
                    try {
                        return method.invoke(cluster, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    @Test
    void aBurstOfLaunchesIsJudgedByThePlannerOnAViewHoldingEachOthersReservations() throws Exception {
        // Through the gateway's one-second read cache, as the gateway plans: without one plan-and-reserve at a time,
        // every launch of the burst would plan on the same empty view and YARN would refuse what the planner promised.
        SubmissionPipeline pipeline = pipeline(new io.punctual.yarn.CachedReads(cluster, Duration.ofSeconds(1)),
                InMemoryLauncher.running(cluster, Duration.ofMinutes(1)));
        List<java.util.concurrent.Callable<Observation.ReservationDone>> burst = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            Submission one = submission(Duration.ofMinutes(10), "--num-executors", "3");
            Sizing sizing = pipeline.decide(one).sized().map(s -> pipeline.decide(one).sizingFor(s)).orElseThrow();
            burst.add(() -> pipeline.reserveOnce(one, sizing));
        }
        var pool = java.util.concurrent.Executors.newFixedThreadPool(burst.size());
        List<Observation.ReservationDone> done = new ArrayList<>();
        for (var answer : pool.invokeAll(burst)) {
            done.add(answer.get());
        }
        pool.shutdown();

        assertThat(done).anyMatch(d -> d.held().isPresent()).anyMatch(d -> d.held().isEmpty());
        assertThat(done).allSatisfy(d -> assertThat(d.prediction().fits()).as(d.refusal())
                .isEqualTo(d.held().isPresent()));
    }
}
