package io.punctual.history.model;

import io.punctual.history.RunFixtures;
import io.punctual.history.RunFixtures.Stage;
import io.punctual.history.run.ExecutorSpan;
import io.punctual.history.run.RunRecord;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;

/** Runs of one single-core-executor job recorded at a chosen executor count, for the executor-scaling tests. */
final class ScaledRuns {

    private ScaledRuns() {
    }

    /**
     * A run at {@code executors} one-core executors: {@code driverMs} of driver-only time (half before the job, half
     * after) and one stage of {@code tasks} tasks of {@code taskMs} each.
     */
    static RunRecord run(String appId, long startMs, int executors, long driverMs, int tasks, int taskMs) {
        int[] millis = new int[tasks];
        Arrays.fill(millis, taskMs);
        return withExecutors(RunFixtures.run(appId, startMs, driverMs / 2, (long) tasks * taskMs,
                driverMs - driverMs / 2, 1, 0, Stage.of(0, List.of(), millis)), executors);
    }

    /** {@code run} with {@code executors} executors of its shape, all alive from its start to its end. */
    static RunRecord withExecutors(RunRecord run, int executors) {
        List<ExecutorSpan> spans = new ArrayList<>();
        for (int i = 1; i <= executors; i++) {
            spans.add(new ExecutorSpan(Integer.toString(i), run.startMs(), OptionalLong.empty(), run.coresPerExecutor()));
        }
        return new RunRecord(run.id(), run.jobKey(), run.appName(), run.sparkVersion(), run.user(), run.startMs(),
                run.endMs(), run.coresPerExecutor(), run.taskCpus(), spans, run.jobs(), run.stages(), run.totals(),
                run.integrity(), run.excludedReason(), run.source());
    }
}
