package io.punctual.history.run;

import java.util.List;

/**
 * One Spark job: the interval it was active (submission to end, or its tasks' span when the log lacks those
 * times) and the stages it listed, in the order Spark listed them.
 */
public record JobRun(int jobId, long startMs, long endMs, List<Integer> stageIds, boolean succeeded) {

    public JobRun {
        stageIds = List.copyOf(stageIds);
        if (endMs < startMs) {
            throw new IllegalArgumentException("job " + jobId + " ends (" + endMs + ") before it starts (" + startMs + ")");
        }
    }
}
