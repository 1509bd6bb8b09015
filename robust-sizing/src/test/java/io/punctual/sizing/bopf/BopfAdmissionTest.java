package io.punctual.sizing.bopf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.sizing.Resources;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Classification examples worked by hand from DESIGN.md §3's conditions; the arithmetic is in the comments. */
class BopfAdmissionTest {

    private static final Resources C = Resources.of(10, 10240);

    @Test
    void paperScenarioHardSoftElasticThenSafetyRejects() {
        // The shape of paper §5.2.5: a TQ queued first, then LQ-0, LQ-1, LQ-2 with periods 150, 110, 60.
        // C = <10 vcores, 10240 MiB>.
        List<QueueSpec> queues = List.of(
                QueueSpec.throughput("TQ-0"),
                QueueSpec.latencySensitive("LQ-0", Resources.of(8, 8192), 25, 150, 50),
                QueueSpec.latencySensitive("LQ-1", Resources.of(8, 8192), 20, 110, 100),
                QueueSpec.latencySensitive("LQ-2", Resources.of(6, 6144), 30, 60, 150),
                QueueSpec.throughput("TQ-1"),
                QueueSpec.throughput("TQ-2"),
                QueueSpec.throughput("TQ-3"));

        List<AdmissionDecision> decisions = BopfAdmission.admitInOrder(C, queues);

        // TQ-0, N = 0: no guaranteed queue yet, safety holds -> elastic.
        assertThat(decisions.get(0).queueClass()).isEqualTo(QueueClass.ELASTIC);
        assertThat(decisions.get(0).decidedBy()).isEqualTo(Condition.SAFETY);
        // LQ-0, N = 1: alpha*t = <8*25, 8192*25> = <200, 204800> <= C*T/2 = <10*150/2, 10240*150/2> = <750, 768000>;
        // no hard queue yet, so alpha <= C - 0 -> hard.
        assertThat(decisions.get(1).queueClass()).isEqualTo(QueueClass.HARD);
        assertThat(decisions.get(1).reason()).contains("<200 vcore-s, 204800 MiB-s> <= C*T/2 = <750 vcore-s, 768000 MiB-s>");
        // LQ-1, N = 2: safety: LQ-0 200*3 = 600 <= 1500, 204800*3 = 614400 <= 1536000. Fairness: <160, 163840> <=
        // C*T/3 = <366.6, 375466.6>. Resource: room C - alpha = <2, 2048>, but LQ-0 (ON [50,75) mod 150) and LQ-1
        // (ON [100,120) mod 110) overlap, e.g. [210, 225): 8 + 8 > 10 -> soft.
        assertThat(decisions.get(2).queueClass()).isEqualTo(QueueClass.SOFT);
        assertThat(decisions.get(2).reason()).contains("hard bursts reach <8 vcores, 8192 MiB>");
        // LQ-2, N = 3: safety: LQ-0 200*4 = 800 <= 1500; LQ-1 160*4 = 640 <= 1100, 163840*4 = 655360 <= 1126400.
        // Fairness: alpha*t = <180, 184320> > C*T/4 = <150, 153600> -> elastic.
        assertThat(decisions.get(3).queueClass()).isEqualTo(QueueClass.ELASTIC);
        assertThat(decisions.get(3).decidedBy()).isEqualTo(Condition.FAIRNESS);
        assertThat(decisions.get(3).reason()).contains("> C*T/4 = <150 vcore-s, 153600 MiB-s>");
        // TQ-1 (N+1 = 5): LQ-0 1000 <= 1500, LQ-1 800 <= 1100. TQ-2 (N+1 = 6): 1200 <= 1500, 960 <= 1100.
        assertThat(decisions.get(4).queueClass()).isEqualTo(QueueClass.ELASTIC);
        assertThat(decisions.get(5).queueClass()).isEqualTo(QueueClass.ELASTIC);
        // TQ-3 (N+1 = 7): LQ-0 200*7 = 1400 <= 1500 still, but LQ-1 160*7 = 1120 > 1100 = 10*110 -> rejected.
        assertThat(decisions.get(6).queueClass()).isEqualTo(QueueClass.REJECTED);
        assertThat(decisions.get(6).reason()).contains("soft queue 'LQ-1'", "C*T/7 = <157.1 vcore-s");
    }

    @Test
    void burstsThatTakeTurnsAreAllHard() {
        // C = <10, 10240>. A: <6, 6000> ON [0,50) mod 100 -> hard (nothing else, <300,300000> <= C*T = <1000, 1024000>).
        // B: <6, 6000> ON [50,100) mod 100: room <4, 4240>, A + B = 12 > 10 would fail if summed, but A and B never
        // overlap -> peak 0 -> hard. Safety at N+1 = 2: A 300*2 = 600 <= 1000.
        // D: <3, 3000> ON [45,55) mod 200: N+1 = 3, fairness <30, 30000> <= <666.6, 682666.6>; it meets A on
        // [45,50) and B on [50,55), one at a time -> peak <6, 6000> <= room <7, 7240> -> hard.
        AdmittedQueues ledger = new AdmittedQueues(C);
        BopfAdmission admission = new BopfAdmission();

        AdmissionDecision a = admission.admit(ledger, QueueSpec.latencySensitive("A", Resources.of(6, 6000), 50, 100, 0));
        AdmissionDecision b = admission.admit(ledger, QueueSpec.latencySensitive("B", Resources.of(6, 6000), 50, 100, 50));
        AdmissionDecision d = admission.admit(ledger, QueueSpec.latencySensitive("D", Resources.of(3, 3000), 10, 200, 45));

        assertThat(List.of(a, b, d)).extracting(AdmissionDecision::queueClass)
                .containsExactly(QueueClass.HARD, QueueClass.HARD, QueueClass.HARD);
        assertThat(d.reason()).contains("hard bursts peak at <6 vcores, 6000 MiB>");
        assertThat(ledger.queuesIn(QueueClass.HARD)).extracting(QueueSpec::name).containsExactly("A", "B", "D");
    }

    @Test
    void memoryAloneCanFailTheResourceCondition() {
        // A: <2, 8000> ON [0,10) mod 20 -> hard. B: <2, 4000> ON [5,15) mod 20 overlaps A on [5,10):
        // vcores 2 + 2 = 4 <= 10 but memory 8000 + 4000 = 12000 > 10240 -> soft.
        // (Fairness for B at N+1 = 2: <20, 40000> <= C*T/2 = <100, 102400>; safety: A <20, 80000>*2 <= <200, 204800>.)
        AdmittedQueues ledger = new AdmittedQueues(C);
        BopfAdmission admission = new BopfAdmission();
        admission.admit(ledger, QueueSpec.latencySensitive("A", Resources.of(2, 8000), 10, 20, 0));

        AdmissionDecision b = admission.admit(ledger, QueueSpec.latencySensitive("B", Resources.of(2, 4000), 10, 20, 5));

        assertThat(b.queueClass()).isEqualTo(QueueClass.SOFT);
        assertThat(b.decidedBy()).isEqualTo(Condition.RESOURCE);
        assertThat(b.reason()).contains("leaving <8 vcores, 2240 MiB>, short of alpha = <2 vcores, 4000 MiB>");
    }

    @Test
    void memoryAloneCanFailTheFairnessCondition() {
        // After one TQ (N = 1): alpha*t = <1*60, 9000*60> = <60, 540000>; C*T/2 = <10*100/2, 10240*100/2> =
        // <500, 512000>: vcores fit, memory does not -> elastic.
        AdmittedQueues ledger = new AdmittedQueues(C);
        BopfAdmission admission = new BopfAdmission();
        admission.admit(ledger, QueueSpec.throughput("batch"));

        AdmissionDecision q = admission.admit(ledger, QueueSpec.latencySensitive("q", Resources.of(1, 9000), 60, 100, 0));

        assertThat(q.queueClass()).isEqualTo(QueueClass.ELASTIC);
        assertThat(q.reason()).startsWith("fairness (2) fails: alpha*t = <60 vcore-s, 540000 MiB-s> > C*T/2");
    }

    @Test
    void decidingLeavesTheLedgerAloneAndStaleDecisionsAreRefused() {
        AdmittedQueues ledger = new AdmittedQueues(C);
        BopfAdmission admission = new BopfAdmission();
        AdmissionDecision early = admission.decide(ledger, QueueSpec.throughput("t1"));
        assertThat(ledger.size()).isZero();

        admission.admit(ledger, QueueSpec.throughput("t2"));

        assertThatThrownBy(() -> ledger.record(early)).hasMessageContaining("decide again");
        assertThatThrownBy(() -> admission.decide(ledger, QueueSpec.throughput("t2")))
                .hasMessageContaining("'t2' is already admitted as elastic");
    }

    @Test
    void badInputIsRefusedWithWhatToFix() {
        assertThatThrownBy(() -> QueueSpec.latencySensitive("q", Resources.of(1, 1), 20, 10, 0))
                .hasMessageContaining("ON duration 20 s; it must be in (0, period = 10]");
        assertThatThrownBy(() -> QueueSpec.latencySensitive("q", Resources.ZERO, 1, 10, 0))
                .hasMessageContaining("zero burst");
        assertThatThrownBy(() -> new AdmittedQueues(Resources.of(0, 10)))
                .hasMessageContaining("must be positive");
        assertThatThrownBy(() -> BopfAdmission.admitInOrder(C, List.of(QueueSpec.throughput("x"), QueueSpec.throughput("x"))))
                .hasMessageContaining("'x' appears twice");
    }
}
