package io.punctual.sizing.rush;

/**
 * How much a job's owner values its completion at time T (RUSH §II and §IV, "utility classes"). Every utility is
 * non-increasing in T: finishing later never helps.
 */
public sealed interface Utility permits LinearUtility, SigmoidUtility, ConstantUtility {

    /** U(T): the utility of completing at {@code completion}. */
    double at(double completion);

    /**
     * U⁻¹(L) as onion peeling needs it: the latest completion time whose utility is still at least {@code level},
     * i.e. sup{T : U(T) ≥ L}. +∞ when every completion time reaches the level (L at or below the utility's floor),
     * −∞ when none does.
     */
    double latestCompletionFor(double level);

    /** The utility approached as completion is delayed forever; no completion time yields less. */
    double floor();

    static void requireWeight(double weight) {
        if (!(weight >= 0) || Double.isInfinite(weight)) {
            throw new IllegalArgumentException("utility weight W (the job's priority) must be a finite number >= 0,"
                    + " got " + weight);
        }
    }

    static void requireSensitivity(double sensitivity) {
        if (!(sensitivity > 0) || Double.isInfinite(sensitivity)) {
            throw new IllegalArgumentException("utility sensitivity beta must be a finite number > 0 (use a"
                    + " ConstantUtility for a job indifferent to its completion time), got " + sensitivity);
        }
    }

    static void requireBudget(double budget) {
        if (!Double.isFinite(budget)) {
            throw new IllegalArgumentException("utility time budget B must be a finite time, got " + budget);
        }
    }

    static void requireLevel(double level) {
        if (Double.isNaN(level)) {
            throw new IllegalArgumentException("a utility level must be a number, got NaN");
        }
    }
}
