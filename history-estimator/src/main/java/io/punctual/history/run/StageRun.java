package io.punctual.history.run;

import java.util.List;
import java.util.Objects;

/**
 * One stage of a run, all its attempts folded together: the task durations (Finish − Launch, in log order, every
 * task end including failed and killed ones, since each held a slot) and the parents that order it in the DAG.
 *
 * @param numTasks    tasks in the stage's first attempt (its width: the parallelism it could use)
 * @param parentIds   parent stages as the log recorded them; empty for Spark 1.x logs, which did not record them
 * @param taskMillis  one entry per task end; never negative. Shared, not copied: treat it as read-only.
 */
public record StageRun(int stageId, String name, int numTasks, int attempts, List<Integer> parentIds,
                       int[] taskMillis, int failedTasks, long firstLaunchMs, long lastFinishMs) {

    public StageRun {
        Objects.requireNonNull(name, "name");
        parentIds = List.copyOf(parentIds);
        Objects.requireNonNull(taskMillis, "taskMillis");
        if (numTasks < 0 || attempts < 0 || failedTasks < 0) {
            throw new IllegalArgumentException("stage " + stageId + ": counts cannot be negative");
        }
    }

    public long taskTimeMs() {
        long sum = 0;
        for (int ms : taskMillis) {
            sum += ms;
        }
        return sum;
    }

    public int maxTaskMs() {
        int max = 0;
        for (int ms : taskMillis) {
            max = Math.max(max, ms);
        }
        return max;
    }

    public boolean ranTasks() {
        return taskMillis.length > 0;
    }
}
