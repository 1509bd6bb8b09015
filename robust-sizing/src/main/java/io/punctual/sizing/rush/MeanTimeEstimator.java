package io.punctual.sizing.rush;

import java.util.Optional;

/**
 * RUSH's mean-time estimator (§IV): an impulse at the mean per-task demand times the number of remaining tasks.
 * With {@code remainingTasks = 1} and per-run samples it is an impulse at the mean run demand. WCDE of an impulse
 * is the impulse itself for every θ and δ: this estimator buys no robustness, only a number.
 */
public final class MeanTimeEstimator implements DemandEstimator {

    private final long remainingTasks;

    private MeanTimeEstimator(long remainingTasks) {
        if (remainingTasks < 1) {
            throw new IllegalArgumentException("remaining tasks must be >= 1, got " + remainingTasks
                    + "; a job with nothing left to run needs no sizing");
        }
        this.remainingTasks = remainingTasks;
    }

    /** Samples are whole-run demands. */
    public static MeanTimeEstimator perRun() {
        return new MeanTimeEstimator(1);
    }

    /** Samples are per-task demands; the impulse sits at {@code remainingTasks} × their mean. */
    public static MeanTimeEstimator perTask(long remainingTasks) {
        return new MeanTimeEstimator(remainingTasks);
    }

    @Override
    public DemandEstimate estimate(double[] samples) {
        Optional<DemandEstimate.Unusable> problem = SampleSummary.problemWith(samples, 1, "mean-time");
        if (problem.isPresent()) {
            return problem.get();
        }
        SampleSummary summary = SampleSummary.of(samples);
        return new DemandEstimate.Estimated(DemandDistribution.impulse(remainingTasks * summary.mean()));
    }
}
