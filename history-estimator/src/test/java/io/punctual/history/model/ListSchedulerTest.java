package io.punctual.history.model;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ListSchedulerTest {

    @Test
    void aHandWorkedTwoStageJob() {
        // stage 0: tasks 4, 3, 2, 1 ms; stage 1 (after 0): tasks 5, 5 ms. On 2 slots:
        // t=0 start 4 and 3; t=3 start 2 (ends 5); t=4 start 1 (ends 5); stage 0 done at 5;
        // t=5 start both 5s -> end at 10.
        ReplayPlan.Phase phase = new ReplayPlan.Phase(List.of(
                new ReplayPlan.Node(0, new int[] {4, 3, 2, 1}, new int[0]),
                new ReplayPlan.Node(1, new int[] {5, 5}, new int[] {0})));
        assertThat(ListScheduler.makespan(phase, 2)).isEqualTo(10);
        // one slot: everything in a row, 4+3+2+1+5+5 = 20; many slots: max(4..1) + max(5,5) = 9
        assertThat(ListScheduler.makespan(phase, 1)).isEqualTo(20);
        assertThat(ListScheduler.makespan(phase, 100)).isEqualTo(9);
    }

    @Test
    void refusesZeroSlots() {
        ReplayPlan.Phase phase = new ReplayPlan.Phase(List.of(new ReplayPlan.Node(0, new int[] {1}, new int[0])));
        assertThatThrownBy(() -> ListScheduler.makespan(phase, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Property(tries = 300)
    void oneSlotRunsEveryTaskInARow(@ForAll("phases") ReplayPlan.Phase phase) {
        long sum = phase.nodes().stream().flatMapToInt(n -> Arrays.stream(n.taskMillis())).asLongStream().sum();
        assertThat(ListScheduler.makespan(phase, 1)).isEqualTo(sum);
    }

    @Property(tries = 300)
    void unlimitedSlotsGiveTheCriticalPath(@ForAll("phases") ReplayPlan.Phase phase) {
        assertThat(ListScheduler.makespan(phase, phase.tasks())).isEqualTo(criticalPath(phase));
        assertThat(ListScheduler.makespan(phase, 1_000_000)).isEqualTo(criticalPath(phase));
    }

    @Property(tries = 300)
    void thePeakParallelismIsAlreadyEnoughForTheCriticalPath(@ForAll("phases") ReplayPlan.Phase phase) {
        int peak = ListScheduler.peakParallelism(phase);
        assertThat(peak).isBetween(1, phase.tasks());
        assertThat(ListScheduler.makespan(phase, peak)).isEqualTo(criticalPath(phase));
    }

    /** Graham's bound for list schedules under precedence: W/m ≤ T and CP ≤ T ≤ W/m + (1 − 1/m)·CP. */
    @Property(tries = 500)
    void stayWithinGrahamsBounds(@ForAll("phases") ReplayPlan.Phase phase, @ForAll @IntRange(min = 1, max = 64) int slots) {
        double work = phase.nodes().stream().flatMapToInt(n -> Arrays.stream(n.taskMillis())).asLongStream().sum();
        long cp = criticalPath(phase);
        long makespan = ListScheduler.makespan(phase, slots);
        assertThat((double) makespan).isGreaterThanOrEqualTo(Math.max(work / slots, cp) - 1e-9);
        assertThat((double) makespan).isLessThanOrEqualTo(work / slots + (1 - 1.0 / slots) * cp + 1e-9);
    }

    /** Without precedence, a fixed list never finishes later with more slots (each task starts no later). */
    @Property(tries = 300)
    void oneStageIsNeverSlowerWithMoreSlots(@ForAll("durations") int[] tasks, @ForAll @IntRange(min = 1, max = 40) int slots) {
        ReplayPlan.Phase phase = new ReplayPlan.Phase(List.of(new ReplayPlan.Node(0, tasks, new int[0])));
        assertThat(ListScheduler.makespan(phase, slots + 1)).isLessThanOrEqualTo(ListScheduler.makespan(phase, slots));
    }

    /** Longest path with each stage weighing its longest task: the independent oracle for the replay. */
    static long criticalPath(ReplayPlan.Phase phase) {
        List<ReplayPlan.Node> nodes = phase.nodes();
        long[] finish = new long[nodes.size()];
        long best = 0;
        for (int i = 0; i < nodes.size(); i++) { // parents always have smaller indices in generated phases
            long start = 0;
            for (int p : nodes.get(i).parents()) {
                start = Math.max(start, finish[p]);
            }
            finish[i] = start + Arrays.stream(nodes.get(i).taskMillis()).max().orElse(0);
            best = Math.max(best, finish[i]);
        }
        return best;
    }

    @Provide
    Arbitrary<int[]> durations() {
        return Arbitraries.integers().between(0, 500).array(int[].class).ofMinSize(1).ofMaxSize(60);
    }

    @Provide
    Arbitrary<ReplayPlan.Phase> phases() {
        return Arbitraries.integers().between(1, 7).flatMap(n -> {
            List<Arbitrary<ReplayPlan.Node>> nodes = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int index = i;
                Arbitrary<int[]> parents = Arbitraries.integers().between(0, Math.max(0, index - 1))
                        .set().ofMaxSize(index == 0 ? 0 : Math.min(3, index))
                        .map(set -> set.stream().mapToInt(Integer::intValue).sorted().toArray());
                nodes.add(Combinators.combine(durations(), parents)
                        .as((tasks, ps) -> new ReplayPlan.Node(index, tasks, ps)));
            }
            return Combinators.combine(nodes).as(ReplayPlan.Phase::new);
        });
    }
}
