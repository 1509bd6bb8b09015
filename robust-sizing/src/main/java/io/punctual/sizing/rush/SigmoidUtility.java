package io.punctual.sizing.rush;

/**
 * RUSH's sigmoid utility class (§IV): U(T) = W / (1 + e^{β(T − B)}). Close to W well before the budget B, W/2 at B,
 * falling towards 0 after it; β sets how steep the fall is (time-sensitive versus time-critical jobs).
 *
 * <p>The paper prints the exponent as β(B − T), which would make utility <em>grow</em> with lateness and contradict
 * its own requirement that utilities be non-increasing; this is the sign that keeps them so (see DESIGN.md §3).
 *
 * @param weight      W ≥ 0, the utility of finishing very early (the job's priority)
 * @param sensitivity β &gt; 0, steepness in 1/seconds
 * @param budget      B, the completion time worth W/2
 */
public record SigmoidUtility(double weight, double sensitivity, double budget) implements Utility {

    public SigmoidUtility {
        UtilityParameters.requireWeight(weight);
        UtilityParameters.requireSensitivity(sensitivity);
        UtilityParameters.requireBudget(budget);
    }

    @Override
    public double at(double completion) {
        return weight / (1.0 + Math.exp(sensitivity * (completion - budget)));
    }

    @Override
    public double latestCompletionFor(double level) {
        UtilityParameters.requireLevel(level);
        if (level <= 0) {
            return Double.POSITIVE_INFINITY;
        }
        if (level >= weight) {
            return Double.NEGATIVE_INFINITY;
        }
        return budget + Math.log(weight / level - 1.0) / sensitivity;
    }

    @Override
    public double floor() {
        return 0.0;
    }
}
