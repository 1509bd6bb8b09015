package io.punctual.sizing.rush;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class ContinuousSlotMappingTest {

    @Test
    void handWorkedMapping() {
        // C = 2, now = 0. a: T = 2, η = 4, R = 1.5 → 3 slots (1.5, 1.5, 1.0). Container 0 is free at 0: slots
        // start before 2 at 0 and 1.5, so two fit (work 3, busy until 3 = T + 1 < T + R). The last 1.0 goes on
        // container 1 ([0, 1)). b: T = 3, η = 2, R = 1 → least busy is container 1 (free at 1): slots at 1 and 2
        // start before 3, work 2, busy until 3.
        RushJob a = new RushJob("a", 4, 1.5, new LinearUtility(10, 1, 2));
        RushJob b = new RushJob("b", 2, 1, new LinearUtility(10, 1, 5));
        List<CompletionTarget> targets = List.of(new CompletionTarget(b, 3, 12), new CompletionTarget(a, 2, 10));

        SlotPlan plan = ContinuousSlotMapping.map(targets, 2, 0);

        JobSlots bSlots = plan.jobs().get(0);
        JobSlots aSlots = plan.jobs().get(1);
        assertThat(aSlots.runs()).containsExactly(new SlotRun(0, 0, 1.5, 2, 3), new SlotRun(1, 0, 1.5, 1, 1));
        assertThat(aSlots.completion()).isEqualTo(3.0);
        assertThat(bSlots.runs()).containsExactly(new SlotRun(1, 1, 1, 2, 2));
        assertThat(bSlots.completion()).isEqualTo(3.0);
        assertThat(plan.containersBusyAt(2.5)).isEqualTo(2);
    }

    @Test
    void infeasibleTargetsAreMappedLateNotDropped() {
        // One container, two jobs of 10 both due at 10: the second cannot make it and completes at 20.
        RushJob x = new RushJob("x", 10, 5, new ConstantUtility(1));
        RushJob y = new RushJob("y", 10, 5, new ConstantUtility(1));
        SlotPlan plan = ContinuousSlotMapping.map(
                List.of(new CompletionTarget(x, 10, 1), new CompletionTarget(y, 10, 1)), 1, 0);

        assertThat(plan.jobs().get(0).completion()).isEqualTo(10.0);
        assertThat(plan.jobs().get(1).completion()).isEqualTo(20.0);
        assertThat(plan.jobs().get(1).lateness()).isEqualTo(10.0);
        assertThat(plan.jobs().get(1).work()).isEqualTo(10.0);
    }

    @Provide
    Arbitrary<Rounds.Round> rounds() {
        return Rounds.rounds(1, 40);
    }

    @Property(tries = 300, edgeCases = EdgeCasesMode.NONE)
    void mappedPeelingMeetsCapacityTargetsAndDemand(@ForAll("rounds") Rounds.Round round) {
        PeelingResult peeling = new BackwardOnionPeeling().peel(round.jobs(), round.containers(), round.now());
        SlotPlan plan = ContinuousSlotMapping.map(peeling);

        List<SlotRun> all = new ArrayList<>();
        for (JobSlots job : plan.jobs()) {
            RushJob spec = job.target().job();
            assertThat(job.work()).as("work of %s", spec.id()).isCloseTo(spec.demand(), within(1e-9 * spec.demand()));
            assertThat(job.completion()).as("completion of %s", spec.id())
                    .isLessThanOrEqualTo(job.target().target() + spec.slotSeconds() + 1e-9);
            for (SlotRun run : job.runs()) {
                assertThat(run.container()).isBetween(0, round.containers() - 1);
                assertThat(run.start()).isGreaterThanOrEqualTo(round.now());
                assertThat(run.work()).isGreaterThan((run.slots() - 1) * run.slotSeconds() - 1e-9)
                        .isLessThanOrEqualTo(run.slots() * run.slotSeconds() + 1e-9);
                all.add(run);
            }
        }
        assertThat(maxConcurrency(all)).isLessThanOrEqualTo(round.containers());
        all.sort(Comparator.comparingInt(SlotRun::container).thenComparingDouble(SlotRun::start));
        for (int k = 1; k < all.size(); k++) {
            if (all.get(k).container() == all.get(k - 1).container()) {
                assertThat(all.get(k).start()).as("runs on container %d overlap", all.get(k).container())
                        .isGreaterThanOrEqualTo(all.get(k - 1).end() - 1e-9);
            }
        }
    }

    /** The most runs active at once, by a sweep over start (+1) and end (−1) events. */
    private static int maxConcurrency(List<SlotRun> runs) {
        List<double[]> events = new ArrayList<>();
        for (SlotRun run : runs) {
            events.add(new double[] {run.start(), 1});
            events.add(new double[] {run.end(), -1});
        }
        events.sort(Comparator.<double[]>comparingDouble(e -> e[0]).thenComparingDouble(e -> e[1]));
        int active = 0;
        int most = 0;
        for (double[] e : events) {
            active += (int) e[1];
            most = Math.max(most, active);
        }
        return most;
    }
}
