package io.punctual.sizing.rush;

import java.util.List;

/**
 * The jobs' utilities unpacked into parallel primitive arrays, so the O(N²) inner loop of
 * {@link BackwardOnionPeeling} evaluates them without a megamorphic interface call per evaluation.
 */
final class UtilityTable {

    private static final byte LINEAR = 0;
    private static final byte SIGMOID = 1;
    private static final byte CONSTANT = 2;

    private final byte[] kind;
    private final double[] weight;
    private final double[] sensitivity;
    private final double[] budget;

    UtilityTable(List<RushJob> jobs) {
        int n = jobs.size();
        kind = new byte[n];
        weight = new double[n];
        sensitivity = new double[n];
        budget = new double[n];
        for (int i = 0; i < n; i++) {
            Utility utility = jobs.get(i).utility();
            if (utility instanceof LinearUtility linear) {
                set(i, LINEAR, linear.weight(), linear.sensitivity(), linear.budget());
            } else if (utility instanceof SigmoidUtility sigmoid) {
                set(i, SIGMOID, sigmoid.weight(), sigmoid.sensitivity(), sigmoid.budget());
            } else {
                set(i, CONSTANT, ((ConstantUtility) utility).weight(), 0, 0);
            }
        }
    }

    private void set(int i, byte k, double w, double beta, double b) {
        kind[i] = k;
        weight[i] = w;
        sensitivity[i] = beta;
        budget[i] = b;
    }

    boolean isSigmoid(int i) {
        return kind[i] == SIGMOID;
    }

    /**
     * A cheap upper bound on U_i(t) that avoids {@code exp}: for a sigmoid with x = β(t − B) ≥ 0,
     * 1 + eˣ ≥ 2 + x + x²/2, so U ≤ W / (2 + x + x²/2); before the budget, W. Other kinds: their exact value.
     */
    double upperBound(int i, double t) {
        if (kind[i] != SIGMOID) {
            return value(i, t);
        }
        double x = sensitivity[i] * (t - budget[i]);
        return x <= 0 ? weight[i] : weight[i] / (2.0 + x + 0.5 * x * x);
    }

    /**
     * True only when U_i(t) is surely below {@code u0} = U_i(t0), for t ≥ t0, decided without {@code exp} so that the
     * flat test of {@link BackwardSequence} skips most sigmoids; false means "evaluate". Two sound tests: the upper
     * bound; and, as ln(1 + eˣ) is convex with slope σ(x) = 1 − U/W, ln(U(t0)/U(t)) ≥ σ(x0)·(x − x0). Both demand
     * a margin far wider than rounding: 1e-9 of u0 for the bound; for the slope test σ(x0) ≥ 1e-6, so the σ computed
     * from u0 is accurate to 1e-10 of itself, and a product above 1e-8.
     */
    boolean surelyBelow(int i, double t, double t0, double u0) {
        if (kind[i] != SIGMOID) {
            return false;
        }
        if (upperBound(i, t) < u0 * (1 - 1e-9)) {
            return true;
        }
        double slope = 1 - u0 / weight[i];
        double x = sensitivity[i] * (t - budget[i]);
        double x0 = sensitivity[i] * (t0 - budget[i]);
        return slope >= 1e-6 && (x - x0) * slope > 1e-8;
    }

    /** U_i(t), with exactly the arithmetic of the {@link Utility} records. */
    double value(int i, double t) {
        switch (kind[i]) {
            case LINEAR:
                return Math.max(weight[i] - sensitivity[i] * (t - budget[i]), 0.0);
            case SIGMOID:
                return weight[i] / (1.0 + Math.exp(sensitivity[i] * (t - budget[i])));
            default:
                return weight[i];
        }
    }
}
