package io.punctual.sizing.rush;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Scale;
import org.apache.commons.math3.analysis.solvers.BrentSolver;
import org.apache.commons.math3.distribution.NormalDistribution;

class WorstCaseDemandPropertiesTest {

    @Provide
    Arbitrary<DemandDistribution> references() {
        Arbitrary<double[]> steps = Arbitraries.doubles().between(0.1, 10).ofScale(4).array(double[].class)
                .ofMinSize(1).ofMaxSize(40);
        return steps.flatMap(s -> Arbitraries.frequencyOf(
                        net.jqwik.api.Tuple.of(1, Arbitraries.just(0.0)),
                        net.jqwik.api.Tuple.of(4, Arbitraries.doubles().between(0.001, 1).ofScale(6)))
                .array(double[].class).ofSize(s.length)
                .filter(w -> java.util.Arrays.stream(w).sum() > 0)
                .map(w -> DemandDistribution.of(cumulative(s), w)));
    }

    private static double[] cumulative(double[] steps) {
        double[] values = new double[steps.length];
        double sum = 0;
        for (int i = 0; i < steps.length; i++) {
            sum += steps[i];
            values[i] = sum;
        }
        return values;
    }

    private static double eta(DemandDistribution reference, double theta, double delta) {
        return WorstCaseDemandSearch.search(reference, Robustness.of(theta, delta)).eta();
    }

    @Property(tries = 500)
    void etaIsAtLeastTheReferenceQuantile(@ForAll("references") DemandDistribution reference,
                                          @ForAll @Scale(6) @DoubleRange(min = 0.01, max = 0.99) double theta,
                                          @ForAll @Scale(6) @DoubleRange(min = 0, max = 3) double delta) {
        WorstCaseDemand result = WorstCaseDemandSearch.search(reference, Robustness.of(theta, delta));

        assertThat(result.referenceQuantile()).isEqualTo(reference.quantile(theta));
        assertThat(result.eta()).isGreaterThanOrEqualTo(result.referenceQuantile());
        assertThat(result.divergence()).isLessThanOrEqualTo(delta);
    }

    @Property(tries = 500)
    void etaGrowsWithTheta(@ForAll("references") DemandDistribution reference,
                           @ForAll @Scale(6) @DoubleRange(min = 0.01, max = 0.99) double a,
                           @ForAll @Scale(6) @DoubleRange(min = 0.01, max = 0.99) double b,
                           @ForAll @Scale(6) @DoubleRange(min = 0, max = 3) double delta) {
        assertThat(eta(reference, Math.min(a, b), delta)).isLessThanOrEqualTo(eta(reference, Math.max(a, b), delta));
    }

    @Property(tries = 500)
    void etaGrowsWithDelta(@ForAll("references") DemandDistribution reference,
                           @ForAll @Scale(6) @DoubleRange(min = 0.01, max = 0.99) double theta,
                           @ForAll @Scale(6) @DoubleRange(min = 0, max = 3) double a,
                           @ForAll @Scale(6) @DoubleRange(min = 0, max = 3) double b) {
        assertThat(eta(reference, theta, Math.min(a, b))).isLessThanOrEqualTo(eta(reference, theta, Math.max(a, b)));
    }

    @Property(tries = 500)
    void zeroDeltaGivesTheReferenceQuantile(@ForAll("references") DemandDistribution reference,
                                            @ForAll @Scale(6) @DoubleRange(min = 0.01, max = 0.99) double theta) {
        assertThat(eta(reference, theta, 0)).isEqualTo(reference.quantile(theta));
    }

    @Property(tries = 500)
    void etaIsReachableAndTheNextBinIsNot(@ForAll("references") DemandDistribution reference,
                                          @ForAll @Scale(6) @DoubleRange(min = 0.01, max = 0.99) double theta,
                                          @ForAll @Scale(6) @DoubleRange(min = 0.001, max = 3) double delta) {
        WorstCaseDemand result = WorstCaseDemandSearch.search(reference, Robustness.of(theta, delta));
        int bin = result.etaBin();

        // Reachable: Algorithm 1's distribution puts at most θ below η, within δ of φ (KL summed directly).
        RelativeEntropyMinimization.Reweighting worst = RelativeEntropyMinimization.solve(reference, bin, theta);
        assertThat(worst.distribution().massBelow(bin)).isLessThanOrEqualTo(theta + 1e-12);
        assertThat(divergence(worst.distribution(), reference)).isLessThan(delta + 1e-12);
        // Maximal: any distribution with less than θ below the next bin is at least δ away.
        if (bin + 1 < reference.bins()) {
            double below = reference.massBelow(bin + 1);
            assertThat(below).isGreaterThanOrEqualTo(theta);
            assertThat(RelativeEntropyMinimization.minimumDivergence(below, reference.massFrom(bin + 1), theta))
                    .isGreaterThanOrEqualTo(delta);
        }
    }

    @Property(tries = 500)
    void theClosedFormBeatsAnyOtherCompliantDistribution(@ForAll("references") DemandDistribution reference,
                                                         @ForAll @Scale(6) @DoubleRange(min = 0.01, max = 0.99) double theta,
                                                         @ForAll @IntRange(min = 0, max = 39) int binSeed,
                                                         @ForAll @Scale(6) @DoubleRange(min = 0.01, max = 1) double squeeze,
                                                         @ForAll long seed) {
        int bin = binSeed % reference.bins();
        Assume.that(reference.massFrom(bin) > 0);
        // Theorem 1: a random reweighting of φ's support with at most θ below the bin is never closer to φ.
        java.util.Random random = new java.util.Random(seed);
        double[] q = new double[reference.bins()];
        for (int l = 0; l < q.length; l++) {
            q[l] = reference.probability(l) > 0 ? 0.05 + random.nextDouble() : 0;
        }
        DemandDistribution candidate = DemandDistribution.of(reference.values(), q);
        double below = candidate.massBelow(bin);
        if (below > theta) {
            double target = theta * squeeze;
            for (int l = 0; l < q.length; l++) {
                q[l] = l < bin ? candidate.probability(l) * target / below
                        : candidate.probability(l) * (1 - target) / (1 - below);
            }
            candidate = DemandDistribution.of(reference.values(), q);
        }

        double optimum = RelativeEntropyMinimization.solve(reference, bin, theta).divergence();
        assertThat(divergence(candidate, reference)).isGreaterThanOrEqualTo(optimum - 1e-12);
    }

    @Property(tries = 300, edgeCases = EdgeCasesMode.NONE)
    void quantizedGaussianMatchesTheContinuousWorstCase(
            @ForAll @Scale(6) @DoubleRange(min = 0, max = 1000) double mean,
            @ForAll @Scale(6) @DoubleRange(min = 1, max = 200) double sd,
            @ForAll @Scale(6) @DoubleRange(min = 0.5, max = 0.95) double theta,
            @ForAll @Scale(6) @DoubleRange(min = 0, max = 0.3) double delta,
            @ForAll @IntRange(min = 50, max = 2000) int bins) {
        // For a continuous φ = N(m, s²) the worst case is η* = F⁻¹(a*), where a* > θ solves θ·ln(θ/a) + (1 − θ)·ln((1 − θ)/(1 − a)) = δ. Quantizing with upper
        // edges can only round up, by less than one bin width w.
        WorstCaseDemand result = WorstCaseDemandSearch.gaussian(mean, sd, theta, delta, bins);
        double low = Math.max(0, mean - 8 * sd);
        double high = mean + 8 * sd;
        double width = (high - low) / bins;
        double continuous = mean + sd * standardWorstCase(theta, delta);
        double reference = mean + sd * new NormalDistribution(0, 1).inverseCumulativeProbability(theta);
        double slack = 1e-6 * width;

        assertThat(result.referenceQuantile()).isBetween(reference - slack, reference + width + slack);
        assertThat(result.eta()).isBetween(Math.min(continuous, high) - slack, continuous + width + slack);
    }

    /** z* with 1 − Φ(z*) = b*, b* solving the two-point divergence equation in log space for precision. */
    private static double standardWorstCase(double theta, double delta) {
        if (delta == 0) {
            return new NormalDistribution(0, 1).inverseCumulativeProbability(theta);
        }
        double logB = new BrentSolver(1e-14).solve(10_000, u -> {
            double b = Math.exp(u);
            return theta * Math.log(theta / (1 - b)) + (1 - theta) * Math.log((1 - theta) / b) - delta;
        }, -700, Math.log(1 - theta));
        return -new NormalDistribution(0, 1).inverseCumulativeProbability(Math.exp(logB));
    }

    private static double divergence(DemandDistribution p, DemandDistribution reference) {
        double sum = 0;
        for (int l = 0; l < p.bins(); l++) {
            if (p.probability(l) > 0) {
                sum += p.probability(l) * Math.log(p.probability(l) / reference.probability(l));
            }
        }
        return sum;
    }
}
