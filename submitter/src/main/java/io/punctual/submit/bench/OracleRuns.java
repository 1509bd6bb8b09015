package io.punctual.submit.bench;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The oracle under the week's load (issue 26, item 3). Idle history runs flatter every executor count: the oracle
 * they give is cheaper than any policy running beside the background could be. So, before the policies, each job is
 * run {@code runs} times at each of the history's executor counts, one run at a time, best-effort in the team's queue
 * beside the same background the policies get; the medians per count (with how many runs and their spread) are the
 * table the oracle takes the cheapest count that would have met a deadline from. The runs carry the job key suffix
 * {@code .oracle}, so Punctual does not learn from them.
 */
public final class OracleRuns {

    /** The job key suffix of these runs, which Punctual's learning keeps apart from the job's own runs. */
    static final String SUFFIX = ".oracle";

    private final BatchRunner runner;
    private final EventLogs logs;
    private final Progress progress;
    private final Clock clock;

    public OracleRuns(BatchRunner runner, EventLogs logs, Progress progress, Clock clock) {
        this.runner = runner;
        this.logs = logs;
        this.progress = progress;
        this.clock = clock;
    }

    /**
     * Each job's runs under load; empty when the bench was stopped meanwhile.
     *
     * @param limit how long one run may take before it is given up (it then counts as failed)
     */
    public Optional<Map<String, JobProfile>> measure(Workload workload, RunPlan plan, Duration limit) {
        List<Integer> counts = plan.historyExecutors().stream().distinct().sorted().toList();
        int total = plan.jobs().size() * counts.size() * plan.oracleRuns();
        int i = 0;
        Map<String, JobProfile> tables = new LinkedHashMap<>();
        for (String job : plan.jobs()) {
            List<HistoryRun> runs = new ArrayList<>();
            for (int executors : counts) {
                for (int n = 1; n <= plan.oracleRuns(); n++) {
                    if (runner.guard().stopping()) {
                        return Optional.empty();
                    }
                    progress.job("oracle", ++i, total, workload.name(job), "run " + n + " at " + executors
                            + " executor(s)");
                    Optional<HistoryRun> run = once(workload, job, n, executors, plan.executorCores(), limit);
                    if (run.isEmpty()) {
                        return Optional.empty();
                    }
                    runs.add(run.get());
                    progress.job("oracle", i, total, workload.name(job), run.get().succeeded()
                            ? String.format(Locale.ROOT, "%.1f s to run, %.1f executor-s", run.get().runSeconds(),
                            run.get().executorSeconds()) : "failed: " + run.get().reason());
                }
            }
            tables.put(job, JobProfile.of(runs));
        }
        return Optional.of(tables);
    }

    private Optional<HistoryRun> once(Workload workload, String job, int n, int executors, int cores,
                                      Duration limit) {
        String label = "oracle-" + executors + "-" + n + "-" + clock.millis();
        Instant submitted = clock.instant();
        BatchBody body = workload.body(job, label, SUFFIX, Optional.of(executors), cores, Map.of());
        BatchView started = runner.start(body);
        Optional<BatchView> ended = runner.awaitEnd(started.id(), limit);
        workload.clean(label);
        return ended.map(batch -> HistoryWeeks.record(logs, workload.jobKey(job) + SUFFIX, n, executors, submitted,
                batch));
    }
}
