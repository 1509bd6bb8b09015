package io.punctual.history.model;

import io.punctual.history.run.RunRecord;
import io.punctual.sizing.JobKey;
import io.punctual.sizing.RuntimeCurve;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * The runtime curve sizing uses: the candidate that won leave-one-count-out cross-validation
 * ({@link CountCrossValidation}), fitted to all usable runs, with bounded extrapolation and a calibrated spread.
 * <ul>
 *   <li>Above the most executors any run had (counting at most the widest stage's worth), no further speed-up is
 *       assumed; below the fewest, no more than a proportional slow-down (a run at m executors taking T takes at
 *       most T·m/n at n), and exactly that when every run had the same count — the safe side for a deadline, since
 *       sizing looks for the fewest executors that suffice. Both are flagged in {@link #caveat}.</li>
 *   <li>Quantiles other than the median are conformal (held-out ratios actual / predicted, {@link ConformalSpread})
 *       when cross-validation held out enough runs, else the winner's own in-sample spread.</li>
 * </ul>
 * Driver-only time and the useful executor count come from the DAG replay, which knows the stages.
 */
public final class ValidatedCurve implements RuntimeCurve {

    private final CountValidation validation;
    private final CountModel.CountFit fit;
    private final RuntimeModel replay;
    private final int fewest;
    private final int most;
    private final double[] ratios;

    private ValidatedCurve(CountValidation validation, CountModel.CountFit fit, RuntimeModel replay, int fewest,
                           int most) {
        this.validation = validation;
        this.fit = fit;
        this.replay = replay;
        this.fewest = fewest;
        this.most = most;
        this.ratios = validation.winning().trials().stream()
                .mapToDouble(t -> t.actualSeconds() / t.predictedSeconds()).sorted().toArray();
    }

    /** Cross-validates the candidates over the job's trainable runs and fits the winner to all usable ones. */
    public static CurveOutcome choose(JobKey jobKey, List<RunRecord> trainable, RuntimeModel replay,
                                      ModelSettings settings, ReplayCache cache) {
        RunScreen.Screened screened = RunScreen.of(trainable);
        if (screened.usable().isEmpty()) {
            return new CurveOutcome.NoCurve(jobKey, "no run of " + jobKey + " can say how long it takes: "
                    + String.join("; ", screened.doubts()));
        }
        List<CountModel> candidates = CountCrossValidation.candidates(jobKey, settings, cache);
        CountValidation validation = CountCrossValidation.evaluate(jobKey, screened.usable(), candidates,
                screened.doubts());
        CountModel winner = candidates.stream().filter(c -> c.name().equals(validation.winner())).findFirst()
                .orElseThrow();
        var fitted = winner.fit(screened.usable())
                .or(() -> new RuntimeDistribution().fit(screened.usable())).orElseThrow();
        // executors beyond the widest stage did no work, so a run with more counts as one at the useful maximum
        int useful = replay.maxUsefulExecutors();
        int fewest = Math.min(useful, screened.usable().stream().mapToInt(RunRecord::executorsMax).min().orElseThrow());
        int most = Math.min(useful, screened.usable().stream().mapToInt(RunRecord::executorsMax).max().orElseThrow());
        return new CurveOutcome.Chosen(new ValidatedCurve(validation, fitted, replay, fewest, most));
    }

    public CountValidation validation() {
        return validation;
    }

    /** The DAG replay model behind the driver-only time, the widest stage and the demand samples. */
    public RuntimeModel replay() {
        return replay;
    }

    @Override
    public double wallSeconds(int executors, double quantile) {
        Quantiles.checkQuantile(quantile);
        double median = boundedMedian(executors);
        if (quantile == 0.5) {
            return median;
        }
        OptionalDouble conformal = ConformalSpread.factor(ratios, quantile);
        if (conformal.isPresent()) {
            return median * conformal.getAsDouble();
        }
        int inside = Math.max(fewest, Math.min(most, executors));
        return median * fit.quantileSeconds(inside, quantile) / fit.medianSeconds(inside);
    }

    private double boundedMedian(int executors) {
        if (executors < 1) {
            throw new IllegalArgumentException("a prediction needs at least one executor, got " + executors);
        }
        return fit.boundedMedian(executors, fewest, most);
    }

    /** p50 / p90 / p95 / p99 of the wall time at {@code executors}. */
    public WallTimeQuantiles predict(int executors) {
        return new WallTimeQuantiles(executors, wallSeconds(executors, 0.5), wallSeconds(executors, 0.9),
                wallSeconds(executors, 0.95), wallSeconds(executors, 0.99));
    }

    /** What the prediction at {@code executors} assumes beyond the runs, or empty inside their range. */
    public java.util.Optional<String> caveat(int executors) {
        if (executors > most) {
            return java.util.Optional.of("no run above " + most + " useful executors: assuming no further speed-up");
        }
        if (executors < fewest) {
            return java.util.Optional.of("no run below " + fewest + " useful executors: " + (fewest == most
                    ? "assuming the work slows in proportion" : "extrapolating, at most a proportional slow-down")
                    + " (x" + fewest + "/" + executors + ")");
        }
        return java.util.Optional.empty();
    }

    @Override
    public String assurance(int executors) {
        List<String> parts = new ArrayList<>();
        parts.add(validation.summary());
        caveat(executors).ifPresent(parts::add);
        parts.addAll(validation.doubts());
        return String.join("; ", parts);
    }

    @Override
    public double driverSeconds(int executors) {
        return replay.driverSeconds(executors);
    }

    @Override
    public int maxUsefulExecutors() {
        return replay.maxUsefulExecutors();
    }
}
