package io.punctual.history.eventlog;

import java.util.BitSet;
import java.util.List;
import java.util.TreeMap;

/** What the parser has seen of one stage so far, over all its attempts. */
final class StageState {

    /** One attempt of the stage: what it promised (its task count) against what the log delivered. */
    static final class Attempt {
        int numTasks = -1;
        boolean submitted;
        boolean completed;
        String failureReason;
        int starts;
        int ends;
        final BitSet succeededIndices = new BitSet();
    }

    final int stageId;
    String name = "";
    List<Integer> parents;
    final IntList taskMillis = new IntList();
    int failedTasks;
    long firstLaunchMs = Long.MAX_VALUE;
    long lastFinishMs = Long.MIN_VALUE;
    final TreeMap<Integer, Attempt> attempts = new TreeMap<>();

    StageState(int stageId) {
        this.stageId = stageId;
    }

    private int lastAttemptId = -1;
    private Attempt lastAttempt;

    Attempt attempt(int attemptId) {
        if (attemptId != lastAttemptId) {
            lastAttempt = attempts.computeIfAbsent(attemptId, a -> new Attempt());
            lastAttemptId = attemptId;
        }
        return lastAttempt;
    }

    /** Stage facts from a StageSubmitted event, or from a job's stage list (for stages the job then skipped). */
    void describe(int attemptId, String stageName, int numTasks, List<Integer> parentIds) {
        if (stageName != null && name.isEmpty()) {
            name = stageName;
        }
        if (numTasks >= 0) {
            attempt(attemptId).numTasks = numTasks;
        }
        if (parentIds != null && parents == null) {
            parents = parentIds;
        }
    }

    boolean submitted() {
        return attempts.values().stream().anyMatch(a -> a.submitted);
    }

    /** The stage's width: the task count of its first submitted attempt (retries run only the missing part). */
    int width() {
        for (Attempt attempt : attempts.values()) {
            if (attempt.submitted && attempt.numTasks >= 0) {
                return attempt.numTasks;
            }
        }
        int known = attempts.values().stream().mapToInt(a -> a.numTasks).max().orElse(-1);
        return known >= 0 ? known : taskMillis.size();
    }
}
