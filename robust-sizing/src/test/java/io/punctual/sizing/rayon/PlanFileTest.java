package io.punctual.sizing.rayon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.sizing.Resources;
import io.punctual.sizing.rayon.PlanRun.AllocationStep;
import io.punctual.sizing.rayon.rdl.SyntaxError;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PlanFileTest {

    private static final String FIGURE_9 = "window(order(atom(<1,1024>,1,10,240,2400),atom(<1,1024>,1,20,120,2400),"
            + "atom(<1,1024>,1,15,120,1800)),0,800)";

    @Test
    void reportsTheTotalAllocationOfEachLine() {
        // GREE, defaults (100 x <1,1024>, 1 s): stages at [320,560) x 10, [560,680) x 20, [680,800) x 15.
        PlanRun run = PlanFile.run(FIGURE_9 + "\n", PlanOptions.defaults());

        assertThat(run).isEqualTo(new PlanRun.Planned(1, 0, List.of(new PlanRun.LineOutcome(1, true, Optional.empty(),
                List.of(new AllocationStep(320, 560, 10, 10_240), new AllocationStep(560, 680, 20, 20_480),
                        new AllocationStep(680, 800, 15, 15_360))))));
    }

    @Test
    void placesLinesInOrderSoLaterOnesSeeEarlierOnes() {
        // 10 vcores: line 1 fills [0,100) completely, line 2 wants the same window and gets nothing.
        String text = "window(atom(<1,1024>,1,10,100,1000),0,100)\n"
                + "# a comment\n"
                + "window(atom(<1,1024>,1,10,100,1000),0,100)\n"
                + "window(atom(<1,1024>,1,10,100,100),0,50)\n";

        PlanRun run = PlanFile.run(text, PlanOptions.defaults().withCapacity(Resources.of(10, 10_240)));

        PlanRun.Planned planned = (PlanRun.Planned) run;
        assertThat(planned.accepted()).isEqualTo(1);
        assertThat(planned.rejected()).isEqualTo(2);
        assertThat(planned.reservations()).extracting(PlanRun.LineOutcome::line).containsExactly(1, 3, 4);
        assertThat(planned.reservations().get(1).reason()).hasValueSatisfying(r -> assertThat(r).contains("only 0 of 1000"));
        assertThat(planned.reservations().get(1).allocation()).isEmpty();
        assertThat(planned.reservations().get(2).reason()).hasValueSatisfying(
                r -> assertThat(r).contains("minimum lease l = 100 s is longer than its window"));
    }

    @Test
    void greeLIsSelectable() {
        PlanRun.Planned planned = (PlanRun.Planned) PlanFile.run(FIGURE_9,
                PlanOptions.defaults().withPlanner(PlannerKind.fromFlag("GREE-L")));

        // Hand-worked in PaperExampleTest: 8 over [0,600), 9 over [600,800).
        assertThat(planned.reservations().get(0).allocation()).containsExactly(new AllocationStep(0, 600, 8, 8192),
                new AllocationStep(600, 800, 9, 9216));
    }

    @Test
    void anUnreadableLineStopsTheRunWithEveryError() {
        PlanRun run = PlanFile.run(FIGURE_9 + "\natom(<1,1024>,1,10,240)\nwindw(x)\n", PlanOptions.defaults());

        assertThat(run).isEqualTo(new PlanRun.Malformed(List.of(new SyntaxError(2, 23, "expected ',' but found ')'"),
                new SyntaxError(3, 1, "unknown operator 'windw'; expected atom, any, all, order or window"))));
    }

    @Test
    void readsCommandLineValuesAndRefusesBadOnes() {
        assertThat(PlanOptions.parseCapacity(" 64, 262144 ")).isEqualTo(Resources.of(64, 262_144));
        assertThat(PlannerKind.fromFlag("gree")).isEqualTo(PlannerKind.GREE);
        assertThatThrownBy(() -> PlanOptions.parseCapacity("64")).hasMessageContaining("<vcores>,<memoryMb>");
        assertThatThrownBy(() -> PlannerKind.fromFlag("milp")).hasMessageContaining("gree, gree-l");
        assertThatThrownBy(() -> PlanOptions.defaults().withStep(0)).hasMessageContaining("--step");
        assertThatThrownBy(() -> PlanOptions.defaults().withCapacity(Resources.of(0, 5)))
                .hasMessageContaining("--capacity");
    }

    @Test
    void anEmptyFilePlansNothing() {
        assertThat(PlanFile.run("\n# nothing yet\n", PlanOptions.defaults()))
                .isEqualTo(new PlanRun.Planned(0, 0, List.of()));
    }
}
