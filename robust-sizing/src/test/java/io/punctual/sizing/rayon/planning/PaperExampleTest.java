package io.punctual.sizing.rayon.planning;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.Resources;
import io.punctual.sizing.rayon.plan.PlanMetrics;
import io.punctual.sizing.rayon.plan.RunLengthPlan;
import io.punctual.sizing.rayon.plan.Segment;
import io.punctual.sizing.rayon.rdl.Compilation;
import io.punctual.sizing.rayon.rdl.NormalForm;
import io.punctual.sizing.rayon.rdl.RdlCompiler;
import io.punctual.sizing.rayon.rdl.RdlParser;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The three-stage pipeline of Rayon's Figure 9, placed by hand and by both planners on an empty plan. */
class PaperExampleTest {

    private static final String FIGURE_9 = "window(order(atom(<1,1024>,1,10,240,2400),atom(<1,1024>,1,20,120,2400),"
            + "atom(<1,1024>,1,15,120,1800)),0,800)";
    private static final Resources CAPACITY = Resources.of(100, 102_400);

    private static NormalForm figure9() {
        return ((Compilation.Feasible) RdlCompiler.compile(RdlParser.parseExpression(FIGURE_9))).form();
    }

    @Test
    void greePlacesEachStageTallestAndLatest() {
        // Last stage first: 1800 bundle-s at h = 15 takes exactly one lease of 120 s, ending at the deadline:
        // [680, 800) x 15. Stage 2 must end by 680: 2400 at h = 20 is 120 s: [560, 680) x 20.
        // Stage 1 must end by 560: 2400 at h = 10 is 240 s: [320, 560) x 10.
        Placement placement = new Gree().place(figure9(), new RunLengthPlan(CAPACITY, 1));

        assertThat(placement).isInstanceOf(Placement.Placed.class);
        List<AtomAllocation> atoms = ((Placement.Placed) placement).atoms();
        assertThat(atoms).extracting(AtomAllocation::leases).containsExactlyInAnyOrder(
                List.of(new Lease(320, 560, 10)), List.of(new Lease(560, 680, 20)), List.of(new Lease(680, 800, 15)));
    }

    @Test
    void greeLSharesTheWindowByStageSizeAndStaysFlat() {
        // Stage sizes 2400, 2400, 1800 (same bundle). Stage 3 gets floor(800 * 1800/6600) = 218 s: [582, 800);
        // flattest height ceil(1800/218) = 9, so 1800/9 = 200 s: [600, 800) x 9.
        // Stage 2 gets floor(600 * 2400/4800) = 300 s: [300, 600); height ceil(2400/300) = 8: [300, 600) x 8.
        // Stage 1 gets the remaining 300 s: [0, 300); height 8: [0, 300) x 8.
        Placement placement = new GreeL().place(figure9(), new RunLengthPlan(CAPACITY, 1));

        assertThat(placement).isInstanceOf(Placement.Placed.class);
        List<AtomAllocation> atoms = ((Placement.Placed) placement).atoms();
        assertThat(atoms).extracting(AtomAllocation::leases).containsExactlyInAnyOrder(
                List.of(new Lease(0, 300, 8)), List.of(new Lease(300, 600, 8)), List.of(new Lease(600, 800, 9)));
    }

    @Test
    void greeLPreemptsLessThanGreeOnTheSamePipeline() {
        // GREE's total steps 10 -> 20 -> 15 -> 0: one downward step of 5 bundles before the end, 5% of capacity.
        // GREE-L's 8 -> 8 -> 9 -> 0 never steps down before its end.
        Placement.Placed gree = (Placement.Placed) new Gree().place(figure9(), new RunLengthPlan(CAPACITY, 1));
        Placement.Placed greeL = (Placement.Placed) new GreeL().place(figure9(), new RunLengthPlan(CAPACITY, 1));

        assertThat(PlanMetrics.preemption(gree.total(), CAPACITY)).isCloseTo(0.05, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(PlanMetrics.preemption(greeL.total(), CAPACITY)).isZero();
        assertThat(gree.total()).containsExactly(
                new Segment(320, 560, Resources.of(10, 10_240)),
                new Segment(560, 680, Resources.of(20, 20_480)),
                new Segment(680, 800, Resources.of(15, 15_360)));
    }
}
