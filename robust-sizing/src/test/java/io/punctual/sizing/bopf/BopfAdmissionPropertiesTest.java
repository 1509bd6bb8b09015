package io.punctual.sizing.bopf;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.Resources;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * BoPF never admits a queue that breaks an admitted queue's guarantee, and decides exactly as the formulas say,
 * checked against a reference written straight from DESIGN.md §3 with a second-by-second sweep for condition (3).
 */
class BopfAdmissionPropertiesTest {

    @Property(tries = 300)
    void noAdmissionBreaksAnAdmittedGuarantee(@ForAll("capacities") Resources capacity,
                                              @ForAll("queueSequences") List<QueueSpec> queues) {
        AdmittedQueues ledger = new AdmittedQueues(capacity);
        BopfAdmission admission = new BopfAdmission();
        for (QueueSpec queue : queues) {
            admission.admit(ledger, queue);

            long n = ledger.size();
            for (AdmissionDecision admitted : ledger.decisions()) {
                if (admitted.queueClass().isGuaranteed()) {
                    assertThat(withinFairShare(admitted.queue(), capacity, n))
                            .as("safety (1) for %s with N = %d", admitted.name(), n).isTrue();
                }
            }
            Resources hardPeak = BruteForce.peak(ledger.queuesIn(QueueClass.HARD));
            assertThat(hardPeak.fitsIn(capacity)).as("hard bursts peak at %s within %s", hardPeak, capacity).isTrue();
        }
    }

    @Property(tries = 300)
    void everyDecisionIsTheOneTheFormulasGive(@ForAll("capacities") Resources capacity,
                                              @ForAll("queueSequences") List<QueueSpec> queues) {
        List<AdmissionDecision> decisions = BopfAdmission.admitInOrder(capacity, queues);

        List<QueueSpec> admitted = new ArrayList<>();
        List<QueueSpec> guaranteed = new ArrayList<>();
        List<QueueSpec> hard = new ArrayList<>();
        for (int i = 0; i < queues.size(); i++) {
            QueueSpec q = queues.get(i);
            long after = admitted.size() + 1L;
            QueueClass expected;
            if (!guaranteed.stream().allMatch(j -> withinFairShare(j, capacity, after))) {
                expected = QueueClass.REJECTED;
            } else if (!q.isLatencySensitive() || !withinFairShare(q, capacity, after)) {
                expected = QueueClass.ELASTIC;
            } else if (q.alpha().plus(BruteForce.peakDuring(hard, q)).fitsIn(capacity)) {
                expected = QueueClass.HARD;
            } else {
                expected = QueueClass.SOFT;
            }
            Statistics.label("class").collect(expected);
            assertThat(decisions.get(i).queueClass()).as("queue %d: %s", i, decisions.get(i).reason()).isEqualTo(expected);
            if (expected.isAdmitted()) {
                admitted.add(q);
            }
            if (expected.isGuaranteed()) {
                guaranteed.add(q);
            }
            if (expected == QueueClass.HARD) {
                hard.add(q);
            }
        }
    }

    /** α·t ≤ C·T/m in every resource, in exact integers: α·t·m ≤ C·T. */
    private static boolean withinFairShare(QueueSpec queue, Resources capacity, long m) {
        long t = queue.onSeconds();
        long period = queue.periodSeconds();
        return queue.alpha().vcores() * t * m <= capacity.vcores() * period
                && queue.alpha().memoryMb() * t * m <= capacity.memoryMb() * period;
    }

    @Provide
    Arbitrary<Resources> capacities() {
        return BopfArbitraries.capacities();
    }

    @Provide
    Arbitrary<List<QueueSpec>> queueSequences() {
        return BopfArbitraries.queueSequences();
    }
}
