package io.punctual.sizing.sizer;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.rush.DemandDistribution;
import io.punctual.sizing.rush.DemandEstimate;
import io.punctual.sizing.rush.DemandEstimator;
import io.punctual.sizing.rush.GaussianEstimator;
import io.punctual.sizing.rush.RunDemand;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RushSizerTest {

    /**
     * φ over four demands: 100 (0.4), 200 (0.4), 300 (0.15), 400 (0.05). At θ = 0.75 its quantile is 200. Reaching
     * 300 costs KL 0.75·ln(0.75/0.8) + 0.25·ln(0.25/0.2) = 0.00738; reaching 400 (the top bin) costs
     * 0.75·ln(0.75/0.95) + 0.25·ln(0.25/0.05) = 0.2251. So δ = 0.05 gives η = 300 and κ = 1.5; δ = 0.3 gives the top bin.
     */
    private static final DemandEstimator FOUR_BINS = samples -> new DemandEstimate.Estimated(
            DemandDistribution.of(new double[] {100, 200, 300, 400}, new double[] {0.4, 0.4, 0.15, 0.05}));

    /** 100 s of driver-only time, 600 s of executor work at the θ-quantile (400 s at the median), 10 s to launch. */
    private static final JobHistory HISTORY = Requests.history(5, new StraightCurve(100, 400, 600, 10), 10, 20);

    private final RushSizer sizer = new RushSizer(3, FOUR_BINS);

    @Test
    void kappaStretchesExecutorWorkButNotDriverOnlyTime() {
        // usable = 300 − 10 = 290 s. Robust runtime 100 + 1.5·600/n: n = 4 gives 325, n = 5 gives 280 ≤ 290.
        // Stretching the whole wall time instead, 1.5·(100 + 600/n) ≤ 290 would need n = 7.
        SizingDecision decision = sizer.size(request(300, 0.05));

        SizingDecision.Sized sized = (SizingDecision.Sized) decision;
        assertThat(sized.executors()).isEqualTo(5);
        assertThat(sized.decidedBy()).isEqualTo(Bound.DEADLINE);
        assertThat(sized.hold()).isEqualTo(Duration.ofSeconds(290));
        assertThat(sized.thetaFinish()).contains(Requests.NOW.plusSeconds(290));
        assertThat(sized.p50Finish()).contains(Requests.NOW.plusSeconds(10 + 100 + 80));
        assertThat(sized.terms()).anySatisfy(t -> {
            assertThat(t.name()).startsWith("κ");
            assertThat(t.value()).isEqualTo("1.500");
        });
        assertThat(sized.terms()).anySatisfy(t -> {
            assertThat(t.name()).isEqualTo("how sure");
            assertThat(t.value()).isEqualTo("a straight test curve");
        });
    }

    @Test
    void aHistoryMixingExecutorCountsWithoutNoiseIsStretchedByNothing() {
        // runs at 2 and 4 executors needing 100 and 300 core-seconds every time: the curve already tells the counts
        // apart, so κ must be 1; pooled, the Gaussian over {100, 300, 100, 300} would stretch every runtime
        var history = new JobHistory(4, List.of(new RunDemand(2, 100), new RunDemand(4, 300), new RunDemand(2, 100),
                new RunDemand(4, 300)), new StraightCurve(100, 400, 600, 10), Duration.ofSeconds(10), 1.0, 20);
        var gaussian = new RushSizer(3, GaussianEstimator.perRun(GaussianEstimator.DEFAULT_BINS));

        SizingDecision.Sized sized = (SizingDecision.Sized) gaussian.size(Requests.request(300, 0.9, 0.3, 1,
                Optional.of(history), new ParallelismEstimate(20, "test"), 50, 50));

        assertThat(sized.terms()).anySatisfy(t -> {
            assertThat(t.name()).startsWith("κ");
            assertThat(t.value()).isEqualTo("1.000");
        });
        // 100 + 600/n ≤ 290 first at n = 4, as without robustness
        assertThat(sized.executors()).isEqualTo(4);
    }

    @Test
    void withoutRobustnessTheThetaQuantileRuntimeIsUsedAsIs() {
        // δ = 0: κ = 1, runtime 100 + 600/n ≤ 290 first at n = 4 (250 s).
        SizingDecision.Sized sized = (SizingDecision.Sized) sizer.size(request(300, 0.0));

        assertThat(sized.executors()).isEqualTo(4);
        assertThat(sized.hold()).isEqualTo(Duration.ofSeconds(260));
    }

    @Test
    void aWorstCaseAtTheTopBinIsNotTrustedAndTheSizerStepsAside() {
        SizingDecision decision = sizer.size(request(300, 0.3));

        assertThat(decision).isInstanceOf(SizingDecision.NotApplicable.class);
        assertThat(((SizingDecision.NotApplicable) decision).reason()).contains("top of the demand range")
                .contains("spark.deadline.robustness");
    }

    @Test
    void tooFewRunsLeaveTheJobToAnotherSizer() {
        SizingRequest request = Requests.request(300, 0.75, 0.05, 1,
                Optional.of(Requests.history(2, new StraightCurve(100, 400, 600, 10), 10, 20)),
                new ParallelismEstimate(8, "test"), 10, 10);

        SizingDecision decision = sizer.size(request);

        assertThat(((SizingDecision.NotApplicable) decision).reason()).contains("needs 3 good runs").contains("has 2");
    }

    @Test
    void aDeadlineTooCloseForTheMostUsefulExecutorsIsUnmeetableWithTheEarliestFinish() {
        // usable = 140 s; the most useful is 10 executors: 100 + 900/10 = 190 s, finishing at 10 + 190 = 200 s.
        SizingDecision decision = sizer.size(request(150, 0.05));

        SizingDecision.Unmeetable unmeetable = (SizingDecision.Unmeetable) decision;
        assertThat(unmeetable.decidedBy()).isEqualTo(Bound.MAX_PARALLELISM);
        assertThat(unmeetable.earliestDeadline()).contains(Requests.NOW.plusSeconds(200));
    }

    private static SizingRequest request(long deadlineSeconds, double robustness) {
        return Requests.request(deadlineSeconds, 0.75, robustness, 1, Optional.of(HISTORY),
                new ParallelismEstimate(8, "test"), 10, 10);
    }
}
