package io.punctual.simulate.policy;

import io.punctual.simulate.engine.FinishedRun;
import io.punctual.simulate.workload.JobView;
import io.punctual.simulate.workload.SimJob;
import io.punctual.sizing.sizer.JobHistory;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class SimHistoryTest {

    private static FinishedRun run(String key, int tasks, double taskSeconds) {
        return new FinishedRun(new JobView(0, key, key, 0, 100, tasks), 0, 10, 1, 10, true,
                new SimJob.Stages(new int[] {tasks, 1}, new double[] {taskSeconds, 2}), 10);
    }

    @Test
    void theHistoryReplaysRecordedStagesAtOtherCountsAndTakesTheAskedQuantileAcrossRuns() {
        SimHistory history = new SimHistory(3);
        history.record(run("a", 8, 4));
        history.record(run("a", 8, 6));
        JobHistory a = history.history("a").orElseThrow();
        assertThat(a.goodRuns()).isEqualTo(2);
        assertThat(a.demandSamples()).containsExactly(8 * 4 + 2, 8 * 6 + 2);
        // On 4 executors: 2 waves of the 8-task stage, then the 1-task stage: 2·4 + 2 = 10 s and 2·6 + 2 = 14 s.
        assertThat(a.curve().wallSeconds(4, 0.5)).isCloseTo(10, within(1e-9));
        assertThat(a.curve().wallSeconds(4, 0.9)).isCloseTo(14, within(1e-9));
        assertThat(a.curve().maxUsefulExecutors()).isEqualTo(8);
        assertThat(a.widestStageTasks()).isEqualTo(8);
        assertThat(history.history("b")).isEmpty();
    }
}
