package io.punctual.submit.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.submit.bench.Arrivals.Arrival;
import io.punctual.submit.launch.LaunchRequest;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each policy's batches as a real gateway receives and launches them (over the in-memory cluster), the rows they end
 * in, a resumed run, and a stopped one.
 */
class BenchPolicyRunTest {

    private static final List<String> JOBS = List.of("wordcount", "stages");

    @TempDir
    Path tmp;

    private InMemoryBenchGateway bench;
    private Workload workload;
    private RunPlan plan;
    private Map<String, JobProfile> profiles;

    @BeforeEach
    void start() throws IOException {
        bench = new InMemoryBenchGateway(tmp, Duration.ofSeconds(30), 50);
        workload = new Workload(new DemoSuite(), tmp.resolve("data"), "tiny", bench.jar.toString(), tmp.resolve("out"),
                false);
        // the team's fixed count is its cap here (the gateway refuses more)
        plan = new RunPlan("demo", JOBS, "tiny", 1, "4x:1", 0, List.of(Policy.known().split(", ")), 1, "poisson:5s",
                1, List.of(1), 1, 0, false);
        // both jobs took 60 s alone at one executor (5 s to start), costing 50 executor-seconds
        Instant t0 = Instant.parse("2026-11-23T02:00:00Z");
        profiles = Map.of("wordcount", profile("wordcount", t0), "stages", profile("stages", t0));
    }

    private JobProfile profile(String job, Instant t0) {
        return JobProfile.of(List.of(new HistoryRun(workload.jobKey(job), 1, 1, 1, "application_1_1", t0.toString(),
                t0.plusSeconds(5).toString(), t0.plusSeconds(60).toString(), true, 50, "/logs/x", null)));
    }

    @AfterEach
    void stop() {
        bench.close();
    }

    private List<BenchRow> run(Policy policy, ReportDir report, RunGuard guard) {
        BatchRunner runner = new BatchRunner(bench.client, guard, bench.clock);
        new PolicyRun(policy, plan, 1, workload, profiles, runner, new EventLogs(tmp.resolve("logs"), Duration.ZERO),
                report, new Progress(System.out, bench.clock, 1), bench.clock)
                .run(plan.arrivalSpec().schedule(JOBS, plan.mix(), plan.seed()));
        return report.rows().stream().filter(r -> r.policy().equals(policy.label())).toList();
    }

    private List<LaunchRequest> launched(String keySuffix) {
        Predicate<LaunchRequest> own = r -> r.conf().getOrDefault("spark.deadline.jobKey", "").endsWith("tiny"
                + keySuffix);
        return bench.launcher.requests().stream().filter(own).toList();
    }

    private static Optional<String> option(LaunchRequest request, String name) {
        return request.options().stream().filter(o -> o.name().equals(name)).reduce((a, b) -> b)
                .flatMap(io.punctual.submit.request.SparkOption::value);
    }

    @Test
    void staticAtACountAsksForThatCountAndRowsCarryItsLabel() {
        ReportDir report = ReportDir.open(tmp.resolve("report"), false, false);

        List<BenchRow> rows = run(Policy.staticAt(3), report, RunGuard.detached(bench.client));

        // The count reaches the gateway: this team's cap is 1, so 3 is refused there, naming it.
        assertThat(rows).hasSize(2).allSatisfy(r -> {
            assertThat(r.policy()).isEqualTo("static:3");
            assertThat(r.reason()).contains("3 executors exceed the team's cap of 1");
        });
        assertThat(launched(".static")).isEmpty();
    }

    @Test
    void theOracleUnderLoadRunsEachJobAtEachCountBestEffortUnderItsOwnKey() {
        RunPlan twice = new RunPlan("demo", JOBS, "tiny", 1, "4x:1", 0, List.of("static"), 1, "poisson:5s", 1,
                List.of(1, 1), 1, 2, false);
        BatchRunner runner = new BatchRunner(bench.client, RunGuard.detached(bench.client), bench.clock);

        Optional<Map<String, JobProfile>> tables = new OracleRuns(runner, new EventLogs(tmp.resolve("logs"),
                Duration.ZERO), new Progress(System.out, bench.clock, 1), bench.clock).measure(workload, twice,
                Duration.ofMinutes(5));

        // Two jobs, the one distinct count, twice each; this cluster writes no event logs, so no run is measured.
        assertThat(tables).hasValueSatisfying(t -> assertThat(t).containsOnlyKeys(JOBS).allSatisfy((job, table) ->
                assertThat(table.measured()).isFalse()));
        assertThat(launched(OracleRuns.SUFFIX)).hasSize(4).allSatisfy(r -> {
            assertThat(option(r, "--num-executors")).contains("1");
            assertThat(r.conf()).as("best-effort, beside the background").doesNotContainKey("spark.deadline.at");
        });
        assertThat(launched("")).as("no run under the job's own key, which Punctual learns from").isEmpty();
    }

    @Test
    void punctualAtAConfidenceAsksTheGatewayForItAndRowsCarryItsLabel() {
        ReportDir report = ReportDir.open(tmp.resolve("report"), false, false);

        List<BenchRow> rows = run(Policy.punctualAt(0.8), report, RunGuard.detached(bench.client));

        assertThat(rows).hasSize(2).allSatisfy(r -> assertThat(r.policy()).isEqualTo("punctual@0.8"));
        assertThat(launched("")).hasSize(2).allSatisfy(r -> {
            assertThat(r.conf()).containsEntry("spark.deadline.confidence", "0.8");
            assertThat(r.conf()).as("reserved with a deadline").containsKey("spark.deadline.at");
        });
    }

    @Test
    void eachPolicySubmitsItsOwnWayAndEveryJobEndsInARow() {
        ReportDir report = ReportDir.open(tmp.resolve("report"), false, false);
        RunGuard guard = RunGuard.detached(bench.client);

        List<BenchRow> statics = run(Policy.STATIC, report, guard);
        List<BenchRow> dynamics = run(Policy.DYNAMIC, report, guard);
        List<BenchRow> punctuals = run(Policy.PUNCTUAL, report, guard);
        List<BenchRow> noReserve = run(Policy.PUNCTUAL_NORESERVE, report, guard);

        for (List<BenchRow> rows : List.of(statics, dynamics, punctuals, noReserve)) {
            assertThat(rows).extracting(BenchRow::job).containsExactlyInAnyOrder("demo/wordcount", "demo/stages");
            assertThat(rows).allSatisfy(r -> {
                assertThat(r.admitted()).isTrue();
                assertThat(r.reason()).isNull();
                assertThat(r.appId()).startsWith("application_");
                assertThat(r.deadlineFactor()).isEqualTo(4.0);
                // 4 x 60 s from arrival; the oracle's one executor (55 s to run after 5 s to start) fits
                assertThat(Duration.between(Instant.parse(r.arrival()), Instant.parse(r.deadline())))
                        .isEqualTo(Duration.ofSeconds(240));
                assertThat(r.oracleExecutorSeconds()).isEqualTo(50.0);
            });
        }
        assertThat(launched(".static")).hasSize(2).allSatisfy(r -> {
            assertThat(option(r, "--num-executors")).contains("1");
            assertThat(r.conf()).containsEntry("spark.dynamicAllocation.enabled", "false");
        });
        assertThat(launched(".dynamic")).hasSize(2).allSatisfy(r -> {
            assertThat(option(r, "--num-executors")).isEmpty();
            assertThat(r.conf()).containsEntry("spark.dynamicAllocation.enabled", "true")
                    .containsEntry("spark.dynamicAllocation.shuffleTracking.enabled", "true");
        });
        assertThat(punctuals).allSatisfy(r -> {
            assertThat(r.reservationId()).startsWith("reservation_");
            // one executor and the master, held from the allocation's start to the job's end
            assertThat(r.reservedCpuSeconds()).isPositive().isLessThanOrEqualTo(2 * 240.0);
            assertThat(r.replans()).as("re-planning is off on this gateway: counted, and none").isZero();
        });
        // Launched at once in the site's best-effort queue, to enter its reservation's queue at the gateway's next
        // report once that opens. At this cluster's 50x pace a run can end before that report, so where it ended is
        // not asserted here (SubmissionPathsTest and SparkInReservationIT do).
        assertThat(launched("")).hasSize(2).allSatisfy(r -> assertThat(option(r, "--queue")).contains("adhoc"));
        assertThat(noReserve).allSatisfy(r -> assertThat(r.reservationId()).isNull());
        assertThat(launched(".noreserve")).hasSize(2).allSatisfy(r -> {
            assertThat(option(r, "--queue").orElseThrow()).doesNotStartWith("reservation_");
            assertThat(Integer.parseInt(option(r, "--num-executors").orElseThrow())).isPositive();
        });
        assertThat(statics.stream().filter(r -> r.reservationId() != null)).isEmpty();
        assertThat(statics).as("a policy that does not ask Punctual is never re-planned")
                .allSatisfy(r -> assertThat(r.replans()).isNull());
        assertThat(report.rows()).hasSize(8);
    }

    @Test
    void aDeadlineNoLaunchCanMeetIsRefusedByBothOfPunctualsPoliciesAndNothingRuns() throws IOException {
        // the cluster's clock at the wall clock's pace: a deadline 24 s away is still ahead when it is submitted
        bench.close();
        bench = new InMemoryBenchGateway(tmp.resolve("again"), Duration.ofSeconds(30), 1);
        workload = new Workload(new DemoSuite(), tmp.resolve("data"), "tiny", bench.jar.toString(), tmp.resolve("out"),
                false);
        plan = new RunPlan("demo", JOBS, "tiny", 1, "0.4x:1", 0, plan.policies(), 1, "poisson:1s", 1, List.of(1), 1, 0,
                false);
        ReportDir report = ReportDir.open(tmp.resolve("report"), false, false);
        RunGuard guard = RunGuard.detached(bench.client);

        List<BenchRow> punctuals = run(Policy.PUNCTUAL, report, guard);
        List<BenchRow> noReserve = run(Policy.PUNCTUAL_NORESERVE, report, guard);

        // 24 s after arrival is before Punctual's launch floor (its measured launch overhead; 30 s before any)
        for (BenchRow r : java.util.stream.Stream.concat(punctuals.stream(), noReserve.stream()).toList()) {
            assertThat(r.admitted()).isFalse();
            assertThat(r.metDeadline()).isFalse();
            assertThat(r.appId()).isNull();
            assertThat(r.reason()).contains("the deadline cannot be met").contains("the earliest deadline");
            assertThat(r.oracleExecutorSeconds()).isNull();
        }
        assertThat(punctuals).hasSize(2);
        assertThat(noReserve).hasSize(2);
        assertThat(bench.launcher.requests()).isEmpty();
    }

    @Test
    void aResumedRunSubmitsOnlyTheJobsWithoutARow() throws IOException {
        ReportDir first = ReportDir.open(tmp.resolve("report"), false, false);
        Arrival wordcount = plan.arrivalSpec().schedule(JOBS, plan.mix(), plan.seed()).stream()
                .filter(a -> a.job().equals("wordcount")).findFirst().orElseThrow();
        first.add(BenchRows.refused(new BenchRows.Job("static", "demo/wordcount", 1, Instant.EPOCH,
                Instant.EPOCH.plusSeconds(1), wordcount.factor(), Optional.empty()), "from an earlier attempt"));
        first.write(new RunInfo("demo", "tiny", 1, plan.policies(), 1, "4x:1", 0, "poisson:5s", plan, 1,
                "interrupted", Instant.EPOCH.toString(), 1.0, null, null, "embedded", tmp.toString(), Map.of(),
                Map.of(), Map.of(), Map.of(), null));

        ReportDir resumed = ReportDir.open(tmp.resolve("report"), false, true);
        List<BenchRow> rows = run(Policy.STATIC, resumed, RunGuard.detached(bench.client));

        assertThat(launched(".static")).singleElement().satisfies(r ->
                assertThat(r.mainClass()).contains("io.punctual.workloads.SyntheticStages"));
        assertThat(rows).extracting(BenchRow::job).containsExactly("demo/wordcount", "demo/stages");
        assertThat(rows.get(0).reason()).isEqualTo("from an earlier attempt");
        assertThat(ReportDir.open(tmp.resolve("report"), false, true).rows()).hasSize(2);
    }

    @Test
    void stoppingDeletesTheBatchesStillGoing() throws Exception {
        RunGuard guard = RunGuard.detached(bench.client);
        BatchRunner runner = new BatchRunner(bench.client, guard, bench.clock);
        List<Integer> ran = new java.util.ArrayList<>();
        guard.onStop(() -> ran.add(1));
        BatchView started = runner.start(workload.body("stages", "stop", ".static", Optional.of(1), 1,
                Map.of("spark.deadline.by", bench.clock.instant().plus(Duration.ofHours(2)).toString())));
        BatchView running = started;
        for (int i = 0; i < 100 && !running.state().equals("running"); i++) {
            Thread.sleep(100);
            running = runner.look(started.id());
        }
        assertThat(running.state()).isEqualTo("running");

        guard.stop("test");

        BatchView after = bench.client.batch(started.id());
        assertThat(after.state()).isEqualTo("killed");
        assertThat(bench.cluster.application(new io.punctual.yarn.AppId(after.appId().orElseThrow()))
                .orElseThrow().state().isFinal()).isTrue();
        assertThat(after.reservationId()).isPresent();
        assertThat(bench.cluster.reservations("sla")).noneMatch(r -> r.id().value().equals(after.reservationId()
                .get()));
        assertThat(ran).containsExactly(1);
        assertThat(guard.sleep(10_000)).isFalse();
    }
}
