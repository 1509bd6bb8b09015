package io.punctual.sizing.bopf;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.Resources;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Allocation invariants over simulated runs of BoPF-admitted queues under seeded random demands. */
class BopfAllocationPropertiesTest {

    private static final long HORIZON = 30;

    @Property(tries = 200)
    void allocationsKeepBopfsPromises(@ForAll("capacities") Resources capacity,
                                      @ForAll("queueSequences") List<QueueSpec> queues, @ForAll long seed) {
        List<AdmissionDecision> admitted = BopfAdmission.admitInOrder(capacity, queues);
        DemandSchedule demand = randomDemand(capacity, seed);

        List<StepAllocation> steps = BopfSimulation.run(capacity, admitted, demand, 0, HORIZON, 1);

        for (StepAllocation step : steps) {
            assertThat(step.total().fitsIn(capacity)).as("t=%d total %s", step.time(), step.total()).isTrue();
            Resources guaranteedTotal = Resources.ZERO;
            Map<String, Resources> elasticDemand = new LinkedHashMap<>();
            Map<String, Resources> elasticShares = new LinkedHashMap<>();
            for (AdmissionDecision decision : admitted) {
                String name = decision.name();
                Resources wanted = demand.demandAt(name, step.time());
                Resources got = step.of(name);
                assertThat(got.fitsIn(wanted)).as("t=%d %s got %s of demand %s", step.time(), name, got, wanted).isTrue();
                if (decision.queueClass() == QueueClass.HARD && decision.queue().isOnAt(step.time())) {
                    assertThat(got).as("t=%d hard %s is ON", step.time(), name)
                            .isEqualTo(BopfAllocation.min(decision.queue().alpha(), wanted));
                }
                if (decision.queueClass().isGuaranteed()) {
                    guaranteedTotal = guaranteedTotal.plus(got);
                } else if (decision.queueClass() == QueueClass.ELASTIC) {
                    elasticDemand.put(name, wanted);
                    elasticShares.put(name, got);
                }
            }
            DrfCheck.assertFair(capacity, capacity.minusFloored(guaranteedTotal), elasticDemand, elasticShares);
        }
    }

    /** Per queue and second, a demand up to the capacity (zero a quarter of the time), fixed by the seed. */
    private static DemandSchedule randomDemand(Resources capacity, long seed) {
        return (queue, time) -> {
            SplittableRandom random = new SplittableRandom(seed ^ (queue.hashCode() * 1_000_003L) ^ (time * 7919L));
            if (random.nextInt(4) == 0) {
                return Resources.ZERO;
            }
            return Resources.of(random.nextLong(capacity.vcores() + 1), random.nextLong(capacity.memoryMb() + 1));
        };
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
