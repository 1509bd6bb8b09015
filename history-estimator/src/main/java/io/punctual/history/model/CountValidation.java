package io.punctual.history.model;

import io.punctual.history.run.RunId;
import io.punctual.sizing.JobKey;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What leave-one-count-out cross-validation found for one job: every candidate's score, the winner, how often the
 * held-out runs finished under the predicted p90, and what the runs leave unknown.
 *
 * @param scores            one per candidate, the baseline first
 * @param winner            the chosen candidate's name: the lowest median error, the baseline on ties
 * @param counts            distinct executor counts among the usable runs
 * @param rawCoverage       share of held-out runs under the winner's own p90 (its training runs' spread); empty
 *                          without trials
 * @param calibratedCoverage share under the p90 corrected by the other counts' held-out errors; empty when too few
 * @param doubts            what the runs cannot tell, each a sentence saying what was done about it
 */
public record CountValidation(JobKey jobKey, List<Score> scores, String winner, int counts,
                              OptionalDouble rawCoverage, OptionalDouble calibratedCoverage, List<String> doubts) {

    /** The quantile whose coverage is measured and reported: the p90 sizing uses by default. */
    public static final double COVERED = 0.9;

    public CountValidation {
        scores = List.copyOf(scores);
        doubts = List.copyOf(doubts);
    }

    /** One held-out run: its wall time, the median predicted for it, and the model's own p90 for it. */
    public record Trial(RunId runId, int executors, double actualSeconds, double predictedSeconds,
                        double predictedP90) {
        public double relativeError() {
            return Math.abs(predictedSeconds - actualSeconds) / actualSeconds;
        }
    }

    /**
     * @param unfit why the model could not predict some held-out count (it is then not eligible to win)
     */
    public record Score(String model, List<Trial> trials, Optional<String> unfit) implements RelativeErrors {
        public Score {
            trials = List.copyOf(trials);
        }

        @Override
        public java.util.stream.DoubleStream relativeErrors() {
            return trials.stream().mapToDouble(Trial::relativeError);
        }
    }

    public Score score(String model) {
        return scores.stream().filter(s -> s.model().equals(model)).findFirst().orElseThrow();
    }

    public Score winning() {
        return score(winner);
    }

    public Score baseline() {
        return score(RuntimeDistribution.NAME);
    }

    /** Whether any count was predicted from the others: with one count there is nothing to cross-validate. */
    public boolean validated() {
        return counts >= 2 && !winning().trials().isEmpty();
    }

    /** One line: winner, its error next to the baseline's, coverage. */
    public String summary() {
        if (!validated()) {
            return "not cross-validated (" + counts + " executor count" + (counts == 1 ? "" : "s")
                    + "): baseline, bounded";
        }
        return String.format(Locale.ROOT, "%s won leave-one-count-out: median error %s (baseline %s), p90 coverage %s"
                        + " raw, %s calibrated", winner, percent(winning().medianError()),
                percent(baseline().medianError()), share(rawCoverage), share(calibratedCoverage));
    }

    public static String percent(double error) {
        return Double.isNaN(error) ? "n/a" : String.format(Locale.ROOT, "%.1f%%", 100 * error);
    }

    private static String share(OptionalDouble value) {
        return value.isPresent() ? String.format(Locale.ROOT, "%.2f", value.getAsDouble()) : "n/a";
    }
}
