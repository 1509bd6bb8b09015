package io.punctual.sizing.replan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class RemainingTimePlannerTest {

    private final RemainingTimePlanner planner = new RemainingTimePlanner(0.9, 0.1, 0.2);

    /**
     * A stage of 10 tasks of 10 s, two finished (no spread), two running for 4 s, six pending; then a stage of 4
     * tasks expected at 5 s. Remaining work: 6 × 10 + 2 × 6 = 72 s, then 20 s.
     */
    private static List<StageProgress> halfway() {
        return List.of(new StageProgress(10, new double[] {10, 10}, new double[] {4, 4}, 10),
                StageProgress.notStarted(4, 5));
    }

    @Test
    void theRemainingTimeIsEachStagesWorkOverItsSlotsAndNeverLessThanOneTask() {
        List<StageProgress> stages = halfway();
        assertThat(planner.remainingSeconds(stages, 2, 1)).isCloseTo(72 / 2.0 + 20 / 2.0, within(1e-9));
        assertThat(planner.remainingSeconds(stages, 4, 1)).isCloseTo(72 / 4.0 + 20 / 4.0, within(1e-9));
        // 8 slots: 72 / 8 = 9 s is less than one pending task (10 s); the next stage's 4 tasks take one 5 s wave.
        assertThat(planner.remainingSeconds(stages, 8, 1)).isCloseTo(10 + 5, within(1e-9));
        // Cores count as slots: 2 executors of 2 cores are 4 slots.
        assertThat(planner.remainingSeconds(stages, 2, 2)).isEqualTo(planner.remainingSeconds(stages, 4, 1));
        assertThat(planner.remainingSeconds(List.of(new StageProgress(2, new double[] {3, 4}, new double[0], 1)), 1,
                1)).isZero();
    }

    @Test
    void aJobBehindGrowsToTheFewestExecutorsThatMeetTheDeadline() {
        // 2 executors: 46 s left of work for 30 s to the deadline; 3 take 24 + 6.67 = 30.67 s; 4 take 23 s.
        Replan plan = planner.plan(halfway(), 2, 8, 1, 30);

        assertThat(plan).isInstanceOf(Replan.Grow.class);
        assertThat(plan.executors()).isEqualTo(4);
        assertThat(plan.remainingSeconds()).isCloseTo(23, within(1e-9));
    }

    @Test
    void aJobThatNoCountAllowedCanSaveIsGrownToTheMostAndItsLatenessAnnounced() {
        Replan plan = planner.plan(halfway(), 2, 8, 1, 12);

        assertThat(plan).isEqualTo(new Replan.PredictedMiss(8, 15, 3));
    }

    @Test
    void aJobFarAheadShrinksOnlyToACountThatKeepsTheSlack() {
        // 100 s left, 20% kept: 80 s. One executor needs 92 s, two need 46 s.
        assertThat(planner.plan(halfway(), 8, 8, 1, 100)).isEqualTo(new Replan.Shrink(2, 46));
        // 30 s left (24 s with the slack): 3 executors need 30.67 s, so 4 stay.
        assertThat(planner.plan(halfway(), 4, 8, 1, 30)).isEqualTo(new Replan.Keep(4, 23));
    }

    @Test
    void spreadInTheFinishedTasksIsPlannedForAtThetaWithRushsKlRobustQuantile() {
        // Two finished tasks of 8 and 12 s: μ = 10, s² = 8; six pending: N(60, 48). At δ = 0 the θ = 0.9 quantile is
        // 60 + 1.2816 × √48 = 68.88 (to the quantization's bin width, 16 × 6.93 / 400 = 0.28).
        List<StageProgress> spread = List.of(new StageProgress(8, new double[] {8, 12}, new double[0], 10));
        double exact = new RemainingTimePlanner(0.9, 0, 0.2).remainingSeconds(spread, 1, 1);
        assertThat(exact).isCloseTo(68.88, within(0.3));
        double robust = new RemainingTimePlanner(0.9, 0.5, 0.2).remainingSeconds(spread, 1, 1);
        double surer = new RemainingTimePlanner(0.99, 0.5, 0.2).remainingSeconds(spread, 1, 1);
        assertThat(robust).isGreaterThan(exact);
        assertThat(surer).isGreaterThan(robust);
        List<StageProgress> flat = List.of(new StageProgress(8, new double[] {10, 10}, new double[0], 10));
        assertThat(new RemainingTimePlanner(0.9, 0.5, 0.2).remainingSeconds(flat, 1, 1)).isEqualTo(60);
    }

    @Test
    void growingNeverTakesLongerAndTheRemainingTimeFallsAsTasksFinish() {
        List<StageProgress> stages = halfway();
        double previous = Double.MAX_VALUE;
        for (int n = 1; n <= 20; n++) {
            double at = planner.remainingSeconds(stages, n, 1);
            assertThat(at).as("%d executors", n).isLessThanOrEqualTo(previous);
            previous = at;
        }
        List<StageProgress> later = List.of(new StageProgress(10, new double[] {10, 10, 10, 10, 10, 10},
                new double[] {4, 4}, 10), StageProgress.notStarted(4, 5));
        assertThat(planner.remainingSeconds(later, 2, 1)).isLessThan(planner.remainingSeconds(stages, 2, 1));
    }

    @Test
    void impossibleInputsAreRefused() {
        assertThatThrownBy(() -> new StageProgress(2, new double[] {1, 1}, new double[] {1}, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cannot have 2 finished and 1");
        assertThatThrownBy(() -> planner.plan(halfway(), 3, 2, 1, 10)).hasMessageContaining("current <= most");
        assertThatThrownBy(() -> new RemainingTimePlanner(0.9, 0.1, 1)).hasMessageContaining("slack");
    }
}
