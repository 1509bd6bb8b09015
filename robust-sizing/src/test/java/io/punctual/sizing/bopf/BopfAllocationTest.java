package io.punctual.sizing.bopf;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.Resources;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Allocation examples worked by hand from DESIGN.md §3 (α while ON or until α·t received, then β; DRF for E). */
class BopfAllocationTest {

    private static final Resources C = Resources.of(10, 10240);
    private static final QueueSpec LQ = QueueSpec.latencySensitive("lq", Resources.of(4, 4096), 10, 40, 0);
    private static final List<AdmissionDecision> ADMITTED =
            BopfAdmission.admitInOrder(C, List.of(LQ, QueueSpec.throughput("batch")));

    @Test
    void theLqIsHardAndTheBatchQueueElastic() {
        assertThat(ADMITTED).extracting(AdmissionDecision::queueClass)
                .containsExactly(QueueClass.HARD, QueueClass.ELASTIC);
    }

    @Test
    void alphaWhileOnThenBetaSpreadsTheRestOfTheFairShare() {
        // N = 2, C*T/N = <10*40/2, 10240*40/2> = <200, 204800>. At t = 20 (OFF) having received alpha*t = <40, 40960>:
        // beta = (<200, 204800> - <40, 40960>) / (40 - 10) = <160/30, 163840/30> = <5.33, 5461.33> -> <5, 5461>.
        assertThat(BopfAllocation.entitlement(LQ, 5, Resources.ZERO, C, 2)).isEqualTo(Resources.of(4, 4096));
        assertThat(BopfAllocation.entitlement(LQ, 20, Resources.of(40, 40960), C, 2)).isEqualTo(Resources.of(5, 5461));
        // Still owed part of its burst (<20, 20480> < <40, 40960>): alpha again, although OFF.
        assertThat(BopfAllocation.entitlement(LQ, 20, Resources.of(20, 20480), C, 2)).isEqualTo(Resources.of(4, 4096));
        // Past the fair share: beta floors at zero.
        assertThat(BopfAllocation.entitlement(LQ, 30, Resources.of(250, 300000), C, 2)).isEqualTo(Resources.ZERO);
    }

    @Test
    void simulationBooksReceiptsPerPeriod() {
        // Step 10 s, both queues always want the whole cluster. The batch queue is elastic, and DRF grows it along
        // its demand vector <10, 10240>, so it takes what is left up to the first resource that runs out.
        // t=0:  lq ON -> <4, 4096>; batch gets the rest, <6, 6144>. lq has received <40, 40960>.
        // t=10: beta = <(200-40)/30, (204800-40960)/30> = <5, 5461>; left <5, 4779>: memory binds at
        //       4779/10240 = 0.467 -> batch <4.67, 4779> -> <4, 4779>. lq has received <90, 95570>.
        // t=20: beta = <110/30, 109230/30> = <3, 3641>; left <7, 6599>: 6599/10240 = 0.644 -> batch <6, 6599>.
        //       lq has received <120, 131980>.
        // t=30: beta = <80/30, 72820/30> = <2, 2427>; left <8, 7813>: 7813/10240 = 0.763 -> batch <7, 7813>.
        // t=40: a new period, receipts start again: ON -> <4, 4096>, batch <6, 6144>.
        List<StepAllocation> steps = BopfSimulation.run(C, ADMITTED, (queue, time) -> C, 0, 50, 10);

        assertThat(steps).extracting(s -> s.of("lq")).containsExactly(Resources.of(4, 4096), Resources.of(5, 5461),
                Resources.of(3, 3641), Resources.of(2, 2427), Resources.of(4, 4096));
        assertThat(steps).extracting(s -> s.of("batch")).containsExactly(Resources.of(6, 6144), Resources.of(4, 4779),
                Resources.of(6, 6599), Resources.of(7, 7813), Resources.of(6, 6144));
    }

    @Test
    void anOnHardQueueIsServedBeforeOneCatchingUpOnItsBurst() {
        // A (admitted first) ON [0,5) mod 10 and B ON [5,10) mod 10, each <6, 6000>: they take turns, both hard.
        // At t = 5 A is OFF but has received nothing (it had no demand): it is owed alpha. B is ON and is served
        // first, so B gets its <6, 6000> and A the <4, 4240> left.
        QueueSpec a = QueueSpec.latencySensitive("A", Resources.of(6, 6000), 5, 10, 0);
        QueueSpec b = QueueSpec.latencySensitive("B", Resources.of(6, 6000), 5, 10, 5);
        List<AdmissionDecision> admitted = BopfAdmission.admitInOrder(C, List.of(a, b));
        assertThat(admitted).extracting(AdmissionDecision::queueClass).containsOnly(QueueClass.HARD);

        StepAllocation step = BopfAllocation.step(C, admitted, 5, Map.of("A", C, "B", C), Map.of());

        assertThat(step.of("B")).isEqualTo(Resources.of(6, 6000));
        assertThat(step.of("A")).isEqualTo(Resources.of(4, 4240));
    }

    @Test
    void aGuaranteedQueueGetsNothingBeforeItsFirstPeriod() {
        QueueSpec late = QueueSpec.latencySensitive("late", Resources.of(2, 2048), 5, 10, 100);

        assertThat(BopfAllocation.entitlement(late, 99, Resources.ZERO, C, 1)).isEqualTo(Resources.ZERO);
        assertThat(BopfAllocation.entitlement(late, 100, Resources.ZERO, C, 1)).isEqualTo(Resources.of(2, 2048));
    }
}
