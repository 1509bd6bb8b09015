package io.punctual.sizing.rush;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** RUSH's demand is learnt per executor count: its spread is run-to-run noise, never the mix of counts. */
class CountNormalisedDemandTest {

    private static final Robustness THETA_DELTA = Robustness.of(0.9, 0.3);
    private static final DemandEstimator GAUSSIAN = GaussianEstimator.perRun(GaussianEstimator.DEFAULT_BINS);

    private static double kappa(double[] samples) {
        var robust = WorstCaseDemandSearch.fromSamples(GAUSSIAN, samples, THETA_DELTA);
        WorstCaseDemand demand = ((RobustDemand.Bounded) robust).demand();
        return demand.eta() / demand.referenceQuantile();
    }

    @Test
    void twoCountsWithoutNoiseEachLeaveNoSpread() {
        // 100 core-seconds at 2 executors and 300 at 4, every time: no run-to-run noise at all
        List<RunDemand> runs = List.of(new RunDemand(2, 100), new RunDemand(4, 300), new RunDemand(2, 100),
                new RunDemand(4, 300));

        double[] samples = CountNormalisedDemand.samples(runs, 4);

        assertThat(samples).containsExactly(new double[] {300, 300, 300, 300}, within(1e-6));
        assertThat(kappa(new double[] {100, 300, 100, 300})).as("pooled, κ measures the counts' mix")
                .isGreaterThan(1.5);
    }

    @Test
    void twoCountsWithTenPercentNoiseGiveTheKappaOfTenPercentNoise() {
        // ±10% around 100 at 2 executors and around 300 at 4: the same relative noise at both counts
        List<RunDemand> mixed = List.of(new RunDemand(2, 90), new RunDemand(4, 270), new RunDemand(2, 110),
                new RunDemand(4, 330), new RunDemand(2, 100), new RunDemand(4, 300));
        double oneCount = kappa(new double[] {270, 330, 300, 270, 330, 300});

        double normalised = kappa(CountNormalisedDemand.samples(mixed, 4));
        double pooled = kappa(new double[] {90, 270, 110, 330, 100, 300});

        // the fit's two parameters are paid for by widening the residuals by sqrt(5/4)
        assertThat(normalised).isGreaterThan(oneCount).isLessThan(1 + (oneCount - 1) * 1.2);
        assertThat(pooled).isGreaterThan(normalised + 0.3);
    }

    @Test
    void oneCountIsUsedAsRecordedAndTwoRunsAtTwoCountsToo() {
        List<RunDemand> one = List.of(new RunDemand(3, 10), new RunDemand(3, 12), new RunDemand(3, 11));
        List<RunDemand> twoRuns = List.of(new RunDemand(2, 10), new RunDemand(4, 30));

        assertThat(CountNormalisedDemand.samples(one, 3)).containsExactly(10, 12, 11);
        assertThat(CountNormalisedDemand.samples(twoRuns, 4)).as("no residual left to measure noise with")
                .containsExactly(10, 30);
    }
}
