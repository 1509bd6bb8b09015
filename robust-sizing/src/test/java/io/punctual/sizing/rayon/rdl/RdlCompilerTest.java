package io.punctual.sizing.rayon.rdl;

import static io.punctual.sizing.rayon.rdl.Rdl.all;
import static io.punctual.sizing.rayon.rdl.Rdl.any;
import static io.punctual.sizing.rayon.rdl.Rdl.atom;
import static io.punctual.sizing.rayon.rdl.Rdl.order;
import static io.punctual.sizing.rayon.rdl.Rdl.window;
import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.Resources;
import java.util.List;
import org.junit.jupiter.api.Test;

class RdlCompilerTest {

    private static final Resources B = Resources.of(1, 1024);

    private static NormalForm feasible(Rdl rdl) {
        Compilation c = RdlCompiler.compile(rdl);
        assertThat(c).isInstanceOf(Compilation.Feasible.class);
        return ((Compilation.Feasible) c).form();
    }

    private static String reason(Rdl rdl) {
        Compilation c = RdlCompiler.compile(rdl);
        assertThat(c).isInstanceOf(Compilation.Infeasible.class);
        return ((Compilation.Infeasible) c).reason();
    }

    private static NormalForm.Atom windowed(int id, int g, int h, long l, long w, long s, long f) {
        return new NormalForm.Atom(id, B, g, h, l, w, s, f);
    }

    @Test
    void flattensNestedOrdersAndPushesTheWindowIntoEveryAtom() {
        // The paper's example: order(order(a1,a2), order(a3,a4)) is order(a1,a2,a3,a4).
        NormalForm form = feasible(window(order(order(atom(B, 1, 1, 1, 10), atom(B, 1, 1, 1, 11)),
                order(atom(B, 1, 1, 1, 12), atom(B, 1, 1, 1, 13))), 0, 100));

        assertThat(form).isEqualTo(new NormalForm.Order(List.of(windowed(0, 1, 1, 1, 10, 0, 100),
                windowed(1, 1, 1, 1, 11, 0, 100), windowed(2, 1, 1, 1, 12, 0, 100), windowed(3, 1, 1, 1, 13, 0, 100))));
    }

    @Test
    void mergesIdenticalMalleableAtomsUnderAll() {
        // The paper's example: all(atom(b,1,1,1,1), atom(b,1,1,1,1)) is atom(b,1,2,1,2).
        assertThat(feasible(window(all(atom(B, 1, 1, 1, 1), atom(B, 1, 1, 1, 1)), 0, 10)))
                .isEqualTo(windowed(0, 1, 2, 1, 2, 0, 10));
    }

    @Test
    void keepsAtomsApartWhenMergingCouldNotBeUndone() {
        NormalForm differentH = feasible(window(all(atom(B, 1, 1, 1, 5), atom(B, 1, 2, 1, 5)), 0, 10));
        NormalForm leased = feasible(window(all(atom(B, 1, 2, 2, 4), atom(B, 1, 2, 2, 4)), 0, 10));
        NormalForm differentWindows = feasible(all(window(atom(B, 1, 1, 1, 2), 0, 10), window(atom(B, 1, 1, 1, 2), 0, 9)));

        assertThat(differentH.atoms()).hasSize(2);
        assertThat(leased.atoms()).hasSize(2);
        assertThat(differentWindows.atoms()).hasSize(2);
    }

    @Test
    void intersectsNestedWindowsAndUnwrapsSingleOperands() {
        assertThat(feasible(all(order(window(window(atom(B, 1, 4, 5, 20), 0, 100), 50, 200)))))
                .isEqualTo(windowed(0, 1, 4, 5, 20, 50, 100));
    }

    @Test
    void numbersAtomsDepthFirst() {
        NormalForm form = feasible(window(order(all(atom(B, 1, 1, 1, 1), atom(B, 1, 3, 1, 2)), atom(B, 1, 2, 1, 3)),
                0, 50));

        assertThat(form.atoms()).extracting(NormalForm.Atom::id).containsExactly(0, 1, 2);
        assertThat(form.atoms()).extracting(NormalForm.Atom::work).containsExactly(1L, 2L, 3L);
    }

    @Test
    void dropsAlternativesThatCanNeverFit() {
        NormalForm form = feasible(any(window(atom(B, 1, 1, 1, 500), 0, 100), window(atom(B, 1, 10, 1, 500), 0, 100)));

        assertThat(form).isEqualTo(windowed(0, 1, 10, 1, 500, 0, 100));
    }

    @Test
    void explainsAnAnyWithNoFeasibleAlternative() {
        assertThat(reason(any(window(atom(B, 1, 1, 1, 500), 0, 100), window(atom(B, 2, 1, 1, 5), 0, 100))))
                .startsWith("no alternative of any(...) can be satisfied: (1) ")
                .contains("(2) atom(<1,1024>,2,1,1,5): g = 2 exceeds h = 1");
    }

    @Test
    void explainsBadSizes() {
        assertThat(reason(window(atom(Resources.of(0, 1024), 1, 1, 1, 1), 0, 10))).contains("bundle must have");
        assertThat(reason(window(atom(B, 0, 1, 1, 1), 0, 10))).contains("g (minimum parallel bundles) must be at least 1");
        assertThat(reason(window(atom(B, 3, 2, 1, 1), 0, 10))).contains("g = 3 exceeds h = 2");
        assertThat(reason(window(atom(B, 1, 2, 0, 1), 0, 10))).contains("l (minimum lease) must be at least 1");
        assertThat(reason(window(atom(B, 1, 2, 1, -4), 0, 10))).contains("cannot be negative, got -4");
        // One lease of g = 2 bundles for l = 5 s is 10 bundle-seconds: w = 9 cannot be met exactly.
        assertThat(reason(window(atom(B, 2, 4, 5, 9), 0, 10))).contains("less than one lease of g bundles (g·l = 10)");
    }

    @Test
    void explainsBadWindows() {
        assertThat(reason(atom(B, 1, 1, 1, 1))).contains("has no time window");
        assertThat(reason(window(atom(B, 1, 1, 1, 1), 10, 10))).contains("ends before it starts");
        assertThat(reason(window(atom(B, 1, 1, 1, 1), -5, 10))).contains("starts before time 0");
        assertThat(reason(window(window(atom(B, 1, 1, 1, 1), 20, 30), 0, 10)))
                .contains("does not overlap the enclosing window [0, 10)");
        assertThat(reason(window(atom(B, 1, 1, 60, 60), 0, 50))).contains("minimum lease l = 60 s is longer than");
    }

    @Test
    void explainsWorkThatTheWindowCannotHoldEvenAtFullParallelism() {
        // 2000 bundle-seconds at most 10 wide need 200 s; the window has 100.
        assertThat(reason(window(atom(B, 1, 10, 10, 2000), 0, 100))).contains("not reachable").contains("needs 200 s");
    }

    @Test
    void countsLeasesInTheShortestDuration() {
        // w = 15 with l = 10: two leases would already hold 20, so one bundle works 15 s although h = 10.
        NormalForm.Atom atom = windowed(0, 1, 10, 10, 15, 0, 100);
        assertThat(RdlCompiler.minimumDuration(atom)).isEqualTo(15);
        assertThat(reason(window(atom(B, 1, 10, 10, 15), 0, 14))).contains("needs 15 s");
        // Gangs of 4 out of h = 10 run at most 2 at a time: 800 bundle-seconds = 200 gang-seconds over 2 gangs = 100 s.
        assertThat(RdlCompiler.minimumDuration(windowed(0, 4, 10, 10, 800, 0, 1000))).isEqualTo(100);
    }

    @Test
    void explainsOrderStagesThatCannotRunOneAfterAnother() {
        // Paper stages 1 and 2 need 240 s and 120 s one after the other: 360 s in a 300 s window.
        assertThat(reason(window(order(atom(B, 1, 10, 240, 2400), atom(B, 1, 20, 120, 2400)), 0, 300)))
                .startsWith("order stage 2 of 2 cannot fit after the stages before it")
                .contains("cannot start before 240 and must end by 300");
        // Each stage alone fits its own window, but the second window ends before the first stage can finish.
        assertThat(reason(order(window(atom(B, 1, 1, 10, 10), 0, 100), window(atom(B, 1, 1, 10, 10), 0, 15))))
                .startsWith("order stage 2 of 2");
    }

    @Test
    void voidAtomsAreTriviallySatisfied() {
        // The paper's best-effort job, atom(b,1,h,1,0): no guaranteed resources, nothing to check but its shape.
        NormalForm form = feasible(window(atom(B, 1, 50, 1, 0), 0, 10));
        assertThat(((NormalForm.Atom) form).isVoid()).isTrue();
    }
}
