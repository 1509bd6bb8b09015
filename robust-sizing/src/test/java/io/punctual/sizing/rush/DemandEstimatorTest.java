package io.punctual.sizing.rush;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class DemandEstimatorTest {

    private static DemandDistribution estimated(DemandEstimate estimate) {
        assertThat(estimate).isInstanceOf(DemandEstimate.Estimated.class);
        return ((DemandEstimate.Estimated) estimate).distribution();
    }

    private static DemandEstimate.Problem problem(DemandEstimate estimate) {
        assertThat(estimate).isInstanceOf(DemandEstimate.Unusable.class);
        return ((DemandEstimate.Unusable) estimate).problem();
    }

    @Test
    void meanTimeIsAnImpulseAtRemainingTasksTimesTheMean() {
        // Task demands 2 and 4 average 3; 10 tasks remain: an impulse at 30.
        DemandDistribution impulse = estimated(MeanTimeEstimator.perTask(10).estimate(new double[] {2, 4}));

        assertThat(impulse.bins()).isEqualTo(1);
        assertThat(impulse.value(0)).isEqualTo(30.0);
        assertThat(WorstCaseDemandSearch.search(impulse, Robustness.of(0.99, 2)).eta()).isEqualTo(30.0);
    }

    @Test
    void gaussianScalesTaskStatisticsByRemainingTasks() {
        // Task demands 1..5: mean 3, sample variance ((4 + 1 + 0 + 1 + 4)/4) = 2.5. Four tasks remain:
        // N(4·3, 4·2.5) = N(12, 10), sd = 3.162278. Range [max(0, 12 − 8·3.162278), 12 + 25.298221] = [0, 37.298221].
        // Its median is 12; with 2000 bins (width 0.018649) the reference median lands in [12, 12.018649).
        DemandDistribution reference = estimated(GaussianEstimator.perTask(4, 2000)
                .estimate(new double[] {1, 2, 3, 4, 5}));

        assertThat(reference.value(reference.bins() - 1)).isCloseTo(12 + 8 * Math.sqrt(10), within(1e-9));
        assertThat(reference.quantile(0.5)).isBetween(12.0, 12.0 + 37.298221 / 2000);
        // The 0.841345-quantile of N(12, 10) is 12 + 3.162278 = 15.162278 (one standard deviation).
        assertThat(reference.quantile(0.8413447)).isCloseTo(15.162278, within(37.298221 / 2000 + 1e-6));
    }

    @Test
    void gaussianFoldsImpossibleNegativeDemandIntoTheFirstBin() {
        // N(10, 10²): range [max(0, −70), 90] = [0, 90], 9 bins of 10. The first bin holds P(X ≤ 10) = 0.5,
        // negative demand included.
        DemandDistribution reference = GaussianEstimator.quantize(10, 10, 9);

        assertThat(reference.value(0)).isCloseTo(10.0, within(1e-12));
        assertThat(reference.probability(0)).isCloseTo(0.5, within(1e-12));
        assertThat(reference.massBelow(reference.bins())).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void empiricalKeepsDistinctDemandsExactly() {
        // Runs 5, 1, 3, 3: demands 1, 3, 5 with weights 1/4, 1/2, 1/4.
        DemandDistribution reference = estimated(new EmpiricalEstimator(10).estimate(new double[] {5, 1, 3, 3}));

        assertThat(reference.values()).containsExactly(1, 3, 5);
        assertThat(reference.probabilities()).containsExactly(new double[] {0.25, 0.5, 0.25}, within(1e-15));
        assertThat(reference.quantile(0.5)).isEqualTo(3.0);
    }

    @Test
    void empiricalGroupsManyDemandsUnderTheirUpperEdges() {
        // Runs 1..10 into 3 bins over [1, 10]: width 3, upper edges 4, 7, 10. 1..4 → 4 runs, 5..7 → 3, 8..10 → 3.
        double[] runs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        DemandDistribution reference = estimated(new EmpiricalEstimator(3).estimate(runs));

        assertThat(reference.values()).containsExactly(new double[] {4, 7, 10}, within(1e-12));
        assertThat(reference.probabilities()).containsExactly(new double[] {0.4, 0.3, 0.3}, within(1e-12));
    }

    @Test
    void badHistoryIsATypedResultThatSaysWhy() {
        GaussianEstimator gaussian = GaussianEstimator.perRun(100);

        assertThat(problem(gaussian.estimate(new double[0]))).isEqualTo(DemandEstimate.Problem.NO_SAMPLES);
        assertThat(problem(gaussian.estimate(new double[] {5}))).isEqualTo(DemandEstimate.Problem.TOO_FEW_SAMPLES);
        assertThat(problem(gaussian.estimate(new double[] {5, Double.NaN})))
                .isEqualTo(DemandEstimate.Problem.NON_FINITE_SAMPLE);
        assertThat(problem(gaussian.estimate(new double[] {5, -1}))).isEqualTo(DemandEstimate.Problem.NEGATIVE_SAMPLE);
        assertThat(problem(gaussian.estimate(new double[] {5, 5, 5}))).isEqualTo(DemandEstimate.Problem.ZERO_SPREAD);
        assertThat(problem(new EmpiricalEstimator(10).estimate(new double[] {5, 5})))
                .isEqualTo(DemandEstimate.Problem.ZERO_SPREAD);
        assertThat(problem(MeanTimeEstimator.perRun().estimate(new double[0])))
                .isEqualTo(DemandEstimate.Problem.NO_SAMPLES);
        DemandEstimate.Unusable broken = (DemandEstimate.Unusable) gaussian.estimate(new double[] {5, Double.NaN});
        assertThat(broken.detail()).contains("sample #1").contains("drop broken runs");
    }

    @Test
    void programmingErrorsThrowWithWhatToDo() {
        assertThatThrownBy(() -> GaussianEstimator.perRun(100).estimate(null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("empty array");
        assertThatThrownBy(() -> GaussianEstimator.perTask(0, 100)).hasMessageContaining("remaining tasks");
        assertThatThrownBy(() -> new EmpiricalEstimator(1)).hasMessageContaining("at least 2 bins");
    }
}
