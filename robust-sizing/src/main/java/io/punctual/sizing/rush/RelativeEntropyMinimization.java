package io.punctual.sizing.rush;

/**
 * RUSH Algorithm 1 (§III-A, "Closed-Form Method"): the relative-entropy minimisation (REM) problem (9)–(10). Among
 * all distributions p that put at most θ of their mass below a candidate bin L, find the one closest to the
 * reference φ in Kullback-Leibler divergence KL(p‖φ) = Σ p_l ln(p_l/φ_l).
 *
 * <p>By the KKT conditions (11) the optimum is φ itself when φ already satisfies the bound; otherwise φ rescaled in
 * two groups: mass θ spread over the bins below L in φ's proportions, and 1 − θ over the bins at or above L. Its
 * divergence is then the two-point divergence θ ln(θ/a) + (1−θ) ln((1−θ)/b), where a and b = 1 − a are φ's mass
 * below and at-or-above L — O(1) given cumulative masses, which is what makes the bisection of Algorithm 2 cheap.
 *
 * <p>Index convention: the paper writes (10) as Σ_{l ≤ L} p_l ≤ θ. Here L is the bin the θ-quantile must reach, so
 * the bound is on the mass strictly below L (the paper's L − 1); see {@link WorstCaseDemandSearch}.
 */
public final class RelativeEntropyMinimization {

    private RelativeEntropyMinimization() {
    }

    /** The REM optimum and its divergence from the reference. */
    public record Reweighting(DemandDistribution distribution, double divergence) {
    }

    /**
     * The minimum of KL(p‖φ) over distributions with at most {@code theta} below a bin, given φ's mass
     * {@code below} the bin and {@code atOrAbove} it: 0 when {@code below ≤ theta}, +∞ when φ has no mass at or
     * above the bin (no finite-divergence p can put 1 − θ there), else the two-point divergence.
     */
    public static double minimumDivergence(double below, double atOrAbove, double theta) {
        if (below <= theta) {
            return 0.0;
        }
        if (!(atOrAbove > 0)) {
            return Double.POSITIVE_INFINITY;
        }
        double divergence = theta * Math.log(theta / below) + (1 - theta) * Math.log((1 - theta) / atOrAbove);
        return Math.max(0.0, divergence);
    }

    /**
     * Algorithm 1 for candidate {@code bin}: the distribution itself, not just its divergence. Requires φ to have
     * mass at or above {@code bin} whenever it has more than θ below it.
     */
    public static Reweighting solve(DemandDistribution reference, int bin, double theta) {
        if (!(theta > 0 && theta < 1)) {
            throw new IllegalArgumentException("theta must be strictly between 0 and 1, got " + theta);
        }
        if (bin < 0 || bin >= reference.bins()) {
            throw new IllegalArgumentException("bin must be in [0, " + reference.bins() + "), got " + bin);
        }
        double below = reference.massBelow(bin);
        double atOrAbove = reference.massFrom(bin);
        if (below <= theta) {
            return new Reweighting(reference, 0.0);
        }
        if (!(atOrAbove > 0)) {
            throw new IllegalArgumentException("the reference has no mass at or above bin " + bin + " (value "
                    + reference.value(bin) + "), so no distribution within finite divergence reaches it; choose a"
                    + " bin inside the reference's support");
        }
        double[] p = new double[reference.bins()];
        for (int l = 0; l < p.length; l++) {
            p[l] = l < bin
                    ? theta * reference.probability(l) / below
                    : (1 - theta) * reference.probability(l) / atOrAbove;
        }
        return new Reweighting(DemandDistribution.of(reference.values(), p),
                minimumDivergence(below, atOrAbove, theta));
    }
}
