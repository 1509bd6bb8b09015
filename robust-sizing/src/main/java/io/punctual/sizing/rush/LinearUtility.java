package io.punctual.sizing.rush;

/**
 * RUSH's piece-wise linear utility class (§IV): U(T) = max(W − β·(T − B), 0). Worth W at the time budget B, more
 * before it, losing β per second after it, and nothing from B + W/β on.
 *
 * @param weight      W ≥ 0, the utility at the budget (the job's priority)
 * @param sensitivity β &gt; 0, utility lost per second of delay
 * @param budget      B, the completion time worth exactly W (e.g. the deadline)
 */
public record LinearUtility(double weight, double sensitivity, double budget) implements Utility {

    public LinearUtility {
        UtilityParameters.requireWeight(weight);
        UtilityParameters.requireSensitivity(sensitivity);
        UtilityParameters.requireBudget(budget);
    }

    @Override
    public double at(double completion) {
        return Math.max(weight - sensitivity * (completion - budget), 0.0);
    }

    @Override
    public double latestCompletionFor(double level) {
        UtilityParameters.requireLevel(level);
        if (level <= 0) {
            return Double.POSITIVE_INFINITY;
        }
        return budget + (weight - level) / sensitivity;
    }

    @Override
    public double floor() {
        return 0.0;
    }
}
