package io.punctual.sizing.justice;

/**
 * How Justice averages its past estimation errors into the correction of Algorithm 3 (CALC_SMOOTHED_AVG): the
 * paper offers equal weights for every past error, or exponential smoothing that weighs recent errors more.
 *
 * <p>Both are kept as a running value updated once per tracked job, so the correction is exact over <em>all</em>
 * past errors without storing an unbounded list.
 */
public sealed interface ErrorSmoothing permits ErrorSmoothing.EqualWeights, ErrorSmoothing.Exponential {

    /**
     * The smoothed error after the {@code count}-th error {@code error}, given the smoothed value {@code previous}
     * of the first {@code count − 1} errors (ignored when {@code count == 1}).
     */
    double next(double previous, double error, long count);

    /** Text form used by {@link JusticeStateCodec}: {@code equal} or {@code exponential:<alpha>}. */
    String encode();

    /** The arithmetic mean of every error seen so far: {@code s_n = s_{n−1} + (e_n − s_{n−1}) / n}. */
    record EqualWeights() implements ErrorSmoothing {
        @Override
        public double next(double previous, double error, long count) {
            return count <= 1 ? error : previous + (error - previous) / count;
        }

        @Override
        public String encode() {
            return "equal";
        }
    }

    /**
     * Exponential smoothing {@code s_1 = e_1}, {@code s_n = α·e_n + (1 − α)·s_{n−1}}. Seeding with the first error
     * (rather than with 0) keeps the first correction unbiased.
     *
     * @param alpha weight of the newest error, in (0, 1]; 1 means "only the last error counts"
     */
    record Exponential(double alpha) implements ErrorSmoothing {
        public Exponential {
            if (!(alpha > 0 && alpha <= 1)) {
                throw new IllegalArgumentException("exponential smoothing needs alpha in (0, 1], got " + alpha
                        + "; use a value such as 0.3 (higher reacts faster to recent errors)");
            }
        }

        @Override
        public double next(double previous, double error, long count) {
            return count <= 1 ? error : alpha * error + (1 - alpha) * previous;
        }

        @Override
        public String encode() {
            return "exponential:" + alpha;
        }
    }

    /** Parses {@link #encode()}'s form; throws {@link IllegalArgumentException} saying what was expected. */
    static ErrorSmoothing decode(String text) {
        if (text.equals("equal")) {
            return new EqualWeights();
        }
        if (text.startsWith("exponential:")) {
            String alpha = text.substring("exponential:".length());
            try {
                return new Exponential(Double.parseDouble(alpha));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("smoothing alpha '" + alpha + "' is not a number", e);
            }
        }
        throw new IllegalArgumentException("unknown smoothing '" + text + "', expected 'equal' or 'exponential:<alpha>'");
    }
}
