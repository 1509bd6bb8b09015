package io.punctual.history.eventlog;

import io.punctual.history.run.DeadlineAsk;
import io.punctual.history.run.JobKeyResolver;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * The mutable state of one run while its log streams past: only the facts the model needs, never the events.
 * {@link RunFinisher} turns it into a {@code RunRecord}.
 */
final class RunAssembler {

    static final class ExecutorState {
        final String id;
        final long addedMs;
        final int cores;
        OptionalLong removedMs = OptionalLong.empty();

        ExecutorState(String id, long addedMs, int cores) {
            this.id = id;
            this.addedMs = addedMs;
            this.cores = cores;
        }
    }

    static final class JobState {
        final int jobId;
        long submitMs = -1;
        long endMs = -1;
        List<Integer> stageIds = List.of();
        boolean ended;
        boolean succeeded;

        JobState(int jobId) {
            this.jobId = jobId;
        }
    }

    String sparkVersion;
    boolean started;
    String appName;
    String appId;
    String attemptId;
    String user;
    long startMs = -1;
    long endMs = -1;
    final Map<String, String> properties = new HashMap<>();
    String javaCommand;
    boolean compacted;

    final Map<String, ExecutorState> executors = new LinkedHashMap<>();
    final TreeMap<Integer, JobState> jobs = new TreeMap<>();
    final TreeMap<Integer, StageState> stages = new TreeMap<>();

    long tasks;
    long failedTasks;
    long taskTimeMs;
    long inputBytes;
    long shuffleReadBytes;
    long shuffleWriteBytes;

    long lines;
    long corruptLines;
    final List<Long> corruptLineNumbers = new ArrayList<>();
    boolean truncatedTail;
    long unknownEvents;
    final List<String> notes = new ArrayList<>();
    /** Parts of a rolling log that should exist and do not: a loss like a dropped event. */
    final List<String> missingParts = new ArrayList<>();

    /** The last stage touched: task events come in runs of the same stage, so most lookups end here. */
    private StageState lastStage;

    StageState stage(int stageId) {
        StageState last = lastStage;
        if (last != null && last.stageId == stageId) {
            return last;
        }
        lastStage = stages.computeIfAbsent(stageId, StageState::new);
        return lastStage;
    }

    JobState job(int jobId) {
        return jobs.computeIfAbsent(jobId, JobState::new);
    }

    /** Keeps only the Spark properties someone reads: the job key's, the team's, and the executor shape. */
    static boolean keepsProperty(String key) {
        return JobKeyResolver.reads(key) || DeadlineAsk.reads(key) || key.equals("spark.executor.cores") || key.equals("spark.task.cpus")
                || key.equals("spark.master") || key.equals("spark.app.name")
                || key.equals("spark.executor.instances");
    }

    void corruptLine(long lineNumber) {
        corruptLines++;
        if (corruptLineNumbers.size() < 5) {
            corruptLineNumbers.add(lineNumber);
        }
    }

    /** One task end: the totals count every one; replay durations skip "Resubmitted" (a repeat of a success). */
    void taskEnded(TaskEndEvent e) {
        tasks++;
        long duration = e.finishMs - e.launchMs;
        taskTimeMs += duration;
        inputBytes += e.inputBytes;
        shuffleReadBytes += e.shuffleReadBytes;
        shuffleWriteBytes += e.shuffleWriteBytes;
        boolean success = "Success".equals(e.reason) || (e.reason == null && !e.failedFlag && !e.killedFlag);
        if (!success) {
            failedTasks++;
        }
        StageState stage = stage(e.stageId);
        StageState.Attempt attempt = stage.attempt(e.stageAttemptId);
        attempt.ends++;
        if (success && e.index >= 0) {
            attempt.succeededIndices.set(e.index);
        }
        if ("Resubmitted".equals(e.reason)) {
            return;
        }
        if (!success) {
            stage.failedTasks++;
        }
        stage.taskMillis.add((int) Math.max(0, Math.min(Integer.MAX_VALUE, duration)));
        if (e.launchMs > 0) {
            stage.firstLaunchMs = Math.min(stage.firstLaunchMs, e.launchMs);
        }
        stage.lastFinishMs = Math.max(stage.lastFinishMs, e.finishMs);
    }
}
