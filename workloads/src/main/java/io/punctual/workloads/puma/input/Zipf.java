package io.punctual.workloads.puma.input;

import java.util.SplittableRandom;

/**
 * Ranks 1..n drawn with probability about proportional to {@code 1 / rank^exponent} (Zipf's law, as word
 * frequencies and web in-links follow it). A draw inverts the cumulative distribution of the continuous power law on
 * [1, n+1) and rounds down, so it costs O(1) and no table, whatever n is; for exponent 1 rank k comes up with
 * probability ln((k+1)/k) / ln(n+1). {@link StrictMath} keeps draws the same bytes whether or not the JIT has
 * compiled this code.
 *
 * @param n        the number of ranks
 * @param exponent the skew, above 0
 */
public record Zipf(long n, double exponent) {

    public Zipf {
        if (n < 1 || !(exponent > 0)) {
            throw new IllegalArgumentException("Zipf needs n >= 1 and an exponent above 0, got n=" + n
                    + ", exponent=" + exponent);
        }
    }

    /** One rank, 1..n. */
    public long sample(SplittableRandom random) {
        double u = random.nextDouble();
        double x;
        if (Math.abs(exponent - 1.0) < 1e-12) {
            x = StrictMath.pow(n + 1.0, u);
        } else {
            double a = 1.0 - exponent;
            x = StrictMath.pow(1.0 + u * (StrictMath.pow(n + 1.0, a) - 1.0), 1.0 / a);
        }
        return Math.max(1, Math.min(n, (long) x));
    }
}
