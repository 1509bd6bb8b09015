package io.punctual.sizing.rush;

import java.util.Optional;

/** Count, mean, unbiased variance and range of demand samples, after checking them for broken values. */
record SampleSummary(int count, double mean, double variance, double min, double max) {

    /** The first problem with {@code samples} for an estimator needing {@code minCount} of them, if any. */
    static Optional<DemandEstimate.Unusable> problemWith(double[] samples, int minCount, String estimator) {
        if (samples == null) {
            throw new IllegalArgumentException("samples must not be null; pass an empty array for a job without"
                    + " history");
        }
        if (samples.length == 0) {
            return Optional.of(new DemandEstimate.Unusable(DemandEstimate.Problem.NO_SAMPLES,
                    estimator + " estimator got no samples: the job has no usable history yet; size it with"
                            + " Justice until it has run " + minCount + " time(s)"));
        }
        for (int i = 0; i < samples.length; i++) {
            if (!Double.isFinite(samples[i])) {
                return Optional.of(new DemandEstimate.Unusable(DemandEstimate.Problem.NON_FINITE_SAMPLE,
                        "sample #" + i + " is " + samples[i] + ": drop broken runs from the history before"
                                + " estimating"));
            }
            if (samples[i] < 0) {
                return Optional.of(new DemandEstimate.Unusable(DemandEstimate.Problem.NEGATIVE_SAMPLE,
                        "sample #" + i + " is " + samples[i] + " container-seconds: demand cannot be negative;"
                                + " check how the run's demand was computed"));
            }
        }
        if (samples.length < minCount) {
            return Optional.of(new DemandEstimate.Unusable(DemandEstimate.Problem.TOO_FEW_SAMPLES,
                    estimator + " estimator needs at least " + minCount + " samples, got " + samples.length
                            + ": one run shows no spread; size with the mean-time estimator or Justice meanwhile"));
        }
        return Optional.empty();
    }

    /** Summary of samples already accepted by {@link #problemWith}. */
    static SampleSummary of(double[] samples) {
        double sum = 0;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double s : samples) {
            sum += s;
            min = Math.min(min, s);
            max = Math.max(max, s);
        }
        double mean = sum / samples.length;
        double squares = 0;
        for (double s : samples) {
            squares += (s - mean) * (s - mean);
        }
        double variance = samples.length > 1 ? squares / (samples.length - 1) : 0;
        return new SampleSummary(samples.length, mean, variance, min, max);
    }

    static DemandEstimate.Unusable zeroSpread(SampleSummary summary, String estimator) {
        return new DemandEstimate.Unusable(DemandEstimate.Problem.ZERO_SPREAD,
                "all " + summary.count() + " samples equal " + summary.min() + " container-seconds, so the "
                        + estimator + " estimator has no spread to be robust against; use the mean-time estimator"
                        + " (an impulse) if that is intended, or wait for more varied runs");
    }
}
