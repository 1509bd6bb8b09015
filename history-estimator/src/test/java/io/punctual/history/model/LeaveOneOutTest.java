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
    void theHeldOutRunIsLeftOutOfTheExecutorScalingFit() {
        // the four runs of ExecutorScalingTest (ε = 9/11, β = 2 s per executor) and an outlier at 3 executors:
        // 8 tasks of 12.5 s, 40 s in the driver. Held out, it is predicted from the four alone, at 3 one-core slots:
        //   1-executor run: 5 + 2·2 = 9 s driver; 3 waves of 1 s × 3^ε
        //   2-executor run: 7 + 2·1 = 9 s;        3 waves of 1 s × 1.5^ε
        //   4-executor runs: 10 − 2 = 8 s and 12 − 2 = 10 s; 3 waves of 2 s and of 4 s, × 0.75^ε
        // = 16.37, 13.18, 12.74, 19.48 s; the median by nearest rank of four is the 2nd smallest, 13.18 s
        RunRecord outlier = ScaledRuns.run("app-5", 400_000, 3, 40_000, 8, 12_500);
        List<RunRecord> runs = new java.util.ArrayList<>(ExecutorScalingTest.fourRuns());
        runs.add(outlier);
        double e = 9.0 / 11;

        LeaveOneOut.Result result = LeaveOneOut.evaluate(RunFixtures.KEY, runs, ModelSettings.DEFAULT);

        LeaveOneOut.Trial trial = result.trials().stream().filter(t -> t.runId().equals(outlier.id())).findFirst()
                .orElseThrow();
        assertThat(trial.executors()).isEqualTo(3);
        assertThat(trial.actualSeconds()).isEqualTo(140.0);
        assertThat(trial.predictedSeconds()).isCloseTo(9 + 3 * Math.pow(1.5, e), within(1e-9));
        // with the outlier in the fit the scaling would be another one
        assertThat(ExecutorScaling.fit(runs, InputDrift.NONE).taskElasticity()).isNotCloseTo(e, within(0.1));
    }

    @Test
    void aLoneRunHasNothingToBePredictedFrom() {
        assertThat(LeaveOneOut.evaluate(RunFixtures.KEY, List.of(run("a", 0, 1000)), ModelSettings.DEFAULT).trials())
                .isEmpty();
    }
}
