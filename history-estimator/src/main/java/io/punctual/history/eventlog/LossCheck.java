package io.punctual.history.eventlog;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Finds events a log should hold but does not. Spark drops events when its listener queue overflows, and a log
 * cut short loses its tail; either way the task durations are no longer the whole story, so such a run must not
 * train a model. Checks, per stage attempt and per job:
 * <ul>
 *   <li>a stage attempt that completed without a failure reason must have a successful task end for each of its
 *       tasks;</li>
 *   <li>in a finished application every task start has its task end, every task end belongs to a submitted
 *       stage, and every submitted stage and started job was closed (Spark closes them all when it stops).</li>
 * </ul>
 */
final class LossCheck {

    private LossCheck() {
    }

    static List<String> problems(RunAssembler a) {
        List<String> problems = new ArrayList<>();
        boolean finished = a.endMs >= 0;
        for (StageState stage : a.stages.values()) {
            for (Map.Entry<Integer, StageState.Attempt> entry : stage.attempts.entrySet()) {
                String name = "stage " + stage.stageId + "." + entry.getKey();
                StageState.Attempt attempt = entry.getValue();
                checkAttempt(name, attempt, finished, problems);
            }
        }
        if (finished) {
            a.jobs.values().stream().filter(j -> !j.ended)
                    .forEach(j -> problems.add("job " + j.jobId + " started but never ended"));
        }
        return problems;
    }

    private static void checkAttempt(String name, StageState.Attempt attempt, boolean finished, List<String> problems) {
        int succeeded = attempt.succeededIndices.cardinality();
        if (attempt.completed && attempt.failureReason == null && attempt.numTasks > succeeded) {
            problems.add(name + " completed with " + attempt.numTasks + " tasks but only " + succeeded
                    + " successful task ends");
        }
        if (!finished) {
            return;
        }
        if (attempt.ends < attempt.starts) {
            problems.add(name + ": " + (attempt.starts - attempt.ends) + " task start(s) without a task end");
        }
        if (attempt.ends > 0 && !attempt.submitted && attempt.numTasks < 0) {
            problems.add(name + ": task ends for a stage that was never submitted");
        }
        if (attempt.submitted && !attempt.completed) {
            problems.add(name + " was submitted but never completed");
        }
    }
}
