package io.punctual.sizing.replan;

/** What {@link RemainingTimePlanner} advises for a running job: its executor count from now on, and why. */
public sealed interface Replan {

    /** The executors the job should run with from now on. */
    int executors();

    /** The θ-remaining time at {@link #executors()}, in seconds. */
    double remainingSeconds();

    /** On course: the current count meets the deadline at θ, and a smaller one would leave too little slack. */
    record Keep(int executors, double remainingSeconds) implements Replan {
    }

    /** Behind: {@code executors} (more than now) is the fewest that meet the deadline at θ. */
    record Grow(int executors, double remainingSeconds) implements Replan {
    }

    /** Comfortably ahead: {@code executors} (fewer than now) still meet the deadline at θ with the slack kept. */
    record Shrink(int executors, double remainingSeconds) implements Replan {
    }

    /**
     * Even the most executors allowed miss the deadline at θ, by {@code lateSeconds}: the job is grown to them and
     * the miss is announced now, not at the deadline.
     */
    record PredictedMiss(int executors, double remainingSeconds, double lateSeconds) implements Replan {
    }
}
