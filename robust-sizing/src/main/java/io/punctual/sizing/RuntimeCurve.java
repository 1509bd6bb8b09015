package io.punctual.sizing;

/**
 * How long a recurring job takes as a function of the executors it is given. The history estimator learns one per
 * job key (by replaying recorded stage DAGs and task durations); sizing reads it to turn a demand into executors.
 */
public interface RuntimeCurve {

    /**
     * Predicted wall-clock seconds of the whole application at {@code executors} executors, at quantile
     * {@code quantile} in (0, 1) of the runs seen so far.
     */
    double wallSeconds(int executors, double quantile);

    /**
     * The part of {@link #wallSeconds} at {@code executors} that no executor works in: the driver alone (start-up,
     * registration, gaps between jobs) and any launch overhead the curve includes. Demand — executor work — is what
     * RUSH's worst case stretches; this part does not grow with demand, so a sizer leaves it unstretched. A curve
     * that cannot tell the parts apart answers 0, and all of its time is stretched: the cautious side.
     */
    default double driverSeconds(int executors) {
        return 0;
    }

    /**
     * How sure a prediction at {@code executors} is, in one line for {@code explain}: how the curve was judged
     * (e.g. its cross-validated error next to a naive baseline's) and what it assumes beyond the runs it has seen.
     */
    default String assurance(int executors) {
        return "not judged against runs it was not fitted to";
    }

    /** Executors beyond this add nothing: the widest stage's task count divided by cores per executor. */
    int maxUsefulExecutors();
}
