package io.punctual.sizing.rayon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.sizing.Resources;
import io.punctual.sizing.rayon.SparkReservations.SizedSparkJob;
import io.punctual.sizing.rayon.plan.RunLengthPlan;
import io.punctual.sizing.rayon.planning.Gree;
import io.punctual.sizing.rayon.planning.Placement;
import io.punctual.sizing.rayon.rdl.Compilation;
import io.punctual.sizing.rayon.rdl.Rdl;
import io.punctual.sizing.rayon.rdl.RdlCompiler;
import io.punctual.sizing.rayon.rdl.RdlPrinter;
import java.util.List;
import org.junit.jupiter.api.Test;

class SparkReservationsTest {

    private static final Resources EXECUTOR = Resources.of(4, 8192);

    @Test
    void aDeadlineJobIsAnAtomInItsWindow() {
        // l = ceil(37.2) = 38 s, w = ceil(1000.4) = 1001 executor-seconds, window [now, deadline).
        Rdl rdl = SparkReservations.reservation(new SizedSparkJob(EXECUTOR, 1, 20, 37.2, 1000.4), 1000, 4600);

        assertThat(RdlPrinter.print(rdl)).isEqualTo("window(atom(<4,8192>,1,20,38,1001),1000,4600)");
    }

    @Test
    void aGangNeedsAtLeastOneLeaseOfEveryExecutor() {
        // min = max = 5 executors each held 100 s: at least 500 executor-seconds, though sizing said 300.
        assertThat(SparkReservations.atom(new SizedSparkJob(EXECUTOR, 5, 5, 100, 300)))
                .isEqualTo(Rdl.atom(EXECUTOR, 5, 5, 100, 500));
    }

    @Test
    void aPipelineIsAnOrderOfConcurrentStages() {
        SizedSparkJob extract = new SizedSparkJob(EXECUTOR, 1, 10, 60, 3000);
        SizedSparkJob a = new SizedSparkJob(EXECUTOR, 1, 5, 30, 600);
        SizedSparkJob b = new SizedSparkJob(EXECUTOR, 2, 4, 30, 480);

        Rdl rdl = SparkReservations.pipeline(List.of(List.of(extract), List.of(a, b)), 0, 3600);

        assertThat(RdlPrinter.print(rdl)).isEqualTo("window(order(atom(<4,8192>,1,10,60,3000),"
                + "all(atom(<4,8192>,1,5,30,600),atom(<4,8192>,2,4,30,480))),0,3600)");
        Placement p = new Gree().place(((Compilation.Feasible) RdlCompiler.compile(rdl)).form(),
                new RunLengthPlan(Resources.of(64, 131_072), 1));
        assertThat(p).isInstanceOf(Placement.Placed.class);
    }

    @Test
    void aPastDeadlineIsLeftForTheCompilerToExplain() {
        Rdl rdl = SparkReservations.reservation(new SizedSparkJob(EXECUTOR, 1, 2, 10, 100), 500, 400);

        assertThat(RdlCompiler.compile(rdl)).isInstanceOfSatisfying(Compilation.Infeasible.class,
                i -> assertThat(i.reason()).contains("ends before it starts"));
    }

    @Test
    void refusesNonsenseSizing() {
        assertThatThrownBy(() -> new SizedSparkJob(EXECUTOR, 3, 2, 10, 100)).hasMessageContaining("min <= max");
        assertThatThrownBy(() -> new SizedSparkJob(EXECUTOR, 1, 2, Double.NaN, 100)).hasMessageContaining("p99");
        assertThatThrownBy(() -> new SizedSparkJob(EXECUTOR, 1, 2, 10, -1)).hasMessageContaining("demand");
        assertThatThrownBy(() -> SparkReservations.pipeline(List.of(List.of()), 0, 10)).hasMessageContaining("stage");
    }
}
