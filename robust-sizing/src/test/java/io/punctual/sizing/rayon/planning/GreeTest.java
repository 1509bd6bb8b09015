package io.punctual.sizing.rayon.planning;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.Resources;
import io.punctual.sizing.rayon.PlacementInvariants;
import io.punctual.sizing.rayon.plan.RunLengthPlan;
import io.punctual.sizing.rayon.plan.Segment;
import io.punctual.sizing.rayon.rdl.Compilation;
import io.punctual.sizing.rayon.rdl.NormalForm;
import io.punctual.sizing.rayon.rdl.RdlCompiler;
import io.punctual.sizing.rayon.rdl.RdlParser;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Hand-worked GREE placements on a 10-bundle plan of {@code <1,1024>} bundles. */
class GreeTest {

    private static final Resources CAPACITY = Resources.of(10, 10_240);

    static NormalForm compile(String rdl) {
        return ((Compilation.Feasible) RdlCompiler.compile(RdlParser.parseExpression(rdl))).form();
    }

    static RunLengthPlan planWith(long start, long end, long bundles) {
        RunLengthPlan plan = new RunLengthPlan(CAPACITY, 1);
        plan.add("existing", "other", List.of(new Segment(start, end, Resources.of(bundles, 1024 * bundles))));
        return plan;
    }

    static Placement.Placed placed(Placement p) {
        assertThat(p).isInstanceOf(Placement.Placed.class);
        return (Placement.Placed) p;
    }

    static List<Segment> bundles(long... startEndCount) {
        List<Segment> out = new java.util.ArrayList<>();
        for (int i = 0; i < startEndCount.length; i += 3) {
            out.add(new Segment(startEndCount[i], startEndCount[i + 1], Resources.of(startEndCount[i + 2], 0)));
        }
        return out;
    }

    @Test
    void stacksLeasesTallestAndLatestAroundABottleneck() {
        // 8 of 10 are taken at [99,100). Span [95,100) is limited to 2 at step 99: lease [95,100)x2; restart left of
        // step 99: span [94,99) has 8 left: [94,99)x8; restart at 98: step 94 has 2 left: [90,95)x2; restart at 94:
        // [89,94) has 8: the last 40 bundle-seconds end exactly as [89,94)x8. The atom holds 10 from 90 to 99.
        NormalForm form = compile("window(atom(<1,1024>,1,10,5,100),0,100)");

        Placement.Placed placed = placed(new Gree().place(form, planWith(99, 100, 8)));

        assertThat(placed.atoms().get(0).leases()).containsExactlyInAnyOrder(new Lease(95, 100, 2),
                new Lease(94, 99, 8), new Lease(90, 95, 2), new Lease(89, 94, 8));
        assertThat(placed.atoms().get(0).bundlesOverTime()).isEqualTo(bundles(89, 90, 8, 90, 99, 10, 99, 100, 2));
    }

    @Test
    void skipsGapsShorterThanTheMinimumLease() {
        // Only [95,100) is free at the end, 5 s < l = 10: the atom goes before the busy [90,95).
        NormalForm form = compile("window(atom(<1,1024>,1,10,10,100),0,100)");

        Placement.Placed placed = placed(new Gree().place(form, planWith(90, 95, 10)));

        assertThat(placed.atoms().get(0).leases()).containsExactly(new Lease(80, 90, 10));
    }

    @Test
    void placesGangsWhole() {
        // g = h = 4: 400 bundle-seconds are 100 s of the whole gang, as late as possible.
        Placement.Placed placed = placed(new Gree().place(compile("window(atom(<1,1024>,4,4,50,400),0,1000)"),
                new RunLengthPlan(CAPACITY, 1)));

        assertThat(placed.atoms().get(0).leases()).containsExactly(new Lease(900, 1000, 4));
    }

    @Test
    void allocatesWholeMultiplesOfGBetweenGAndH() {
        // g = 3, h = 10: gangs of 3, at most 3 gangs = 9 bundles; 900 bundle-seconds at 9 wide take 100 s.
        Placement.Placed placed = placed(new Gree().place(compile("window(atom(<1,1024>,3,10,1,900),0,1000)"),
                new RunLengthPlan(CAPACITY, 1)));

        assertThat(placed.atoms().get(0).bundlesOverTime()).isEqualTo(bundles(900, 1000, 9));
    }

    @Test
    void endsTheWorkExactlyWithOneLongerLease() {
        // 103 bundle-seconds, l = 10, h = 10: ten leases of 10 s and three of them one second longer.
        Placement.Placed placed = placed(new Gree().place(compile("window(atom(<1,1024>,1,10,10,103),0,100)"),
                new RunLengthPlan(CAPACITY, 1)));

        assertThat(placed.atoms().get(0).leases()).containsExactlyInAnyOrder(new Lease(90, 100, 7),
                new Lease(89, 100, 3));
        assertThat(placed.atoms().get(0).work()).isEqualTo(103);
    }

    @Test
    void takesTheFirstAlternativeThatFits() {
        // The plan is full during [0,50): the first alternative (window [0,50)) cannot fit, the second can.
        NormalForm form = compile("any(window(atom(<1,1024>,1,10,10,100),0,50),window(atom(<1,1024>,1,5,10,100),0,100))");

        Placement.Placed placed = placed(new Gree().place(form, planWith(0, 50, 10)));

        assertThat(placed.atoms()).hasSize(1);
        assertThat(placed.atoms().get(0).atom().maxParallel()).isEqualTo(5);
        assertThat(placed.atoms().get(0).leases()).containsExactly(new Lease(80, 100, 5));
        PlacementInvariants.assertValid(form, placed, 1);
    }

    @Test
    void saysHowMuchFitWhenRejecting() {
        // Only [50,100) is free for an atom wanting 600 bundle-seconds of at most 10 wide: 500 fit.
        Placement p = new Gree().place(compile("window(atom(<1,1024>,1,10,10,600),0,100)"), planWith(0, 50, 10));

        assertThat(p).isInstanceOf(Placement.Infeasible.class);
        assertThat(((Placement.Infeasible) p).reason()).contains("only 500 of 600 bundle-seconds fit in [0, 100)");
    }

    @Test
    void explainsWhichOrderStageFailed() {
        // Stage 2 takes [80,100) at full width; stage 1 would need 20 s before 80 but [0,70) is full.
        Placement p = new Gree().place(compile("window(order(atom(<1,1024>,1,10,20,200),atom(<1,1024>,1,10,20,200)),0,100)"),
                planWith(0, 70, 10));

        assertThat(((Placement.Infeasible) p).reason()).startsWith("order stage 1 of 2 (ending by 80 for the stages"
                + " after it)");
    }

    @Test
    void refusesBundlesLargerThanThePlan() {
        Placement p = new Gree().place(compile("window(atom(<1,1024>,20,20,10,200),0,100)"),
                new RunLengthPlan(CAPACITY, 1));

        assertThat(((Placement.Infeasible) p).reason()).contains("more than the plan capacity");
    }

    @Test
    void roundsToACoarseStep() {
        // Step 60: window [0, 1000) becomes steps [0, 16) = [0, 960); l = 90 s becomes 2 steps; w = 1000 becomes
        // ceil(1000/60) = 17 bundle-steps. Leases of at least 2 steps: at most 17/2 = 8 bundles, 17 = 8 x 2 + 1, so
        // 7 bundles for steps [14,16) and one for [13,16).
        RunLengthPlan plan = new RunLengthPlan(CAPACITY, 60);
        Placement.Placed placed = placed(new Gree().place(compile("window(atom(<1,1024>,1,10,90,1000),0,1000)"), plan));

        assertThat(placed.atoms().get(0).work()).isEqualTo(17 * 60);
        assertThat(placed.atoms().get(0).leases()).containsExactlyInAnyOrder(new Lease(840, 960, 7),
                new Lease(780, 960, 1));
    }
}
