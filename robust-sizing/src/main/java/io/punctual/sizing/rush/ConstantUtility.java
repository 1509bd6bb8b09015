package io.punctual.sizing.rush;

/**
 * RUSH's constant utility class (§IV): U(T) = W whenever the job completes. Such a job is indifferent to its
 * completion time, so lexicographic max-min fairness schedules it after every job that cares.
 *
 * @param weight W ≥ 0
 */
public record ConstantUtility(double weight) implements Utility {

    public ConstantUtility {
        UtilityParameters.requireWeight(weight);
    }

    @Override
    public double at(double completion) {
        return weight;
    }

    @Override
    public double latestCompletionFor(double level) {
        UtilityParameters.requireLevel(level);
        return level <= weight ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
    }

    @Override
    public double floor() {
        return weight;
    }
}
