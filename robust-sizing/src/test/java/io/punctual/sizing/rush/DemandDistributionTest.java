package io.punctual.sizing.rush;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class DemandDistributionTest {

    @Test
    void weightsAreNormalisedAndCumulatedFromBothEnds() {
        // Weights 1, 2, 1 → 0.25, 0.5, 0.25. Mass below bin 2 = 0.75; from bin 2 = 0.25.
        DemandDistribution d = DemandDistribution.of(new double[] {10, 20, 30}, new double[] {1, 2, 1});

        assertThat(d.probability(1)).isEqualTo(0.5);
        assertThat(d.massBelow(2)).isEqualTo(0.75);
        assertThat(d.massFrom(2)).isEqualTo(0.25);
        assertThat(d.mean()).isEqualTo(20.0);
    }

    @Test
    void quantileIsTheFirstBinReachingTheLevel() {
        DemandDistribution d = DemandDistribution.of(new double[] {10, 20, 30}, new double[] {1, 2, 1});

        assertThat(d.quantile(0.25)).isEqualTo(10.0);
        assertThat(d.quantile(0.2500001)).isEqualTo(20.0);
        assertThat(d.quantile(0.75)).isEqualTo(20.0);
        assertThat(d.quantile(0.99)).isEqualTo(30.0);
    }

    @Test
    void aThinUpperTailKeepsItsPrecision() {
        // 1 − (1 − 1e-20) is 0 in doubles; summed from the top the tail stays 1e-20.
        DemandDistribution d = DemandDistribution.of(new double[] {1, 2}, new double[] {1, 1e-20});

        assertThat(d.massFrom(1)).isCloseTo(1e-20, within(1e-30));
    }

    @Test
    void malformedBinsAreRefused() {
        assertThatThrownBy(() -> DemandDistribution.of(new double[] {2, 1}, new double[] {1, 1}))
                .hasMessageContaining("strictly increase");
        assertThatThrownBy(() -> DemandDistribution.of(new double[] {1, 2}, new double[] {0, 0}))
                .hasMessageContaining("at least one bin needs mass");
        assertThatThrownBy(() -> DemandDistribution.of(new double[] {-1}, new double[] {1}))
                .hasMessageContaining("non-negative");
        assertThatThrownBy(() -> DemandDistribution.of(new double[] {1}, new double[] {Double.NaN}))
                .hasMessageContaining("weight #0");
        assertThatThrownBy(() -> DemandDistribution.impulse(Double.POSITIVE_INFINITY))
                .hasMessageContaining("finite");
    }
}
