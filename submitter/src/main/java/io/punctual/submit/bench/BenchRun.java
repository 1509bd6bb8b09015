package io.punctual.submit.bench;

import io.punctual.submit.bench.RunInfo.JobMeasure;
import io.punctual.submit.bench.RunInfo.PolicyWindow;
import io.punctual.submit.bench.RunInfo.ReservationInterval;
import io.punctual.submit.request.InvalidRequest;
import io.punctual.workloads.suite.BenchSuite;
import io.punctual.workloads.suite.SparkApp;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code punctual bench run} (issue 9): one weekly benchmark run through a Punctual gateway. The suite's inputs are
 * prepared, each job gets its missing history weeks, then every policy runs the same arrivals with the same deadlines
 * beside the same background load, one policy after another; every job ends in a row of {@code results.json}, and
 * {@code run.json} records the run. Stopped midway, it deletes what is running and keeps what finished.
 */
public final class BenchRun {

    /** Inputs are made once per scale and seed; a generator on Spark may take this long. */
    private static final Duration PREPARE_LIMIT = Duration.ofHours(2);

    /** What a run is given; everything in it was checked before anything ran. */
    public record Setup(RunPlan plan, BenchSuite suite, ReportDir report, BenchTarget target,
                        Duration historyDeadline, ReportHook hook, PrintStream out, Clock clock) {
    }

    /** How the run ended. */
    public record Result(RunInfo run, boolean interrupted) {
    }

    private BenchRun() {
    }

    /** A resumed run must plan what it planned before, or its rows would not compare. */
    public static void checkResume(ReportDir report, RunPlan plan) {
        report.previous().ifPresent(previous -> {
            if (!plan.equals(previous.plan())) {
                var was = JsonFiles.JSON.valueToTree(previous.plan());
                var now = JsonFiles.JSON.valueToTree(plan);
                List<String> differ = new ArrayList<>();
                was.fieldNames().forEachRemaining(f -> {
                    if (!was.get(f).equals(now.get(f))) {
                        differ.add(f + " was " + was.get(f) + ", now " + now.get(f));
                    }
                });
                throw new InvalidRequest("--resume: the run in " + report.dir() + " was planned otherwise ("
                        + String.join("; ", differ) + "); give the same options as that run, or --force to start"
                        + " afresh");
            }
        });
    }

    public static Result run(Setup s) {
        s.target().shares().flatMap(shares -> shares.unequal(s.plan().policyList())).ifPresent(why -> {
            throw new InvalidRequest(why);
        });
        Instant started = s.clock().instant();
        s.report().start();
        BenchLedger ledger = BenchLedger.open(s.target().benchHome());
        AtomicReference<RunInfo> info = new AtomicReference<>(s.report().previous()
                .map(p -> p.with("running", p.wallSeconds()))
                .orElseGet(() -> fresh(s, ledger.startWeek(s.report().dir().toString(), started.toString()), started)));
        double before = Optional.ofNullable(info.get().wallSeconds()).orElse(0.0);
        Runnable save = () -> s.report().write(info.get());
        save.run();
        RunGuard guard = RunGuard.install(s.target().client());
        guard.onStop(() -> s.report().write(info.get().with("interrupted", before + since(started, s.clock()))));
        try {
            boolean whole = measure(s, ledger, info, save, new BatchRunner(s.target().client(), guard, s.clock()));
            if (!whole) {
                guard.stop("the bench was stopped"); // waits for the shutdown hook's deletions to finish
            }
            String status = whole ? "finished" : "interrupted";
            info.set(info.get().with(status, before + since(started, s.clock())));
            save.run();
            if (whole) {
                s.hook().write(s.report().dir());
            }
            return new Result(info.get(), !whole);
        } catch (RuntimeException e) {
            // What is still running is deleted, as for Ctrl-C; the run is recorded as failed, its rows kept.
            guard.stop("the bench failed");
            info.set(info.get().with("failed: " + e.getMessage(), before + since(started, s.clock())));
            save.run();
            throw e;
        } finally {
            guard.close();
        }
    }

    /** Prepare, history, then every policy; false when the bench was stopped on the way. */
    private static boolean measure(Setup s, BenchLedger ledger, AtomicReference<RunInfo> info, Runnable save,
                                   BatchRunner runner) {
        RunPlan plan = s.plan();
        Path home = s.target().benchHome();
        Workload workload = new Workload(s.suite(), home.resolve("data").resolve("bench"), plan.scale(),
                s.target().jar(), home.resolve("tmp").resolve("bench-output"), plan.verify());
        Progress progress = new Progress(s.out(), s.clock(), info.get().week());
        if (!prepare(workload, plan, runner, progress)) {
            return false;
        }
        EventLogs logs = s.target().eventLogs();
        if (!new HistoryWeeks(runner, ledger, logs, progress, s.clock()).ensure(workload, plan, s.historyDeadline())) {
            return false;
        }
        Map<String, JobProfile> profiles = HistoryWeeks.profiles(workload, plan.jobs(), ledger);
        if (plan.oracleRuns() > 0 && !oracleUnderLoad(s, workload, runner, progress, profiles)) {
            return false;
        }
        info.set(info.get().withJobs(measures(workload, profiles)));
        save.run();
        List<Arrivals.Arrival> arrivals = plan.arrivalSpec().schedule(plan.jobs(), plan.mix(), plan.seed());
        for (Policy policy : plan.policyList()) {
            if (runner.guard().stopping()) {
                return false;
            }
            progress.say(policy.label() + ": " + arrivals.size() + " job(s)" + (plan.contention() > 0
                    ? " beside " + Math.round(plan.contention() * 100) + "% contention" : ""));
            String from = s.clock().instant().toString();
            List<ReservationInterval> held = new ArrayList<>(info.get().reservations()
                    .getOrDefault(policy.label(), List.of()));
            try (Contention background = contention(s, workload, runner, logs, progress)) {
                // Each row's log is copied into the report, so its numbers can be recomputed without the bench home.
                held.addAll(new PolicyRun(policy, plan, info.get().week(), workload, profiles, runner,
                        logs.keptIn(s.report().dir()),
                        s.report(), progress, s.clock()).run(arrivals));
                info.set(info.get().withPolicy(policy.label(), new PolicyWindow(from, s.clock().instant().toString(),
                        background.batches()), held));
            }
            save.run();
        }
        return !runner.guard().stopping();
    }

    /**
     * Runs every job under the background load ({@link OracleRuns}) and takes each profile's oracle from those runs;
     * false when the bench was stopped meanwhile.
     */
    private static boolean oracleUnderLoad(Setup s, Workload workload, BatchRunner runner, Progress progress,
                                           Map<String, JobProfile> profiles) {
        Optional<Map<String, JobProfile>> loaded;
        try (Contention background = contention(s, workload, runner, s.target().eventLogs(), progress)) {
            loaded = new OracleRuns(runner, s.target().eventLogs(), progress, s.clock()).measure(workload, s.plan(),
                    s.historyDeadline());
        }
        loaded.ifPresent(tables -> profiles.replaceAll((job, idle) -> idle.withOracleUnderLoad(tables.get(job))));
        return loaded.isPresent();
    }

    private static Contention contention(Setup s, Workload workload, BatchRunner runner, EventLogs logs,
                                         Progress progress) {
        if (s.plan().contention() <= 0) {
            return Contention.none(runner);
        }
        return Contention.start(runner, workload, logs, s.plan().contention(), s.target().clusterVcores()
                .orElseThrow(), s.plan().executorCores(), s.target().bestEffortQueue(), progress);
    }

    /** Runs the applications the suite needs before any job (data generators), each once, in order. */
    private static boolean prepare(Workload workload, RunPlan plan, BatchRunner runner, Progress progress) {
        List<SparkApp> apps = workload.suite().prepare(plan.jobs(), workload.dataRoot(), plan.scale(), plan.seed());
        for (SparkApp app : apps) {
            progress.say("preparing input: " + app.name());
            String name = app.name().replace('/', '.');
            BatchBody body = BatchBody.of(workload.jar(), app, "bench-prepare-" + name, "bench.prepare."
                    + workload.suite().name() + "." + name, Optional.of(2), plan.executorCores(), Optional.empty(),
                    Map.of());
            Optional<BatchView> ended = runner.awaitEnd(runner.start(body).id(), PREPARE_LIMIT);
            if (ended.isEmpty()) {
                return false;
            }
            if (!ended.get().succeeded()) {
                throw new IllegalStateException("preparing the input of " + workload.suite().name() + " at scale "
                        + plan.scale() + " failed in " + app.name() + " (batch " + ended.get().id() + "): "
                        + ended.get().failure());
            }
        }
        if (plan.verify()) {
            List<String> checked = workload.suite().checkable(plan.jobs());
            progress.say("expected answers: a second SQL engine answers " + checked.size() + " of " + plan.jobs().size()
                    + " job(s) over the same input; each run of them fails on another answer");
            workload.suite().prepareAnswers(checked, workload.dataRoot(), plan.scale());
        }
        return true;
    }

    private static Map<String, JobMeasure> measures(Workload workload, Map<String, JobProfile> profiles) {
        Map<String, JobMeasure> measures = new LinkedHashMap<>();
        profiles.forEach((job, p) -> measures.put(workload.name(job), new JobMeasure(workload.jobKey(job),
                p.isolatedRuntime().map(d -> d.toMillis() / 1000.0).orElse(null), p.overheadSeconds(),
                List.copyOf(p.byCount().values()),
                p.underLoad().map(u -> List.copyOf(u.byCount().values())).orElse(List.of()))));
        return measures;
    }

    private static RunInfo fresh(Setup s, int week, Instant started) {
        RunPlan p = s.plan();
        BenchTarget t = s.target();
        return new RunInfo(p.suite(), p.scale(), p.seed(), p.policies(), p.weeksOfHistory(), p.deadlineMix(),
                p.contention(), p.arrivals(), p, week, "running", started.toString(), 0.0,
                t.clusterVcores().orElse(null), t.clusterMemoryMb().orElse(null), t.label(),
                t.benchHome().toString(), Map.of(), Map.of(), Map.of(),
                t.shares().map(shares -> shares.byPolicy(p.policyList())).orElse(Map.of()), t.hostCores().orElse(null));
    }

    private static double since(Instant started, Clock clock) {
        return Duration.between(started, clock.instant()).toMillis() / 1000.0;
    }
}
