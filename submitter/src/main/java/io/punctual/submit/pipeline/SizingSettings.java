package io.punctual.submit.pipeline;

/**
 * The sizing knobs a submission does not set itself.
 *
 * @param confidence     θ when the submission names none
 * @param robustness     δ, RUSH's KL radius
 * @param minRunsForRush good runs a job needs before RUSH sizes it (Justice sizes it until then)
 * @param maxExecutors   the team's cap
 */
public record SizingSettings(double confidence, double robustness, int minRunsForRush, int maxExecutors) {

    public static SizingSettings defaults() {
        return new SizingSettings(0.9, 0.1, 3, 50);
    }
}
