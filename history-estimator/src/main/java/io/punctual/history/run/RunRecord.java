package io.punctual.history.run;

import io.punctual.sizing.JobKey;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Everything Punctual keeps about one application attempt: the facts sizing needs (DESIGN.md §1, issue 3 item 3).
 * A run with an {@code excludedReason} is stored and shown but kept out of training.
 *
 * @param sparkVersion      empty for logs older than Spark 1.3, which did not record it
 * @param coresPerExecutor  cores of one executor (spark.executor.cores, else the executors' own report)
 * @param taskCpus          spark.task.cpus: cores one task holds
 * @param asked             the deadline and confidence Punctual submitted the run with, when it did
 */
public record RunRecord(RunId id, JobKey jobKey, String appName, Optional<String> sparkVersion, String user,
                        long startMs, OptionalLong endMs, int coresPerExecutor, int taskCpus,
                        List<ExecutorSpan> executors, List<JobRun> jobs, List<StageRun> stages, RunTotals totals,
                        LogIntegrity integrity, Optional<String> excludedReason, SourceInfo source,
                        Optional<DeadlineAsk> asked) {

    /** A run submitted without a deadline Punctual knows of. */
    public RunRecord(RunId id, JobKey jobKey, String appName, Optional<String> sparkVersion, String user,
                     long startMs, OptionalLong endMs, int coresPerExecutor, int taskCpus,
                     List<ExecutorSpan> executors, List<JobRun> jobs, List<StageRun> stages, RunTotals totals,
                     LogIntegrity integrity, Optional<String> excludedReason, SourceInfo source) {
        this(id, jobKey, appName, sparkVersion, user, startMs, endMs, coresPerExecutor, taskCpus, executors, jobs,
                stages, totals, integrity, excludedReason, source, Optional.empty());
    }

    public RunRecord {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(jobKey, "jobKey");
        Objects.requireNonNull(asked, "asked");
        executors = List.copyOf(executors);
        jobs = List.copyOf(jobs);
        stages = List.copyOf(stages);
        if (coresPerExecutor < 1 || taskCpus < 1) {
            throw new IllegalArgumentException("run " + id + ": cores per executor (" + coresPerExecutor
                    + ") and cores per task (" + taskCpus + ") must be at least 1");
        }
    }

    /** The same run, read from another place (a History Server hands out the log under a different name). */
    public RunRecord withSource(SourceInfo newSource) {
        return new RunRecord(id, jobKey, appName, sparkVersion, user, startMs, endMs, coresPerExecutor, taskCpus,
                executors, jobs, stages, totals, integrity, excludedReason, newSource, asked);
    }

    /** The same run filed under another job key (a key rule changed since it was stored). */
    public RunRecord withJobKey(JobKey newKey) {
        return new RunRecord(id, newKey, appName, sparkVersion, user, startMs, endMs, coresPerExecutor, taskCpus,
                executors, jobs, stages, totals, integrity, excludedReason, source, asked);
    }

    /** Whether the run ended by the deadline it was asked to meet; empty without a deadline or an end. */
    public Optional<Boolean> metDeadline() {
        return asked.filter(a -> endMs.isPresent()).map(a -> endMs.getAsLong() <= a.deadlineMs());
    }

    public boolean trainable() {
        return excludedReason.isEmpty();
    }

    /** Application end − application start; empty when the log has no application end. */
    public OptionalLong wallTimeMs() {
        return endMs.isPresent() ? OptionalLong.of(endMs.getAsLong() - startMs) : OptionalLong.empty();
    }

    /** The end, or when the run was last seen doing something (for runs whose end is missing). */
    public long endOrLastSeenMs() {
        if (endMs.isPresent()) {
            return endMs.getAsLong();
        }
        long last = startMs;
        for (StageRun stage : stages) {
            last = Math.max(last, stage.lastFinishMs());
        }
        for (JobRun job : jobs) {
            last = Math.max(last, job.endMs());
        }
        return last;
    }

    /** Tasks the widest stage could run at once: the run's max useful parallelism, in tasks. */
    public int maxStageTasks() {
        return stages.stream().mapToInt(StageRun::numTasks).max().orElse(0);
    }

    /** The most executors alive at the same time (the driver counts when it is the executor, in local mode). */
    public int executorsMax() {
        List<long[]> changes = new ArrayList<>();
        for (ExecutorSpan span : executors) {
            changes.add(new long[] {span.addedMs(), +1});
            span.removedMs().ifPresent(t -> changes.add(new long[] {t, -1}));
        }
        // at equal times, removals first: an executor replaced in the same millisecond is not two at once
        changes.sort(Comparator.<long[]>comparingLong(c -> c[0]).thenComparingLong(c -> c[1]));
        int alive = 0;
        int max = 0;
        for (long[] change : changes) {
            alive += (int) change[1];
            max = Math.max(max, alive);
        }
        return max;
    }

    /**
     * Time no job was active: start-up, driver-side work between jobs, shutdown. It does not shrink with more
     * executors, so the runtime curve adds it as it is.
     */
    public long driverOnlyMs() {
        long start = startMs;
        long end = endOrLastSeenMs();
        List<long[]> busy = new ArrayList<>();
        if (!jobs.isEmpty()) {
            jobs.forEach(j -> busy.add(new long[] {j.startMs(), j.endMs()}));
        } else {
            stages.stream().filter(StageRun::ranTasks).forEach(s -> busy.add(new long[] {s.firstLaunchMs(), s.lastFinishMs()}));
        }
        busy.sort(Comparator.comparingLong(b -> b[0]));
        long covered = 0;
        long reach = start;
        for (long[] interval : busy) {
            long from = Math.max(interval[0], reach);
            long to = Math.min(interval[1], end);
            if (to > from) {
                covered += to - from;
                reach = to;
            }
        }
        return Math.max(0, end - start - covered);
    }
}
