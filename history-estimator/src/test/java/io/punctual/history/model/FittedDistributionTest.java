package io.punctual.history.model;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class FittedDistributionTest {

    @Test
    void handWorkedChoiceOnThreeSamples() {
        // x = 1, 2, 3. Gaussian: μ = 2, σ² = 2/3, ℓ = -1.5·ln(2π·2/3) - 1.5 = -3.6486.
        // Log-normal: ln x = 0, 0.6931, 1.0986; m = 0.59725, s² = 0.20575,
        // ℓ = -1.5·ln(2π·0.20575) - 1.5 - ln 6 = -3.6770. The Gaussian fits better.
        FittedDistribution fit = FittedDistribution.fit(new double[] {3, 1, 2}).orElseThrow();
        assertThat(fit.family()).isEqualTo(FittedDistribution.Family.GAUSSIAN);
        assertThat(fit.mu()).isCloseTo(2.0, within(1e-12));
        assertThat(fit.sigma()).isCloseTo(Math.sqrt(2.0 / 3), within(1e-12));
        assertThat(fit.logLikelihood()).isCloseTo(-3.6486, within(1e-4));
        assertThat(fit.rivalLogLikelihood()).isCloseTo(-3.6770, within(1e-4));
        // KS: F(1) = Φ(-1.2247) = 0.1103, F(2) = 0.5, F(3) = 0.8897; the worst gap is 1/3 - 0.1103 = 0.2230
        assertThat(fit.ksDistance()).isCloseTo(0.2230, within(1e-3));
    }

    @Test
    void skewedDemandPicksLogNormal() {
        Random random = new Random(42);
        double[] samples = new double[300];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = Math.exp(5 + 0.8 * random.nextGaussian());
        }
        FittedDistribution fit = FittedDistribution.fit(samples).orElseThrow();
        assertThat(fit.family()).isEqualTo(FittedDistribution.Family.LOG_NORMAL);
        assertThat(fit.mu()).isCloseTo(5, within(0.15));
        assertThat(fit.sigma()).isCloseTo(0.8, within(0.1));
        assertThat(fit.ksDistance()).isLessThan(0.1);
    }

    @Test
    void symmetricDemandPicksGaussian() {
        Random random = new Random(7);
        double[] samples = new double[300];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = 1000 + 100 * random.nextGaussian();
        }
        FittedDistribution fit = FittedDistribution.fit(samples).orElseThrow();
        assertThat(fit.family()).isEqualTo(FittedDistribution.Family.GAUSSIAN);
        assertThat(fit.quantile(0.5)).isCloseTo(1000, within(20.0));
    }

    @Test
    void noFitWithoutEnoughSpreadOrSamples() {
        assertThat(FittedDistribution.fit(new double[] {1, 2})).isEmpty();
        assertThat(FittedDistribution.fit(new double[] {5, 5, 5})).isEmpty();
        assertThat(FittedDistribution.fit(new double[] {0, 1, 2})).isEmpty();
    }

    @Test
    void demandQuantilesUseTheFitWhenThereIsOne() {
        DemandDistribution demand = new DemandDistribution(new double[] {1, 2, 3});
        // Gaussian(2, 0.8165): the 0.9 quantile is 2 + 1.2816·0.8165 = 3.0464; empirically it is the max, 3
        assertThat(demand.quantile(0.9)).isCloseTo(3.0464, within(1e-3));
        assertThat(demand.empiricalQuantile(0.9)).isEqualTo(3.0);
        assertThat(demand.empiricalQuantile(0.5)).isEqualTo(2.0);
    }
}
