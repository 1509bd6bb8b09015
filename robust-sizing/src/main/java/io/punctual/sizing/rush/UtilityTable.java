package io.punctual.sizing.rush;

import java.util.List;

/**
 * The jobs' utilities unpacked into parallel primitive arrays, so {@link BackwardOnionPeeling}'s loops evaluate
 * them without a megamorphic interface call per evaluation.
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

    /** B_i, the time at which job i's utility starts to fall (for a constant, 0). */
    double budget(int i) {
        return budget[i];
    }

    /**
     * Orders jobs by utility shape — kind, W, β — so jobs of one shape sit together. Within a shape, U_i(t) as
     * computed here never decreases with B_i: every step of {@link #value} is a rounded monotone operation (and
     * {@code Math.exp} is semi-monotonic by contract), so the job with the latest budget is worth the most.
     */
    int compareShape(int i, int j) {
        int byKind = Byte.compare(kind[i], kind[j]);
        if (byKind != 0) {
            return byKind;
        }
        int byWeight = Double.compare(weight[i], weight[j]);
        return byWeight != 0 ? byWeight : Double.compare(sensitivity[i], sensitivity[j]);
    }

    /**
     * A cheap upper bound on U_i(t) that avoids {@code exp}: for a sigmoid with x = β(t − B) ≥ 0,
     * 1 + eˣ ≥ 2 + x + x²/2, so U ≤ W / (2 + x + x²/2); before the budget, W. Other kinds: their exact value. The
     * factor 1 + 1e-14 (about 90 rounding steps) covers the rounding of both sides: without it the bound could sit
     * one step below the computed value near x = 0, and pruning by it would depend on the order jobs are scanned in.
     */
    double upperBound(int i, double t) {
        if (kind[i] != SIGMOID) {
            return value(i, t);
        }
        double x = sensitivity[i] * (t - budget[i]);
        return x <= 0 ? weight[i] : weight[i] / (2.0 + x + 0.5 * x * x) * (1 + 1e-14);
    }

    /**
     * A time from which job i is surely worth less than {@code u0} = U_i(t0), its value at its earliest completion
     * t0, whenever {@code end} (the latest completion of the round) is such a time; +∞ when it is not. Each answer
     * is checked by evaluating {@link #value} there, and U_i never increases in t as computed (see
     * {@link #compareShape}), so the answer is exact for every later time too: no rounding argument is needed. The
     * first guess is where the exact function falls below u0 (just after t0, or where a saturated sigmoid leaves W);
     * a guess that is still too early is pushed out, doubling its distance from t0.
     */
    double worthLessFrom(int i, double t0, double u0, double end) {
        if (value(i, end) >= u0) {
            return Double.POSITIVE_INFINITY;
        }
        double scale = Math.abs(t0) + Math.abs(budget[i]) + (1 + Math.abs(weight[i])) / sensitivity[i];
        double gap = Math.max(1e-12 * scale, Double.MIN_NORMAL);
        double guess = t0 + gap;
        if (kind[i] == SIGMOID && u0 >= weight[i]) {
            // 1 + e^x rounds to 1 up to x ≈ −36.7, so W/(1 + e^x) leaves W by x = −36.
            guess = Math.max(guess, budget[i] - 36 / sensitivity[i]);
        }
        while (guess < end && value(i, guess) >= u0) {
            guess = t0 + 2 * (guess - t0) + gap;
        }
        return Math.min(guess, end);
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
