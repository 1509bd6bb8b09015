package io.punctual.simulate.workload;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class TaskModelTest {

    private static final long MIB = 1L << 20;
    private static final TaskModel NO_NOISE = new TaskModel(128 * MIB, 256 * MIB, 64.0 * MIB, 32.0 * MIB, 1.0, 1.0,
            20_000, 0.0, 10.0);

    @Test
    void bytesBecomeTasksAndTaskTimesAsStated() {
        // 1 GiB in: 8 maps of 128 MiB at 64 MiB/s = 1 + 2 s each. 512 MiB shuffle + 0 out: 2 reduces of 256 MiB at
        // 32 MiB/s = 1 + 8 s each.
        SimJob.Stages stages = NO_NOISE.stages(new TraceJob("j", "j", 0, 1024 * MIB, 512 * MIB, 0),
                new SplittableRandom(1));
        assertThat(stages.tasks()).containsExactly(8, 2);
        assertThat(stages.taskSeconds()).containsExactly(3.0, 9.0);
        assertThat(stages.work()).isEqualTo(8 * 3.0 + 2 * 9.0);
    }

    @Test
    void aJobThatDoesNotShuffleIsOneStageAndTinyInputIsOneTask() {
        SimJob.Stages stages = NO_NOISE.stages(new TraceJob("j", "j", 0, 10, 0, 5), new SplittableRandom(1));
        assertThat(stages.tasks()).containsExactly(1);
        assertThat(stages.taskSeconds()[0]).isCloseTo(1.0, within(1e-6));
    }

    @Test
    void runtimeSpreadsEachStageOverItsCpusButNeverBelowOneTask() {
        SimJob job = new SimJob(0, "j", "j", 0, new SimJob.Stages(new int[] {8, 2}, new double[] {3, 9}), 10, 100,
                null);
        assertThat(job.maxParallelism()).isEqualTo(8);
        assertThat(job.runtime(1)).isEqualTo(10 + 8 * 3 + 2 * 9);
        assertThat(job.runtime(4)).isEqualTo(10 + 2 * 3 + 9);
        assertThat(job.runtime(8)).isEqualTo(10 + 3 + 9);
        assertThat(job.runtime(100)).isEqualTo(job.optimalRuntime());
    }

    @Test
    void runNoiseSpreadsRecurringRunsAroundTheModel() {
        TraceJob job = new TraceJob("j", "j", 0, 1024 * MIB, 0, 0);
        SplittableRandom random = new SplittableRandom(3);
        double[] seconds = new double[200];
        for (int i = 0; i < seconds.length; i++) {
            seconds[i] = TaskModel.DEFAULT.stages(job, random).taskSeconds()[0];
        }
        double min = java.util.Arrays.stream(seconds).min().orElseThrow();
        double max = java.util.Arrays.stream(seconds).max().orElseThrow();
        assertThat(max / min).isGreaterThan(1.5);
        assertThat(java.util.Arrays.stream(seconds).average().orElseThrow()).isBetween(2.5, 3.5);
    }
}
