package io.punctual.sizing.rayon.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.sizing.Resources;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunLengthPlanTest {

    private static final Resources CAPACITY = Resources.of(10, 10_240);

    private static Segment seg(long s, long e, long vcores) {
        return new Segment(s, e, Resources.of(vcores, 1024 * vcores));
    }

    @Test
    void addsQueriesAndRemovesReservations() {
        RunLengthPlan plan = new RunLengthPlan(CAPACITY, 10);
        plan.add("a", "etl", List.of(seg(0, 20, 4)));
        plan.add("b", "ml", List.of(seg(10, 30, 6)));

        assertThat(plan.usedAt(15)).isEqualTo(Resources.of(10, 10_240));
        assertThat(plan.freeAt(25)).isEqualTo(Resources.of(4, 4096));
        assertThat(plan.usedSegments(0, 40)).containsExactly(seg(0, 10, 4), seg(10, 20, 10), seg(20, 30, 6),
                seg(30, 40, 0));
        assertThat(plan.teamSegments("ml", 0, 40)).containsExactly(seg(0, 10, 0), seg(10, 30, 6), seg(30, 40, 0));

        assertThat(plan.remove("b")).isTrue();
        assertThat(plan.remove("b")).isFalse();
        assertThat(plan.usedSegments(0, 40)).containsExactly(seg(0, 20, 4), seg(20, 40, 0));
        assertThat(plan.teamSegments("ml", 0, 40)).containsExactly(seg(0, 40, 0));
    }

    @Test
    void refusesToExceedCapacityAndStaysUnchanged() {
        RunLengthPlan plan = new RunLengthPlan(CAPACITY, 1);
        plan.add("a", "t", List.of(seg(0, 10, 8)));

        assertThatThrownBy(() -> plan.add("b", "t", List.of(seg(20, 30, 1), seg(5, 15, 3))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("over its capacity");
        assertThat(plan.reservations()).extracting(PlanView.Reservation::id).containsExactly("a");
        assertThat(plan.usedSegments(0, 40)).containsExactly(seg(0, 10, 8), seg(10, 40, 0));
    }

    @Test
    void checksEachResourceAtTheSameInstant() {
        // Memory is tight early, vcores late: a bundle fits at every instant although the maxima of each
        // resource over the interval would not fit together.
        RunLengthPlan plan = new RunLengthPlan(CAPACITY, 1);
        plan.add("mem", "t", List.of(new Segment(0, 5, Resources.of(0, 9216))));
        plan.add("cpu", "t", List.of(new Segment(5, 10, Resources.of(9, 0))));

        plan.add("small", "t", List.of(new Segment(0, 10, Resources.of(1, 1024))));

        assertThat(plan.usedAt(0)).isEqualTo(Resources.of(1, 10_240));
    }

    @Test
    void refusesMisalignedDuplicateAndBadPlans() {
        RunLengthPlan plan = new RunLengthPlan(CAPACITY, 10);
        plan.add("a", "t", List.of(seg(0, 10, 1)));

        assertThatThrownBy(() -> plan.add("b", "t", List.of(seg(5, 10, 1)))).hasMessageContaining("not aligned");
        assertThatThrownBy(() -> plan.add("a", "t", List.of(seg(10, 20, 1)))).hasMessageContaining("already");
        assertThatThrownBy(() -> new RunLengthPlan(Resources.of(0, 10), 1)).hasMessageContaining("positive");
        assertThatThrownBy(() -> new RunLengthPlan(CAPACITY, 0)).hasMessageContaining("step");
    }

    @Test
    void copiesAreIndependent() {
        RunLengthPlan plan = new RunLengthPlan(CAPACITY, 1);
        plan.add("a", "t", List.of(seg(0, 10, 1)));
        RunLengthPlan copy = plan.copy();
        copy.add("b", "t", List.of(seg(0, 10, 2)));
        plan.remove("a");

        assertThat(plan.usedAt(5)).isEqualTo(Resources.ZERO);
        assertThat(copy.usedAt(5)).isEqualTo(Resources.of(3, 3072));
    }
}
