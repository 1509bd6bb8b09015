package io.punctual.submit.bench;

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
        double seconds = CoreSpan.of(run).stream().mapToDouble(CoreSpan::coreSeconds).sum();
        return new AppCost(eventLog, run.startMs(), run.endOrLastSeenMs(), run.executorsMax(), seconds);
    }

    /** The application's own time, start to end. */
    public double runSeconds() {
        return (endMs - startMs) / 1000.0;
    }
}
