package io.punctual.history.model;

import io.punctual.history.RunFixtures;
import io.punctual.history.RunFixtures.Stage;
import io.punctual.history.run.RunRecord;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class LeaveOneOutTest {

    /** One executor of 2 cores; 4 tasks of {@code ms}: replayed in 2·ms, plus 500 ms of driver before and after. */
    private static RunRecord run(String id, long start, int ms) {
        return RunFixtures.run(id, start, 500, 2L * ms, 500, 2, 0, Stage.of(0, List.of(), ms, ms, ms, ms));
    }

    @Test
    void handWorkedErrorsOfThreeRuns() {
        // walls: A = 1 + 2·1 = 3 s, B = 1 + 2·2 = 5 s, C = 1 + 2·3 = 7 s. Each predicted from the other two at
        // 1 executor, median by nearest rank = the smaller of two: A <- 5 (error 2/3), B <- 3 (0.4), C <- 3 (4/7)
        List<RunRecord> runs = List.of(run("a", 0, 1000), run("b", 100_000, 2000), run("c", 200_000, 3000));
        LeaveOneOut.Result result = LeaveOneOut.evaluate(RunFixtures.KEY, runs, ModelSettings.DEFAULT);

        assertThat(result.trials()).extracting(LeaveOneOut.Trial::predictedSeconds).containsExactly(5.0, 3.0, 3.0);
        assertThat(result.trials()).extracting(LeaveOneOut.Trial::actualSeconds).containsExactly(3.0, 5.0, 7.0);
        assertThat(result.medianError()).isCloseTo(4.0 / 7, within(1e-12));
        assertThat(result.p90Error()).isCloseTo(2.0 / 3, within(1e-12));
    }

    @Test
    void aLoneRunHasNothingToBePredictedFrom() {
        assertThat(LeaveOneOut.evaluate(RunFixtures.KEY, List.of(run("a", 0, 1000)), ModelSettings.DEFAULT).trials())
                .isEmpty();
    }
}
