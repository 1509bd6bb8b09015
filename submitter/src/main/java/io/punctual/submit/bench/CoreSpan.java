package io.punctual.submit.bench;

import io.punctual.history.run.ExecutorSpan;
import io.punctual.history.run.RunRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * One executor's life in an event log, with its cores: the unit of issue 9's cost measure. An executor the log never
 * saw removed lives to the application's end; one whose cores the log does not give has the run's usual cores.
 */
public record CoreSpan(long fromMs, long toMs, int cores) {

    /** Its lifetime × cores, in core-seconds. */
    public double coreSeconds() {
        return Math.max(0, toMs - fromMs) / 1000.0 * cores;
    }

    /** Every executor of a run the history estimator's parser read. */
    public static List<CoreSpan> of(RunRecord run) {
        long end = run.endOrLastSeenMs();
        List<CoreSpan> spans = new ArrayList<>();
        for (ExecutorSpan executor : run.executors()) {
            int cores = executor.cores() > 0 ? executor.cores() : run.coresPerExecutor();
            spans.add(new CoreSpan(executor.addedMs(), executor.removedMs().orElse(end), cores));
        }
        return spans;
    }
}
