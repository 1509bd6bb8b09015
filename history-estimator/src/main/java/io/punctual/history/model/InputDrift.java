package io.punctual.history.model;

import io.punctual.history.run.RunRecord;

import java.util.Comparator;
import java.util.List;

/**
 * Corrects recorded runs for the input they read, so a job whose input grows is predicted at today's size:
 * each run's task durations are scaled by {@code (reference / its input)^elasticity}. The elasticity is the
 * least-squares slope of log(task time) on log(input bytes) over the training runs, clamped to [0, 1], when at
 * least four runs read input spanning at least 20%; otherwise it is 1 (time proportional to input) when the
 * logs show input, and 0 when they do not. The reference is the latest run's input unless the caller knows the
 * next run's. Factors are clamped to [0.1, 10] so a freak run cannot blow the curve up.
 */
public record InputDrift(double elasticity, long referenceInputBytes, String method) {

    private static final int MIN_RUNS_TO_FIT = 4;
    private static final double MIN_SPREAD = Math.log(1.2);

    public static final InputDrift NONE = new InputDrift(0, 0, "none: the logs show no input bytes");

    public InputDrift {
        if (elasticity < 0 || elasticity > 1 || Double.isNaN(elasticity)) {
            throw new IllegalArgumentException("input elasticity must lie in [0, 1], got " + elasticity);
        }
    }

    /** The multiplier for a run that read {@code runInputBytes}. */
    public double factor(long runInputBytes) {
        if (elasticity == 0 || runInputBytes <= 0 || referenceInputBytes <= 0) {
            return 1.0;
        }
        double factor = Math.pow((double) referenceInputBytes / runInputBytes, elasticity);
        return Math.max(0.1, Math.min(10, factor));
    }

    public InputDrift withReference(long inputBytes) {
        if (inputBytes < 0) {
            throw new IllegalArgumentException("expected input cannot be negative, got " + inputBytes + " bytes");
        }
        return new InputDrift(elasticity, inputBytes, method);
    }

    static InputDrift fit(List<RunRecord> runs) {
        List<RunRecord> withInput = runs.stream()
                .filter(r -> r.totals().inputBytes() > 0 && r.totals().taskTimeMs() > 0).toList();
        if (withInput.isEmpty()) {
            return NONE;
        }
        long reference = runs.stream().max(Comparator.comparingLong(RunRecord::startMs))
                .map(r -> r.totals().inputBytes()).orElse(0L);
        double minX = Double.MAX_VALUE;
        double maxX = -Double.MAX_VALUE;
        for (RunRecord r : withInput) {
            double x = Math.log(r.totals().inputBytes());
            minX = Math.min(minX, x);
            maxX = Math.max(maxX, x);
        }
        if (withInput.size() < MIN_RUNS_TO_FIT || maxX - minX < MIN_SPREAD) {
            return new InputDrift(1, reference, "proportional: too few runs with varying input to fit an elasticity");
        }
        double slope = slope(withInput);
        return new InputDrift(Math.max(0, Math.min(1, slope)), reference,
                String.format("fitted over %d runs (raw slope %.2f)", withInput.size(), slope));
    }

    private static double slope(List<RunRecord> runs) {
        double n = runs.size();
        double sx = 0;
        double sy = 0;
        double sxx = 0;
        double sxy = 0;
        for (RunRecord r : runs) {
            double x = Math.log(r.totals().inputBytes());
            double y = Math.log(r.totals().taskTimeMs());
            sx += x;
            sy += y;
            sxx += x * x;
            sxy += x * y;
        }
        double denominator = n * sxx - sx * sx;
        return denominator == 0 ? 1 : (n * sxy - sx * sy) / denominator;
    }
}
