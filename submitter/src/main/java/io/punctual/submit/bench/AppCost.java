package io.punctual.submit.bench;

import io.punctual.history.run.ExecutorSpan;
import io.punctual.history.run.RunRecord;
import java.nio.file.Path;

/**
 * What one application cost, as its event log tells it (issue 9's cost measure): executor-seconds are the sum over
 * its executors of lifetime × cores, an executor the log never saw removed living to the application's end.
 *
 * @param startMs   the application's start, in the log
 * @param endMs     its end (or when it was last seen doing something)
 * @param executors the most executors alive at once
 */
public record AppCost(Path eventLog, long startMs, long endMs, int executors, double executorSeconds) {

    /** The cost of a run the history estimator's parser read from {@code eventLog}. */
    public static AppCost of(RunRecord run, Path eventLog) {
        long end = run.endOrLastSeenMs();
        double seconds = 0;
        for (ExecutorSpan span : run.executors()) {
            long removed = span.removedMs().orElse(end);
            int cores = span.cores() > 0 ? span.cores() : run.coresPerExecutor();
            seconds += Math.max(0, removed - span.addedMs()) / 1000.0 * cores;
        }
        return new AppCost(eventLog, run.startMs(), end, run.executorsMax(), seconds);
    }

    /** The application's own time, start to end. */
    public double runSeconds() {
        return (endMs - startMs) / 1000.0;
    }
}
