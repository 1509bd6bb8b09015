package io.punctual.sizing.rush;

/** Argument checks shared by the {@link Utility} classes, with messages saying what to pass instead. */
final class UtilityParameters {

    private UtilityParameters() {
    }

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
