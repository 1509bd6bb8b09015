package io.punctual.sizing.rayon.planning;

import static io.punctual.sizing.rayon.planning.GreeTest.bundles;
import static io.punctual.sizing.rayon.planning.GreeTest.compile;
import static io.punctual.sizing.rayon.planning.GreeTest.placed;
import static io.punctual.sizing.rayon.planning.GreeTest.planWith;
import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.Resources;
import io.punctual.sizing.rayon.PlacementInvariants;
import io.punctual.sizing.rayon.plan.RunLengthPlan;
import io.punctual.sizing.rayon.rdl.NormalForm;
import org.junit.jupiter.api.Test;

/** Hand-worked GREE-L placements on a 10-bundle plan of {@code <1,1024>} bundles. */
class GreeLTest {

    @Test
    void spreadsAnAtomFlatOverItsWindow() {
        // 500 bundle-seconds over 100 s: the flattest height is 5, for the whole window (GREE would use 10 x 50 s).
        Placement.Placed placed = placed(new GreeL().place(compile("window(atom(<1,1024>,1,10,10,500),0,100)"),
                new RunLengthPlan(Resources.of(10, 10_240), 1)));

        assertThat(placed.atoms().get(0).leases()).containsExactly(new Lease(0, 100, 5));
    }

    @Test
    void raisesTheFlatHeightAroundBusyTimes() {
        // [40,60) is full. Height 5 covers only 80 s (400 < 500); height ceil(500/80) = 7 covers the work, from the
        // right: [60,100) x 7 = 280, then 220 left in [0,40) = 7 x 31 + 3 -> [9,40) x 4 and [8,40) x 3.
        NormalForm form = compile("window(atom(<1,1024>,1,10,10,500),0,100)");

        Placement.Placed placed = placed(new GreeL().place(form, planWith(40, 60, 10)));

        assertThat(placed.atoms().get(0).bundlesOverTime()).isEqualTo(bundles(8, 9, 3, 9, 40, 7, 60, 100, 7));
        PlacementInvariants.assertValid(form, placed, 1);
    }

    @Test
    void ignoresStretchesShorterThanALease() {
        // Room: 10 in [0,40), 0 in [40,45), 4 in [45,50), 10 in [50,100). 450 over 100 s needs at least 5 wide;
        // at 5 the stretches with room are [0,40) and [50,100) ([45,50) is too low, and too short for l = 10
        // anyway): 90 s x 5 = 450 exactly.
        RunLengthPlan plan = planWith(40, 45, 10);
        plan.add("b", "other", java.util.List.of(new io.punctual.sizing.rayon.plan.Segment(45, 50,
                Resources.of(6, 6144))));
        NormalForm form = compile("window(atom(<1,1024>,1,10,10,450),0,100)");

        Placement.Placed placed = placed(new GreeL().place(form, plan));

        assertThat(placed.atoms().get(0).bundlesOverTime()).isEqualTo(bundles(0, 40, 5, 50, 100, 5));
    }

    @Test
    void fallsBackToTallestLatestWhenNoFlatHeightFits() {
        // Only 10 wide for [50,100): no constant height below 10 carries 500, and 10 is GREE's answer anyway.
        Placement.Placed placed = placed(new GreeL().place(compile("window(atom(<1,1024>,1,10,10,500),0,100)"),
                planWith(0, 50, 10)));

        assertThat(placed.atoms().get(0).leases()).containsExactly(new Lease(50, 100, 10));
    }
}
