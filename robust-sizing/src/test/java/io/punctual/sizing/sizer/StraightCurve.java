package io.punctual.sizing.sizer;

import io.punctual.sizing.RuntimeCurve;

/**
 * A runtime curve simple enough to work sizing out by hand: {@code driver + work(q) / n} seconds at n executors, with
 * one amount of executor work at the median and another at every other quantile.
 */
record StraightCurve(double driver, double medianWork, double upperWork, int maxUseful) implements RuntimeCurve {

    @Override
    public double wallSeconds(int executors, double quantile) {
        return driver + (quantile == 0.5 ? medianWork : upperWork) / executors;
    }

    @Override
    public double driverSeconds(int executors) {
        return driver;
    }

    @Override
    public String assurance(int executors) {
        return "a straight test curve";
    }

    @Override
    public int maxUsefulExecutors() {
        return maxUseful;
    }
}
