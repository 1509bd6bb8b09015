package io.punctual.sizing.rush;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class WorstCaseDemandSearchTest {

    /** Ten equally likely demands 1, 2, ..., 10. */
    private static DemandDistribution uniformOneToTen() {
        double[] values = new double[10];
        double[] weights = new double[10];
        for (int l = 0; l < 10; l++) {
            values[l] = l + 1;
            weights[l] = 1;
        }
        return DemandDistribution.of(values, weights);
    }

    @Test
    void uniformReferenceHandWorked() {
        // θ = 0.45: the cumulative mass first reaches 0.45 at demand 5 (0.5), so the reference quantile is 5.
        // Bin L (demand L + 1) is reachable while the two-point divergence d(θ‖a) of the mass a below it is < δ:
        //   demand 6: a = 0.5, d = 0.45·ln(0.45/0.5) + 0.55·ln(0.55/0.5) = 0.005008
        //   demand 7: a = 0.6, d = 0.45·ln(0.75)     + 0.55·ln(1.375)    = 0.045693
        //   demand 8: a = 0.7, d = 0.45·ln(0.45/0.7) + 0.55·ln(0.55/0.3) = 0.134550
        // With δ = 0.1 the largest reachable demand is 7.
        WorstCaseDemand result = WorstCaseDemandSearch.search(uniformOneToTen(), Robustness.of(0.45, 0.1));

        assertThat(result.referenceQuantile()).isEqualTo(5.0);
        assertThat(result.eta()).isEqualTo(7.0);
        assertThat(result.divergence()).isCloseTo(0.045693, within(1e-6));
        assertThat(result.robustnessMargin()).isEqualTo(2.0);
        assertThat(result.atTopBin()).isFalse();
    }

    @Test
    void massExactlyThetaBelowABinIsTheBoundary() {
        // Demands 1..4 with probability 0.25 each (exact in binary); θ = 0.5. The mass reaches 0.5 at demand 2, so
        // that is the 0.5-quantile, and with δ = 0 nothing else is allowed. Demand 3 has exactly θ = 0.5 below it:
        // its θ-quantile needs strictly less than θ there, which costs an arbitrarily small but positive divergence
        // (d(0.5‖0.5) = 0 is the limit), so any δ > 0 reaches 3, and demand 4 (0.75 below, d = 0.5·ln(2/3) +
        // 0.5·ln(2) = 0.143841) needs δ above that.
        DemandDistribution quarters = DemandDistribution.of(new double[] {1, 2, 3, 4}, new double[] {1, 1, 1, 1});

        assertThat(WorstCaseDemandSearch.search(quarters, Robustness.of(0.5, 0)).eta()).isEqualTo(2.0);
        assertThat(WorstCaseDemandSearch.search(quarters, Robustness.of(0.5, 1e-12)).eta()).isEqualTo(3.0);
        assertThat(WorstCaseDemandSearch.search(quarters, Robustness.of(0.5, 0.1438)).eta()).isEqualTo(3.0);
        assertThat(WorstCaseDemandSearch.search(quarters, Robustness.of(0.5, 0.1439)).eta()).isEqualTo(4.0);
    }

    @Test
    void algorithmOneRescalesTheTwoGroups() {
        // Candidate demand 7 (bin 6) under θ = 0.45: the six bins below get 0.45 × 0.1/0.6 = 0.075 each, the four
        // at or above get 0.55 × 0.1/0.4 = 0.1375 each; divergence 0.045693 as above.
        RelativeEntropyMinimization.Reweighting reweighting =
                RelativeEntropyMinimization.solve(uniformOneToTen(), 6, 0.45);

        for (int l = 0; l < 6; l++) {
            assertThat(reweighting.distribution().probability(l)).isCloseTo(0.075, within(1e-12));
        }
        for (int l = 6; l < 10; l++) {
            assertThat(reweighting.distribution().probability(l)).isCloseTo(0.1375, within(1e-12));
        }
        assertThat(reweighting.divergence()).isCloseTo(0.045693, within(1e-6));
    }

    @Test
    void algorithmOneKeepsAReferenceThatAlreadyComplies() {
        // Below demand 3 (bin 2) the uniform reference has 0.2 ≤ θ = 0.45: φ itself is the optimum, divergence 0.
        RelativeEntropyMinimization.Reweighting reweighting =
                RelativeEntropyMinimization.solve(uniformOneToTen(), 2, 0.45);

        assertThat(reweighting.distribution()).isEqualTo(uniformOneToTen());
        assertThat(reweighting.divergence()).isZero();
    }

    @Test
    void gaussianHandWorked() {
        // N(100, 10²) in 16 bins over [100 − 8·10, 100 + 8·10] = [20, 180]: width 10, bins stand for 30, ..., 180.
        // The mass below demand 120 is Φ(1) = 0.841345 < 0.9 ≤ Φ(2) = 0.977250, so the 0.9-quantile is 120.
        // Demand 130 has Φ(2) below it: d(0.9‖0.977250) = 0.9·ln(0.9/0.977250) + 0.1·ln(0.1/0.022750) = 0.073947.
        // Demand 140 has Φ(3) = 0.998650 below it: d = 0.336905. Demand 150: Φ(4) = 0.999968, d = 0.710956.
        assertThat(WorstCaseDemandSearch.gaussian(100, 10, 0.9, 0.0, 16).eta()).isEqualTo(120.0);
        assertThat(WorstCaseDemandSearch.gaussian(100, 10, 0.9, 0.05, 16).eta()).isEqualTo(120.0);
        assertThat(WorstCaseDemandSearch.gaussian(100, 10, 0.9, 0.1, 16).eta()).isEqualTo(130.0);
        assertThat(WorstCaseDemandSearch.gaussian(100, 10, 0.9, 0.35, 16).eta()).isEqualTo(140.0);
        WorstCaseDemand wide = WorstCaseDemandSearch.gaussian(100, 10, 0.9, 0.72, 16);
        assertThat(wide.eta()).isEqualTo(150.0);
        assertThat(wide.referenceQuantile()).isEqualTo(120.0);
        assertThat(wide.divergence()).isCloseTo(0.710956, within(1e-5));
    }

    @Test
    void zeroSpreadIsAnImpulseAtTheMean() {
        WorstCaseDemand result = WorstCaseDemandSearch.gaussian(250, 0, 0.99, 1.0, 1000);

        assertThat(result.eta()).isEqualTo(250.0);
        assertThat(result.referenceQuantile()).isEqualTo(250.0);
        assertThat(result.atTopBin()).isTrue();
    }

    @Test
    void robustnessCannotLeaveTheEmpiricalSupport() {
        // A KL ball only reweights observed demands: however large δ, η stops at the largest run, 40.
        DemandEstimate estimate = new EmpiricalEstimator(100).estimate(new double[] {10, 20, 30, 40});
        DemandDistribution reference = ((DemandEstimate.Estimated) estimate).distribution();

        WorstCaseDemand result = WorstCaseDemandSearch.search(reference, Robustness.of(0.5, 10));

        assertThat(result.referenceQuantile()).isEqualTo(20.0);
        assertThat(result.eta()).isEqualTo(40.0);
        assertThat(result.atTopBin()).isTrue();
    }

    @Test
    void fromSamplesReportsHistoryProblemsAsValues() {
        RobustDemand empty = WorstCaseDemandSearch.fromSamples(GaussianEstimator.perRun(100), new double[0],
                Robustness.of(0.9, 0.1));
        RobustDemand flat = WorstCaseDemandSearch.fromSamples(GaussianEstimator.perRun(100),
                new double[] {7, 7, 7}, Robustness.of(0.9, 0.1));
        RobustDemand fine = WorstCaseDemandSearch.fromSamples(GaussianEstimator.perRun(100),
                new double[] {90, 100, 110}, Robustness.of(0.9, 0.1));

        assertThat(empty).isInstanceOfSatisfying(RobustDemand.Unestimable.class,
                u -> assertThat(u.problem()).isEqualTo(DemandEstimate.Problem.NO_SAMPLES));
        assertThat(flat).isInstanceOfSatisfying(RobustDemand.Unestimable.class,
                u -> assertThat(u.detail()).contains("mean-time estimator"));
        assertThat(fine).isInstanceOfSatisfying(RobustDemand.Bounded.class,
                b -> assertThat(b.demand().eta()).isGreaterThan(b.demand().referenceQuantile()));
    }

    @Test
    void badArgumentsSayWhatToPass() {
        assertThatThrownBy(() -> WorstCaseDemandSearch.gaussian(100, 10, 1.0, 0.1, 100))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("theta must be strictly between 0 and 1").hasMessageContaining("got 1.0");
        assertThatThrownBy(() -> WorstCaseDemandSearch.gaussian(100, 10, 0.9, -0.1, 100))
                .hasMessageContaining("delta").hasMessageContaining(">= 0").hasMessageContaining("got -0.1");
        assertThatThrownBy(() -> WorstCaseDemandSearch.gaussian(100, 10, 0.9, Double.NaN, 100))
                .hasMessageContaining("delta");
        assertThatThrownBy(() -> WorstCaseDemandSearch.gaussian(100, -1, 0.9, 0.1, 100))
                .hasMessageContaining("standard deviation");
        assertThatThrownBy(() -> WorstCaseDemandSearch.gaussian(Double.NaN, 1, 0.9, 0.1, 100))
                .hasMessageContaining("mean");
        assertThatThrownBy(() -> WorstCaseDemandSearch.gaussian(100, 10, 0.9, 0.1, 0))
                .hasMessageContaining("bins").hasMessageContaining("default 1000");
    }
}
