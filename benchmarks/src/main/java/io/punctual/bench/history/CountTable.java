package io.punctual.bench.history;

import io.punctual.history.model.CountValidation;
import io.punctual.history.model.CurveOutcome;
import io.punctual.history.model.LeaveOneOut;
import io.punctual.history.model.ModelSettings;
import io.punctual.history.model.ReplayCache;
import io.punctual.history.model.RuntimeModels;
import io.punctual.history.model.TrainingOutcome;
import io.punctual.history.model.ValidatedCurve;
import io.punctual.history.run.RunRecord;
import io.punctual.sizing.JobKey;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * A leave-one-count-out result as Markdown: every candidate's error with the naive baseline in the same table, then
 * per held-out count the actual median next to what the winner and the baseline predicted from the other counts.
 */
final class CountTable {

    private CountTable() {
    }

    /** Leave-one-count-out over a job's stored runs, as {@code history show} and sizing see it. */
    static Optional<CountValidation> of(JobKey key, List<RunRecord> runs) {
        if (!(RuntimeModels.train(key, runs, ModelSettings.DEFAULT) instanceof TrainingOutcome.Trained trained)) {
            return Optional.empty();
        }
        List<RunRecord> trainable = runs.stream().filter(r -> r.jobKey().equals(key) && r.trainable()).toList();
        CurveOutcome outcome = ValidatedCurve.choose(key, trainable, trained.model(), ModelSettings.DEFAULT,
                new ReplayCache(64));
        return outcome instanceof CurveOutcome.Chosen chosen ? Optional.of(chosen.curve().validation())
                : Optional.empty();
    }

    /** One row of the summary table: leave-one-run-out next to leave-one-count-out and its baseline. */
    static String summaryRow(String workload, LeaveOneOut.Result looRun, Optional<CountValidation> loco) {
        if (loco.isEmpty() || !loco.get().validated()) {
            return String.format(Locale.ROOT, "| %s | %.1f%% | n/a | n/a | n/a | n/a |%n", workload,
                    100 * looRun.medianError());
        }
        CountValidation v = loco.get();
        return String.format(Locale.ROOT, "| %s | %.1f%% | %s: %s | %s | %s | %s |%n", workload,
                100 * looRun.medianError(), v.winner(), CountValidation.percent(v.winning().medianError()),
                CountValidation.percent(v.baseline().medianError()), share(v.rawCoverage()),
                share(v.calibratedCoverage()));
    }

    static final String SUMMARY_HEADER = "| workload | leave-one-run-out median error (replay) | leave-one-count-out"
            + " median error (chosen) | leave-one-count-out median error (baseline: runs' median, executors ignored)"
            + " | p90 coverage, model's own | p90 coverage, calibrated |\n|---|---|---|---|---|---|\n";

    private static String share(OptionalDouble value) {
        return value.isPresent() ? String.format(Locale.ROOT, "%.2f", value.getAsDouble()) : "n/a";
    }

    static String markdown(CountValidation v) {
        StringBuilder out = new StringBuilder("Leave-one-count-out: " + v.summary() + ".\n\n");
        out.append("| model | median error | p90 error | held-out runs | |\n|---|---|---|---|---|\n");
        for (CountValidation.Score s : v.scores()) {
            out.append(String.format(Locale.ROOT, "| %s | %s | %s | %d | %s |%n", s.model(),
                    CountValidation.percent(s.medianError()), CountValidation.percent(s.p90Error()), s.trials().size(),
                    s.unfit().orElse(s.model().equals(v.winner()) ? "**chosen**" : "")));
        }
        if (v.validated()) {
            out.append("\n| held-out count | actual median s | ").append(v.winner())
                    .append(" predicted s | baseline predicted s |\n|---|---|---|---|\n");
            Map<Integer, List<CountValidation.Trial>> won = byCount(v.winning().trials());
            Map<Integer, List<CountValidation.Trial>> naive = byCount(v.baseline().trials());
            won.forEach((count, trials) -> out.append(String.format(Locale.ROOT, "| %d | %.1f | %.1f | %.1f |%n",
                    count, median(trials), trials.get(0).predictedSeconds(), naive.get(count).get(0)
                            .predictedSeconds())));
        }
        v.doubts().forEach(d -> out.append("\nNote: ").append(d).append('\n'));
        return out.append('\n').toString();
    }

    private static Map<Integer, List<CountValidation.Trial>> byCount(List<CountValidation.Trial> trials) {
        return trials.stream().collect(Collectors.groupingBy(CountValidation.Trial::executors, TreeMap::new,
                Collectors.toList()));
    }

    private static double median(List<CountValidation.Trial> trials) {
        double[] actual = trials.stream().mapToDouble(CountValidation.Trial::actualSeconds).sorted().toArray();
        int n = actual.length;
        return n % 2 == 1 ? actual[n / 2] : (actual[n / 2 - 1] + actual[n / 2]) / 2;
    }
}
