package io.punctual.submit.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.simulate.engine.StageSnapshot;
import io.punctual.sizing.replan.StageProgress;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** What re-planning reads of a simulated run: finished tasks' times, and a stand-in for a stage not seen yet. */
class SimulatedProgressTest {

    private static final OptionalDouble NONE = OptionalDouble.empty();

    private static final List<StageSnapshot> MAP_RUNNING = List.of(new StageSnapshot(10, 4, 2, 3.0, 1.0),
            new StageSnapshot(5, 0, 0, 0, 0));

    @Test
    void nothingIsReadBeforeTheFirstTaskFinishes() {
        assertThat(SimulatedProgress.of(List.of(new StageSnapshot(10, 0, 4, 0, 2.0)), Optional.empty(), NONE)).isEmpty();
    }

    @Test
    void aStageNotSeenYetIsExpectedToCompareWithTheSeenOneAsInTheNewestRun() {
        // Last run: map tasks 2 s, reduce tasks 8 s (4x). This run's map tasks take 3 s: its reduce tasks, 12 s.
        List<StageProgress> read = SimulatedProgress.of(MAP_RUNNING, Optional.of(new double[] {2, 8}),
                OptionalDouble.of(5)).orElseThrow();

        assertThat(read.get(0).finishedSeconds()).containsExactly(3, 3, 3, 3);
        assertThat(read.get(0).runningElapsed()).containsExactly(1, 1);
        assertThat(read.get(1).expectedTaskSeconds()).isEqualTo(12);
        assertThat(read.get(1).pending()).isEqualTo(5);
    }

    @Test
    void withoutAHistoryOfTheSameShapeRunsLikeItSayHowMuchLongerALaterStageTakes() {
        // runs like it: later stages' tasks took 2.5 times their first stage's
        assertThat(SimulatedProgress.of(MAP_RUNNING, Optional.empty(), OptionalDouble.of(2.5)).orElseThrow().get(1)
                .expectedTaskSeconds()).isEqualTo(7.5);
        assertThat(SimulatedProgress.of(MAP_RUNNING, Optional.of(new double[] {2}), OptionalDouble.of(2.5))
                .orElseThrow().get(1).expectedTaskSeconds()).isEqualTo(7.5);
        // nothing learnt of later stages: the seen stage's time stands in
        assertThat(SimulatedProgress.of(MAP_RUNNING, Optional.empty(), NONE).orElseThrow().get(1)
                .expectedTaskSeconds()).isEqualTo(3);
    }
}
