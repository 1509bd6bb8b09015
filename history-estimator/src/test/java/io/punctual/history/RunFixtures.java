package io.punctual.history;

import io.punctual.sizing.JobKey;
import io.punctual.history.run.ExecutorSpan;
import io.punctual.history.run.JobRun;
import io.punctual.history.run.LogIntegrity;
import io.punctual.history.run.RunRecord;
import io.punctual.history.run.RunTotals;
import io.punctual.history.run.SourceInfo;
import io.punctual.history.run.StageRun;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import io.punctual.history.run.RunId;

/** Hand-made runs for model tests: one job, its stages, driver time before and after it. */
public final class RunFixtures {

    public static final JobKey KEY = new JobKey("analytics", "daily-report");

    private RunFixtures() {
    }

    /** A stage: its id, its parents, its task durations in ms. */
    public record Stage(int id, List<Integer> parents, int[] taskMillis) {
        public static Stage of(int id, List<Integer> parents, int... taskMillis) {
            return new Stage(id, parents, taskMillis);
        }
    }

    /**
     * A finished run that starts at {@code startMs}, idles {@code driverBeforeMs} in the driver, runs one job of
     * {@code jobMs} holding {@code stages}, and idles {@code driverAfterMs} before it ends.
     */
    public static RunRecord run(String appId, long startMs, long driverBeforeMs, long jobMs, long driverAfterMs,
                                int coresPerExecutor, long inputBytes, Stage... stages) {
        long jobStart = startMs + driverBeforeMs;
        long jobEnd = jobStart + jobMs;
        long end = jobEnd + driverAfterMs;
        List<StageRun> stageRuns = new ArrayList<>();
        long tasks = 0;
        long taskTime = 0;
        for (Stage s : stages) {
            long sum = Arrays.stream(s.taskMillis()).asLongStream().sum();
            tasks += s.taskMillis().length;
            taskTime += sum;
            stageRuns.add(new StageRun(s.id(), "stage " + s.id(), s.taskMillis().length, 1, s.parents(),
                    s.taskMillis(), 0, jobStart, jobEnd));
        }
        List<Integer> ids = Arrays.stream(stages).map(Stage::id).toList();
        return new RunRecord(RunId.of(appId, null), KEY, "daily-report", Optional.of("3.5.6"), "alice", startMs,
                OptionalLong.of(end), coresPerExecutor, 1,
                List.of(new ExecutorSpan("1", startMs, OptionalLong.empty(), coresPerExecutor)),
                List.of(new JobRun(0, jobStart, jobEnd, ids, true)), stageRuns,
                new RunTotals(tasks, 0, taskTime, inputBytes, 0, 0),
                new LogIntegrity(true, 0, 0, false, 0, List.of()), Optional.empty(),
                new SourceInfo("file:/logs/" + appId, 1, startMs, "test:" + appId));
    }
}
