package io.punctual.sizing.replan;

import java.util.Arrays;
import java.util.OptionalDouble;

/**
 * One stage of a running job as its event log shows it: how many tasks it has, the durations of those that finished
 * and the time the running ones have run so far. A stage not started yet has no durations; {@code expectedTaskSeconds}
 * (from the job's history) stands in for them until its first tasks finish.
 *
 * @param tasks               the stage's task count
 * @param finishedSeconds     durations of the finished tasks
 * @param runningElapsed      how long each running task has run
 * @param expectedTaskSeconds a task's duration when none has finished yet (history's, or the previous stage's)
 */
public record StageProgress(int tasks, double[] finishedSeconds, double[] runningElapsed, double expectedTaskSeconds) {

    public StageProgress {
        finishedSeconds = finishedSeconds.clone();
        runningElapsed = runningElapsed.clone();
        if (tasks < 1 || finishedSeconds.length + runningElapsed.length > tasks) {
            throw new IllegalArgumentException("a stage of " + tasks + " tasks cannot have " + finishedSeconds.length
                    + " finished and " + runningElapsed.length + " running");
        }
        if (!(expectedTaskSeconds > 0) || Double.isInfinite(expectedTaskSeconds)) {
            throw new IllegalArgumentException("a task's expected duration must be a positive number of seconds, got "
                    + expectedTaskSeconds);
        }
        for (double s : finishedSeconds) {
            requireSeconds(s);
        }
        for (double s : runningElapsed) {
            requireSeconds(s);
        }
    }

    /** A stage none of whose tasks has started. */
    public static StageProgress notStarted(int tasks, double expectedTaskSeconds) {
        return new StageProgress(tasks, new double[0], new double[0], expectedTaskSeconds);
    }

    /**
     * A task's expected duration in a stage none of whose tasks has finished, when a task of the latest stage with
     * finished tasks took {@code anchorSeconds}: after the job's first stage, {@code laterStageRatio} times as long
     * (what runs like it showed, {@code ParallelWorkPrior.laterStageRatio}: a reduce stage's tasks often take several
     * times a map stage's); after a later stage, or with no ratio learnt, as long as the anchor's.
     */
    public static double expectedAfter(double anchorSeconds, boolean anchorIsFirst, OptionalDouble laterStageRatio) {
        return anchorIsFirst && laterStageRatio.isPresent() && laterStageRatio.getAsDouble() > 0
                ? anchorSeconds * laterStageRatio.getAsDouble() : anchorSeconds;
    }

    /** Tasks neither finished nor running. */
    public int pending() {
        return tasks - finishedSeconds.length - runningElapsed.length;
    }

    public boolean done() {
        return finishedSeconds.length == tasks;
    }

    private static void requireSeconds(double s) {
        if (!(s >= 0) || Double.isInfinite(s)) {
            throw new IllegalArgumentException("task times must be finite seconds >= 0, got " + s);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StageProgress other && tasks == other.tasks
                && Arrays.equals(finishedSeconds, other.finishedSeconds)
                && Arrays.equals(runningElapsed, other.runningElapsed)
                && expectedTaskSeconds == other.expectedTaskSeconds;
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Integer.hashCode(tasks) + Arrays.hashCode(finishedSeconds)) + Arrays.hashCode(runningElapsed);
    }

    @Override
    public String toString() {
        return "StageProgress[tasks=" + tasks + ", finished=" + finishedSeconds.length + ", running="
                + runningElapsed.length + "]";
    }
}
