package io.punctual.simulate.queues;

import io.punctual.simulate.engine.JobResult;
import io.punctual.simulate.workload.TraceException;
import io.punctual.sizing.Resources;
import io.punctual.sizing.bopf.QueueSpec;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class BurstSimulationTest {

    private static final Resources CLUSTER = new Resources(80_000, 40);
    /** One LQ bursting half the cluster for 60 s every 600 s, from 0; three TQs that always want everything. */
    private static final List<QueueSpec> QUEUES = List.of(
            QueueSpec.latencySensitive("lq", new Resources(40_000, 20), 60, 600, 0),
            QueueSpec.throughput("tq0"), QueueSpec.throughput("tq1"), QueueSpec.throughput("tq2"));

    @Test
    void bopfServesAnAdmittedBurstAtItsRateWhileDrfMakesItShare() {
        BurstSimulation.BurstRun bopf = BurstSimulation.run("bopf", CLUSTER, QUEUES, 3600);
        BurstSimulation.BurstRun drf = BurstSimulation.run("drf", CLUSTER, QUEUES, 3600);
        assertThat(bopf.classes().get("lq")).isEqualTo("hard");
        // 20 vcores x 60 s = 1,200 vcore-s of work per burst. BoPF gives it its 20 vcores: 60 s. DRF splits the 40
        // vcores four ways while the TQs want everything: 10 vcores, so 120 s.
        assertThat(bopf.bursts()).hasSize(6).allSatisfy(b -> {
            assertThat(b.finish() - b.arrival()).isCloseTo(60, within(1e-6));
            assertThat(b.metDeadline()).isTrue();
        });
        assertThat(drf.bursts()).hasSize(6).allSatisfy(b -> {
            assertThat(b.finish() - b.arrival()).isCloseTo(120, within(1e-6));
            assertThat(b.metDeadline()).isFalse();
        });
        // What the LQ does not take the TQs share by DRF in whole vcores: 13 each of 40 outside bursts (one idle),
        // 6 each of the 20 left during the 6 bursts of 60 s (two idle).
        double bopfWork = bopf.throughputWork().values().stream().mapToDouble(Double::doubleValue).sum();
        assertThat(bopfWork).isCloseTo((3600 - 360) * 39.0 + 360 * 18.0, within(1e-6));
    }

    @Test
    void strictPriorityStarvesThroughputQueuesThatBopfProtects() {
        // A team's batch queue, then two LQs that each want the whole cluster half of every period: together they
        // would take all of it. BoPF admits the first LQ as hard (its burst of 300·C is within C·T/(N+1) = 300·C)
        // and rejects the second, whose admission would break that guarantee (safety: 300·C > 600·C/3); strict
        // priority serves both in full.
        List<QueueSpec> greedy = List.of(QueueSpec.throughput("tq"), QueueSpec.latencySensitive("a", CLUSTER, 300, 600, 0),
                QueueSpec.latencySensitive("b", CLUSTER, 300, 600, 300));
        double strict = BurstSimulation.run("strict-priority", CLUSTER, greedy, 3600).throughputWork().get("tq");
        BurstSimulation.BurstRun bopf = BurstSimulation.run("bopf", CLUSTER, greedy, 3600);
        assertThat(strict).isZero();
        assertThat(bopf.throughputWork().get("tq")).isGreaterThan(0.2 * 40 * 3600);
        assertThat(bopf.classes()).containsEntry("a", "hard").containsEntry("b", "rejected");
    }

    @Test
    void aRejectedQueuesBurstsAreReportedAsDroppedWithTheReason() {
        List<QueueSpec> many = new java.util.ArrayList<>();
        for (int i = 0; i < 4; i++) {
            many.add(QueueSpec.latencySensitive("lq" + i, CLUSTER, 300, 600, 0));
        }
        BurstSimulation.BurstRun bopf = BurstSimulation.run("bopf", CLUSTER, many, 1200);
        List<JobResult> dropped = bopf.bursts().stream().filter(JobResult::dropped).toList();
        assertThat(bopf.classes()).containsValue("rejected");
        assertThat(dropped).isNotEmpty().allSatisfy(r -> assertThat(r.reason()).contains("rejected by BoPF"));
    }

    @Test
    void theWorkloadIsParsedWithClearErrorsAndPhasesFollowTheSeed() {
        BurstWorkload workload = BurstWorkload.parse("lqs=3,tqs=1,period=300,on=30,burst=0.4,hours=1");
        List<QueueSpec> queues = workload.queues(CLUSTER, 7);
        assertThat(queues).hasSize(4);
        assertThat(queues.get(0).isLatencySensitive()).isFalse();
        assertThat(queues.get(1).alpha()).isEqualTo(new Resources(32_000, 16));
        assertThat(queues).isEqualTo(workload.queues(CLUSTER, 7)).isNotEqualTo(workload.queues(CLUSTER, 8));
        assertThatThrownBy(() -> BurstWorkload.parse("lqs=2,on=900,period=600")).isInstanceOf(TraceException.class)
                .hasMessageContaining("0 < on ≤ period");
        assertThatThrownBy(() -> BurstWorkload.parse("lqs=2,jitter=3")).hasMessageContaining("unknown");
        assertThatThrownBy(() -> BurstWorkload.parse("lqs=two")).hasMessageContaining("not a number");
        assertThatThrownBy(() -> BurstSimulation.run("fifo", CLUSTER, QUEUES, 10)).hasMessageContaining("bopf");
    }
}
