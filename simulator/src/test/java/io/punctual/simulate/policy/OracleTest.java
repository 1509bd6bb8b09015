package io.punctual.simulate.policy;

import io.punctual.simulate.workload.SimJob;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class OracleTest {

    @Test
    void theFewestCpusThatFinishInTimeAreFoundExactly() {
        // 10 s launch + 12 tasks of 5 s: 70 s on 1 CPU, 40 s on 2, 25 s on 4, 15 s on 12.
        SimJob job = new SimJob(0, "j", "j", 0, new SimJob.Stages(new int[] {12}, new double[] {5}), 10, 100, null);
        assertThat(Oracle.fewestCpus(job, 70, 100)).isEqualTo(1);
        assertThat(Oracle.fewestCpus(job, 40, 100)).isEqualTo(2);
        assertThat(Oracle.fewestCpus(job, 39.9, 100)).isEqualTo(3);
        assertThat(Oracle.fewestCpus(job, 15, 100)).isEqualTo(12);
        assertThat(Oracle.fewestCpus(job, 14.9, 100)).isEqualTo(-1);
        assertThat(Oracle.fewestCpus(job, 15, 6)).isEqualTo(-1);
        assertThat(Oracle.fewestCpus(job, 0, 100)).isEqualTo(-1);
    }
}
