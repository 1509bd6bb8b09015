package io.punctual.bench.history;

import io.punctual.history.model.LeaveOneOut;

import java.util.Locale;

/** A leave-one-out result as a Markdown table: the median and p90 error, then one row per held-out run. */
final class AccuracyTable {

    private AccuracyTable() {
    }

    static String markdown(LeaveOneOut.Result result) {
        StringBuilder out = new StringBuilder(summary(result)).append("\n\n");
        out.append("| run | executors | actual s | predicted s | error |\n|---|---|---|---|---|\n");
        for (LeaveOneOut.Trial trial : result.trials()) {
            out.append(String.format(Locale.ROOT, "| %s | %d | %.1f | %.1f | %.1f%% |%n", trial.runId(),
                    trial.executors(), trial.actualSeconds(), trial.predictedSeconds(), 100 * trial.relativeError()));
        }
        return out.append('\n').toString();
    }

    static String summary(LeaveOneOut.Result result) {
        return String.format(Locale.ROOT, "**median error %.1f%%, p90 error %.1f%%** over %d runs",
                100 * result.medianError(), 100 * result.p90Error(), result.trials().size());
    }
}
