package io.punctual.sizing.rush;

/**
 * What a {@link DemandEstimator} made of a job's history: a reference distribution, or the reason history cannot
 * support one. Data problems (no runs, broken or degenerate runs) are values, not exceptions, so the sizer can fall
 * back (e.g. to Justice) and {@code explain} can print why.
 */
public sealed interface DemandEstimate {

    /** History supports a reference distribution φ. */
    record Estimated(DemandDistribution distribution) implements DemandEstimate {
        public Estimated {
            if (distribution == null) {
                throw new IllegalArgumentException("an estimate needs a distribution");
            }
        }
    }

    /** History cannot support this estimator; {@code detail} says why and what to do. */
    record Unusable(Problem problem, String detail) implements DemandEstimate {
        public Unusable {
            if (problem == null || detail == null) {
                throw new IllegalArgumentException("an unusable estimate needs a problem and a detail");
            }
        }
    }

    /** Why history cannot support an estimate. */
    enum Problem {
        /** No samples at all. */
        NO_SAMPLES,
        /** Fewer samples than the estimator needs (the Gaussian and empirical estimators need two). */
        TOO_FEW_SAMPLES,
        /** A sample is NaN or infinite: a broken run record. */
        NON_FINITE_SAMPLE,
        /** A sample is negative: demand cannot be. */
        NEGATIVE_SAMPLE,
        /**
         * Every sample is equal. A KL ball around a point mass holds only that point mass, so no robustness can be
         * derived from it; use {@link MeanTimeEstimator} explicitly if an impulse is what you mean.
         */
        ZERO_SPREAD
    }
}
