package io.punctual.submit.bench;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Before the measured run, each job gets its prior "weeks": runs through the gateway at a fixed executor count
 * (week i at the plan's i-th count), one at a time on an otherwise idle cluster, each with a generous deadline so it
 * runs inside a reservation and Punctual learns from it as from any run. Weeks a bench home already has are kept;
 * only the missing ones run. Their measurements are the job's isolated runtime and the oracle's table.
 */
public final class HistoryWeeks {

    private final BatchRunner runner;
    private final BenchLedger ledger;
    private final EventLogs logs;
    private final Progress progress;
    private final Clock clock;

    public HistoryWeeks(BatchRunner runner, BenchLedger ledger, EventLogs logs, Progress progress, Clock clock) {
        this.runner = runner;
        this.ledger = ledger;
        this.logs = logs;
        this.progress = progress;
        this.clock = clock;
    }

    /**
     * Runs every missing history week of every job; returns false when the bench was stopped meanwhile.
     *
     * @param deadline how long after submission each history run is due (loose: it is not measured against it)
     */
    public boolean ensure(Workload workload, RunPlan plan, Duration deadline) {
        int total = plan.jobs().size() * plan.weeksOfHistory();
        int i = 0;
        for (String job : plan.jobs()) {
            for (int week = 1; week <= plan.weeksOfHistory(); week++) {
                i++;
                String key = workload.jobKey(job);
                if (ledger.has(key, week)) {
                    continue;
                }
                if (runner.guard().stopping()) {
                    return false;
                }
                int executors = plan.historyExecutorsOf(week);
                progress.job("history", i, total, workload.name(job), "week " + week + " at " + executors
                        + " executor(s)");
                Optional<HistoryRun> run = once(workload, job, week, executors, plan.executorCores(), deadline);
                if (run.isEmpty()) {
                    return false;
                }
                ledger.add(run.get());
                progress.job("history", i, total, workload.name(job), run.get().succeeded()
                        ? String.format(java.util.Locale.ROOT, "%.1f s end to end, %.1f executor-s",
                        run.get().endToEndSeconds(), run.get().executorSeconds())
                        : "failed: " + run.get().reason());
            }
        }
        return true;
    }

    private Optional<HistoryRun> once(Workload workload, String job, int week, int executors, int cores,
                                      Duration deadline) {
        String label = "history-w" + week + "-" + clock.millis();
        Instant submitted = clock.instant();
        BatchBody body = workload.body(job, label, "", Optional.of(executors), cores,
                Map.of("spark.deadline.by", submitted.plus(deadline).toString()));
        BatchView started = runner.start(body);
        Optional<BatchView> ended = runner.awaitEnd(started.id(), deadline.plus(Duration.ofMinutes(2)));
        workload.clean(label);
        return ended.map(batch -> record(logs, workload.jobKey(job), week, executors, submitted, batch));
    }

    /** A finished batch as a run of the job: its times and cost from its event log in {@code logs}. */
    static HistoryRun record(EventLogs logs, String key, int week, int executors, Instant submitted, BatchView batch) {
        Optional<AppCost> cost = batch.appId().flatMap(app -> logs.cost(app, batch.succeeded()));
        boolean good = batch.succeeded() && cost.isPresent();
        String reason = batch.succeeded() ? cost.isPresent() ? null : "no event log in " + logs.dir() : batch.failure();
        return new HistoryRun(key, week, executors, batch.id(), batch.appId().orElse(null), submitted.toString(),
                cost.map(c -> Instant.ofEpochMilli(c.startMs()).toString()).orElse(null),
                cost.map(c -> Instant.ofEpochMilli(c.endMs()).toString()).orElse(null), good,
                cost.map(AppCost::executorSeconds).orElse(0.0), cost.map(c -> c.eventLog().toString()).orElse(null),
                reason);
    }

    /** Each job's profile from every history run the bench home has of it. */
    public static Map<String, JobProfile> profiles(Workload workload, List<String> jobs, BenchLedger ledger) {
        Map<String, JobProfile> profiles = new java.util.LinkedHashMap<>();
        jobs.forEach(job -> profiles.put(job, JobProfile.of(ledger.history(workload.jobKey(job)))));
        return profiles;
    }
}
