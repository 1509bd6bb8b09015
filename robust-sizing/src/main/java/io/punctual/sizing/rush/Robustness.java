package io.punctual.sizing.rush;

/**
 * What a caller asks of a worst-case demand estimate (RUSH §II, constraints (3) and (5)): the demand must be met
 * with probability at least {@code theta} under every distribution within Kullback-Leibler distance {@code delta}
 * (in nats) of the reference distribution.
 *
 * @param theta confidence θ, strictly between 0 and 1
 * @param delta KL radius δ in nats, at least 0; 0 trusts the history exactly
 */
public record Robustness(double theta, double delta) {

    public Robustness {
        if (!(theta > 0 && theta < 1)) {
            throw new IllegalArgumentException("confidence theta must be strictly between 0 and 1"
                    + " (e.g. 0.95 asks for the demand to suffice in 95% of runs), got " + theta);
        }
        if (!(delta >= 0) || Double.isInfinite(delta)) {
            throw new IllegalArgumentException("robustness delta is a Kullback-Leibler radius in nats and must be a"
                    + " finite number >= 0 (0 trusts the history as is; 0.05 to 0.5 hedges against a wrong"
                    + " estimate), got " + delta);
        }
    }

    public static Robustness of(double theta, double delta) {
        return new Robustness(theta, delta);
    }
}
