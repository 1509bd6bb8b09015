package io.punctual.history.model;

import io.punctual.history.run.RunRecord;
import java.util.List;
import java.util.Optional;

/**
 * One way to predict a job's wall time at an executor count from its runs at other counts: a candidate that
 * leave-one-count-out cross-validation ({@link CountCrossValidation}) scores and chooses among.
 */
interface CountModel {

    /** A short name for reports: {@code replay}, {@code amdahl}, {@code power law}, {@code baseline}. */
    String name();

    /** The model fitted to {@code runs} (each with a wall time), or empty when these runs cannot support it. */
    Optional<CountFit> fit(List<RunRecord> runs);

    /**
     * A fitted model.
     *
     * @param median   predicted median wall seconds at an executor count
     * @param quantile the model's own estimate of a quantile at an executor count, from its training runs' spread
     */
    record CountFit(java.util.function.IntToDoubleFunction median, QuantileAt quantile) {

        double medianSeconds(int executors) {
            return median.applyAsDouble(executors);
        }

        /**
         * The median with extrapolation bounded. Above {@code most} executors: no faster than at {@code most}. Below
         * {@code fewest}: no slower than the run at {@code fewest} with its work spread over fewer executors (the
         * worst a work-conserving job can do), and exactly that when the runs had one count only, since then no
         * trend is known at all and the safe side for a deadline is the slow one.
         */
        double boundedMedian(int executors, int fewest, int most) {
            double own = medianSeconds(executors);
            if (executors > most) {
                return Math.max(own, medianSeconds(most));
            }
            if (executors < fewest) {
                double proportional = medianSeconds(fewest) * fewest / executors;
                return fewest == most ? proportional : Math.min(own, proportional);
            }
            return own;
        }

        double quantileSeconds(int executors, double q) {
            return quantile.seconds(executors, q);
        }
    }

    /** Wall seconds at an executor count and a quantile. */
    @FunctionalInterface
    interface QuantileAt {
        double seconds(int executors, double q);
    }

    /** Wall seconds of a run that has an end. */
    static double wallSeconds(RunRecord run) {
        return run.wallTimeMs().orElseThrow() / 1000.0;
    }

    /**
     * {@code fit(n) × the q-quantile of actual / fit(n)} over the training runs: the spread a curve without its own
     * distribution shows on the runs it was fitted to, normalised so q = 0.5 gives the curve itself.
     */
    static double inSampleQuantile(List<RunRecord> runs, java.util.function.IntToDoubleFunction fit, int executors,
                                   double q) {
        double[] ratios = runs.stream().mapToDouble(r -> wallSeconds(r) / fit.applyAsDouble(
                Math.max(1, r.executorsMax()))).sorted().toArray();
        return fit.applyAsDouble(executors) * Quantiles.nearestRank(ratios, q) / Quantiles.nearestRank(ratios, 0.5);
    }
}
