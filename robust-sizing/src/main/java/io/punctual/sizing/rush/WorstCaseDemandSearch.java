package io.punctual.sizing.rush;

/**
 * RUSH Algorithm 2 (§III-A, "WCDE Bisection Search"): η = max over ω with KL(ω‖φ) ≤ δ of the θ-quantile of ω,
 * found by bisection over the bin index L of a quantized φ.
 *
 * <p>Quantiles here are the usual inverse CDF: the θ-quantile is the smallest bin whose cumulative mass reaches θ.
 * So some ω's θ-quantile reaches bin L exactly when ω puts strictly less than θ below L. Bin L is therefore feasible
 * when φ already does ({@code massBelow(L) < θ}), or when the REM optimum of Algorithm 1 — which puts exactly θ below
 * L — has divergence strictly under δ, leaving room to move an arbitrarily small extra amount of mass up. (The paper
 * tests "≤ δ" against a bound on mass at or below L; the strict form is what makes δ = 0 return exactly φ's own
 * θ-quantile.) Feasibility only shrinks as L grows — φ's mass below L grows and the two-point divergence grows with
 * it — so bisection between φ's θ-quantile bin (feasible, the paper's lower start) and one past the top bin
 * (infeasible) finds the largest feasible bin in O(log bins) steps of O(1) each.
 *
 * <p>Properties: η ≥ φ's θ-quantile; η is non-decreasing in θ and in δ; δ = 0 gives φ's θ-quantile; η never leaves
 * φ's support (a KL ball only reweights bins φ already has).
 */
public final class WorstCaseDemandSearch {

    private WorstCaseDemandSearch() {
    }

    /** η for reference {@code reference} under {@code robustness}. */
    public static WorstCaseDemand search(DemandDistribution reference, Robustness robustness) {
        double theta = robustness.theta();
        double delta = robustness.delta();
        int referenceBin = reference.quantileBin(theta);
        int feasible = referenceBin;
        int infeasible = reference.bins();
        while (infeasible - feasible > 1) {
            int candidate = (feasible + infeasible) >>> 1;
            if (reaches(reference, candidate, theta, delta)) {
                feasible = candidate;
            } else {
                infeasible = candidate;
            }
        }
        double divergence = RelativeEntropyMinimization.minimumDivergence(
                reference.massBelow(feasible), reference.massFrom(feasible), theta);
        return new WorstCaseDemand(reference.value(feasible), reference.value(referenceBin), feasible, referenceBin,
                divergence, feasible == reference.bins() - 1, robustness);
    }

    /**
     * η for a Gaussian reference N(mean, sd²) quantized into {@code bins} bins over [max(0, mean − 8·sd),
     * mean + 8·sd] (see {@link GaussianEstimator}). This is what {@code punctual sizing wcde --gaussian} prints.
     *
     * @throws IllegalArgumentException for θ outside (0, 1), negative δ, negative or non-finite mean or sd, or bins
     *                                  outside [1, 10⁷], with a message saying what to pass instead
     */
    public static WorstCaseDemand gaussian(double mean, double sd, double theta, double delta, int bins) {
        Robustness robustness = Robustness.of(theta, delta);
        return search(GaussianEstimator.quantize(mean, sd, bins), robustness);
    }

    /**
     * η for a job from its demand samples: estimate φ with {@code estimator}, then search. Data problems come back
     * as {@link RobustDemand.Unestimable}; only programming errors (null samples) throw.
     */
    public static RobustDemand fromSamples(DemandEstimator estimator, double[] samples, Robustness robustness) {
        DemandEstimate estimate = estimator.estimate(samples);
        if (estimate instanceof DemandEstimate.Unusable unusable) {
            return new RobustDemand.Unestimable(unusable.problem(), unusable.detail());
        }
        DemandDistribution reference = ((DemandEstimate.Estimated) estimate).distribution();
        return new RobustDemand.Bounded(search(reference, robustness));
    }

    /** Whether some distribution within δ of φ has its θ-quantile at or above {@code bin}. */
    static boolean reaches(DemandDistribution reference, int bin, double theta, double delta) {
        double below = reference.massBelow(bin);
        if (below < theta) {
            return true;
        }
        return RelativeEntropyMinimization.minimumDivergence(below, reference.massFrom(bin), theta) < delta;
    }
}
