package io.punctual.sizing.rayon.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.punctual.sizing.Resources;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlanMetricsTest {

    private static final Resources CAPACITY = Resources.of(100, 102_400);

    private static Segment seg(long s, long e, long vcores) {
        return new Segment(s, e, Resources.of(vcores, 1024 * vcores));
    }

    @Test
    void acceptanceIsWeightedBySize() {
        // Sizes 1 and 3, the small one accepted: 1 / 4.
        assertThat(PlanMetrics.acceptance(new double[] {1, 3}, new boolean[] {true, false})).isEqualTo(0.25);
    }

    @Test
    void preemptionSumsDownwardStepsButNotTheNaturalEnd() {
        // 10 -> 4 -> 6 -> end: one step down of 6 bundles of 100 = 0.06.
        assertThat(PlanMetrics.preemption(List.of(seg(0, 10, 10), seg(10, 20, 4), seg(20, 30, 6)), CAPACITY))
                .isCloseTo(0.06, within(1e-12));
        // A gap is a drop to zero that the allocation comes back from: 10% preempted.
        assertThat(PlanMetrics.preemption(List.of(seg(0, 10, 10), seg(20, 30, 10)), CAPACITY))
                .isCloseTo(0.10, within(1e-12));
        // Flat allocations never preempt.
        assertThat(PlanMetrics.preemption(List.of(seg(0, 10, 10)), CAPACITY)).isZero();
    }

    @Test
    void preemptionOfAPlanAddsItsReservations() {
        RunLengthPlan plan = new RunLengthPlan(CAPACITY, 1);
        plan.add("a", "t", List.of(seg(0, 10, 10), seg(10, 20, 4)));
        plan.add("b", "t", List.of(seg(0, 10, 20), seg(10, 20, 10)));

        assertThat(PlanMetrics.preemption(plan)).isCloseTo(0.16, within(1e-12));
    }

    @Test
    void uniformityIsStddevOverMean() {
        // Half the time at 50%, half at 0: mean 0.25, E[u^2] = 0.125, variance 0.0625, stddev 0.25, ratio 1.
        RunLengthPlan plan = new RunLengthPlan(CAPACITY, 1);
        plan.add("a", "t", List.of(seg(0, 50, 50)));

        assertThat(PlanMetrics.uniformity(plan, 0, 100)).isCloseTo(1.0, within(1e-12));
        assertThat(PlanMetrics.uniformity(plan, 0, 50)).isCloseTo(0.0, within(1e-12));
        assertThat(PlanMetrics.uniformity(new RunLengthPlan(CAPACITY, 1), 0, 10)).isZero();
    }

    @Test
    void dominantShareTakesTheScarcerResource() {
        assertThat(PlanMetrics.dominantShare(Resources.of(1, 4096), CAPACITY)).isCloseTo(0.04, within(1e-12));
    }
}
