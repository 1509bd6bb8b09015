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

    /** Executors beyond this add nothing: the widest stage's task count divided by cores per executor. */
    int maxUsefulExecutors();
}
