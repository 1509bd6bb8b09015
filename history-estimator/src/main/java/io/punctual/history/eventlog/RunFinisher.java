package io.punctual.history.eventlog;

import io.punctual.sizing.JobKey;
import io.punctual.history.run.RunId;
import io.punctual.history.run.ExecutorShape;
import io.punctual.history.run.ExecutorSpan;
import io.punctual.history.run.DeadlineAsk;
import io.punctual.history.run.JobKeyResolver;
import io.punctual.history.run.JobRun;
import io.punctual.history.run.LogIntegrity;
import io.punctual.history.run.ReadOutcome;
import io.punctual.history.run.RunRecord;
import io.punctual.history.run.RunTotals;
import io.punctual.history.run.SourceInfo;
import io.punctual.history.run.StageRun;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/** Turns what the parser gathered into a {@link RunRecord}, deciding whether the run may train a model. */
final class RunFinisher {

    private RunFinisher() {
    }

    static ReadOutcome finish(RunAssembler a, SourceInfo source, String fallbackAppId) {
        if (!a.started) {
            String why = a.lines == 0 ? "empty: no events" : "not a Spark event log: no SparkListenerApplicationStart in "
                    + a.lines + " lines" + (a.corruptLines > 0 ? " (" + a.corruptLines + " of them not JSON)" : "");
            if (!a.notes.isEmpty()) {
                why += "; " + String.join("; ", a.notes);
            }
            return new ReadOutcome.Rejected(source.uri(), why);
        }
        String appId = a.appId != null && !a.appId.isBlank() ? a.appId : fallbackAppId;
        RunId id = RunId.of(appId, a.attemptId);
        String appName = a.appName != null ? a.appName : a.properties.getOrDefault("spark.app.name", "");
        JobKey key = JobKeyResolver.resolve(a.properties, appName, a.user, a.javaCommand);
        List<StageRun> stages = stages(a);
        List<String> problems = new ArrayList<>(a.missingParts);
        problems.addAll(LossCheck.problems(a));
        LogIntegrity integrity = new LogIntegrity(a.endMs >= 0, a.lines, a.corruptLines, a.truncatedTail,
                a.unknownEvents, notesAndProblems(a, problems));
        RunTotals totals = new RunTotals(a.tasks, a.failedTasks, a.taskTimeMs, a.inputBytes, a.shuffleReadBytes,
                a.shuffleWriteBytes);
        List<ExecutorSpan> executors = executors(a);
        RunRecord run = new RunRecord(id, key, appName, Optional.ofNullable(a.sparkVersion), nonNull(a.user),
                a.startMs, a.endMs >= 0 ? OptionalLong.of(a.endMs) : OptionalLong.empty(),
                ExecutorShape.coresPerExecutor(a.properties, executors), ExecutorShape.taskCpus(a.properties),
                executors, jobs(a, stages), stages, totals, integrity, exclusion(a, problems), source,
                DeadlineAsk.from(a.properties));
        return new ReadOutcome.Read(run);
    }

    /** Why the run stays out of training, most fundamental reason first; empty when it may train. */
    private static Optional<String> exclusion(RunAssembler a, List<String> problems) {
        if (a.endMs < 0) {
            return Optional.of("incomplete: no application end in the log (still running, or the driver died)");
        }
        if (a.sparkVersion == null || a.sparkVersion.startsWith("1.") || a.sparkVersion.startsWith("0.")) {
            String version = a.sparkVersion == null ? "no version recorded, so older than Spark 1.3"
                    : "version " + a.sparkVersion;
            return Optional.of("Spark 1.x log (" + version + "): it lacks stage parents and executor cores, "
                    + "so it cannot be replayed");
        }
        if (a.compacted) {
            return Optional.of("compacted rolling log: Spark's compaction dropped the task events of finished jobs");
        }
        if (!problems.isEmpty()) {
            String more = problems.size() > 1 ? " (and " + (problems.size() - 1) + " more)" : "";
            return Optional.of("lossy: " + problems.get(0) + more);
        }
        if (a.tasks == 0) {
            return Optional.of("no tasks ran: nothing to learn about executor demand");
        }
        return Optional.empty();
    }

    private static List<String> notesAndProblems(RunAssembler a, List<String> problems) {
        List<String> all = new ArrayList<>(problems);
        if (a.corruptLines > 0) {
            all.add(a.corruptLines + " corrupt line(s) skipped (line " + a.corruptLineNumbers + ")");
        }
        if (a.truncatedTail) {
            all.add("the last line is cut off");
        }
        all.addAll(a.notes);
        return all;
    }

    private static List<StageRun> stages(RunAssembler a) {
        List<StageRun> out = new ArrayList<>();
        for (StageState s : a.stages.values()) {
            if (!s.submitted() && s.taskMillis.size() == 0) {
                continue; // listed by a job but skipped: its output already existed
            }
            long first = s.firstLaunchMs == Long.MAX_VALUE ? 0 : s.firstLaunchMs;
            long last = s.lastFinishMs == Long.MIN_VALUE ? first : s.lastFinishMs;
            out.add(new StageRun(s.stageId, s.name, s.width(), s.attempts.size(),
                    s.parents == null ? List.of() : s.parents, s.taskMillis.toArray(), s.failedTasks, first, last));
        }
        return out;
    }

    private static List<JobRun> jobs(RunAssembler a, List<StageRun> stages) {
        Map<Integer, StageRun> byId = new HashMap<>();
        stages.forEach(s -> byId.put(s.stageId(), s));
        List<JobRun> out = new ArrayList<>();
        for (RunAssembler.JobState j : a.jobs.values()) {
            long first = Long.MAX_VALUE;
            long last = Long.MIN_VALUE;
            for (int stageId : j.stageIds) {
                StageRun s = byId.get(stageId);
                if (s != null && s.ranTasks()) {
                    first = Math.min(first, s.firstLaunchMs());
                    last = Math.max(last, s.lastFinishMs());
                }
            }
            long start = j.submitMs >= 0 ? j.submitMs : first;
            long end = j.endMs >= 0 ? j.endMs : last;
            if (start == Long.MAX_VALUE || end == Long.MIN_VALUE) {
                continue; // no time at all for this job: nothing to place it with
            }
            out.add(new JobRun(j.jobId, start, Math.max(start, end), j.stageIds, j.succeeded));
        }
        return out;
    }

    private static List<ExecutorSpan> executors(RunAssembler a) {
        List<ExecutorSpan> out = new ArrayList<>();
        a.executors.values().forEach(e -> out.add(new ExecutorSpan(e.id, e.addedMs, e.removedMs, e.cores)));
        return out;
    }

    private static String nonNull(String s) {
        return s == null ? "" : s;
    }
}
