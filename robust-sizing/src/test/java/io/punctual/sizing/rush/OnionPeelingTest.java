package io.punctual.sizing.rush;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class OnionPeelingTest {

    static List<OnionPeeling> peelers() {
        return List.of(new BackwardOnionPeeling(), new BisectionOnionPeeling(1e-10));
    }

    private static Map<String, CompletionTarget> byId(PeelingResult result) {
        return result.targets().stream().collect(Collectors.toMap(t -> t.job().id(), Function.identity()));
    }

    @ParameterizedTest
    @MethodSource("peelers")
    void theJobThatLosesLessByWaitingGoesLast(OnionPeeling peeling) {
        // C = 2, now = 0. a: η = 4, U_a(T) = max(10 − (T − 2), 0) = 12 − T. b: η = 2, U_b(T) = 15 − T.
        // Makespan E = (4 + 2)/2 = 3. U_a(3) = 9 < U_b(3) = 12, so b completes last, at 3 (utility 12);
        // a runs first, completing at 4/2 = 2 (utility 10). Sorted (10, 12) beats the other order's (9, 14).
        RushJob a = new RushJob("a", 4, 1, new LinearUtility(10, 1, 2));
        RushJob b = new RushJob("b", 2, 1, new LinearUtility(10, 1, 5));

        Map<String, CompletionTarget> targets = byId(peeling.peel(List.of(a, b), 2, 0));

        assertThat(targets.get("a").target()).isCloseTo(2.0, within(1e-6));
        assertThat(targets.get("a").utility()).isCloseTo(10.0, within(1e-6));
        assertThat(targets.get("b").target()).isCloseTo(3.0, within(1e-6));
        assertThat(targets.get("b").utility()).isCloseTo(12.0, within(1e-6));
    }

    @ParameterizedTest
    @MethodSource("peelers")
    void aJobIndifferentToTimeYieldsToEveryoneElse(OnionPeeling peeling) {
        // As above plus c: η = 2, constant utility 1. c earns 1 wherever it goes, so it completes last at
        // E = (4 + 2 + 2)/2 = 4, and a and b keep the targets of the previous example (2 and 3).
        RushJob a = new RushJob("a", 4, 1, new LinearUtility(10, 1, 2));
        RushJob b = new RushJob("b", 2, 1, new LinearUtility(10, 1, 5));
        RushJob c = new RushJob("c", 2, 1, new ConstantUtility(1));

        Map<String, CompletionTarget> targets = byId(peeling.peel(List.of(c, a, b), 2, 0));

        assertThat(targets.get("c").target()).isCloseTo(4.0, within(1e-6));
        assertThat(targets.get("c").utility()).isEqualTo(1.0);
        assertThat(targets.get("a").target()).isCloseTo(2.0, within(1e-6));
        assertThat(targets.get("b").target()).isCloseTo(3.0, within(1e-6));
    }

    @ParameterizedTest
    @MethodSource("peelers")
    void anEarlierBudgetDoesNotMeanFirst(OnionPeeling peeling) {
        // C = 1, now = 0, both η = 10. x: U_x = 1 − 0.01·(T − 1) (early budget, barely cares);
        // y: U_y = max(10 − (T − 10), 0) (late budget, cares a lot).
        // E = 20: U_x(20) = 1 − 0.19 = 0.81, U_y(20) = 0, so x goes last: y completes at 10 with 10, x at 20 with
        // 0.81. Earliest-budget-first would give x 0.91 and y 0: sorted (0, 0.91) loses to (0.81, 10).
        RushJob x = new RushJob("x", 10, 1, new LinearUtility(1, 0.01, 1));
        RushJob y = new RushJob("y", 10, 1, new LinearUtility(10, 1, 10));

        Map<String, CompletionTarget> targets = byId(peeling.peel(List.of(x, y), 1, 0));

        assertThat(targets.get("y").target()).isCloseTo(10.0, within(1e-6));
        assertThat(targets.get("y").utility()).isCloseTo(10.0, within(1e-6));
        assertThat(targets.get("x").target()).isCloseTo(20.0, within(1e-6));
        assertThat(targets.get("x").utility()).isCloseTo(0.81, within(1e-6));
    }

    @ParameterizedTest
    @MethodSource("peelers")
    void sigmoidAgainstLinear(OnionPeeling peeling) {
        // C = 1, now = 0. x: η = 10, U_x = 10/(1 + e^{T − 10}); y: η = 1, U_y = 2 − 0.1·(T − 5) = 2.5 − 0.1·T.
        // E = 11: U_x(11) = 10/(1 + e) = 2.689414, U_y(11) = 1.4, so x goes last. y completes at 1 with 2.4,
        // x at 11 with 2.689414. (y last instead would leave y at 1.4.)
        RushJob x = new RushJob("x", 10, 1, new SigmoidUtility(10, 1, 10));
        RushJob y = new RushJob("y", 1, 1, new LinearUtility(2, 0.1, 5));

        Map<String, CompletionTarget> targets = byId(peeling.peel(List.of(x, y), 1, 0));

        assertThat(targets.get("y").target()).isCloseTo(1.0, within(1e-6));
        assertThat(targets.get("y").utility()).isCloseTo(2.4, within(1e-6));
        assertThat(targets.get("x").target()).isCloseTo(11.0, within(1e-6));
        assertThat(targets.get("x").utility()).isCloseTo(10 / (1 + Math.E), within(1e-6));
    }

    @ParameterizedTest
    @MethodSource("peelers")
    void aLaterLayerCannotJumpAheadOfAPeeledJob(OnionPeeling peeling) {
        // C = 1, now = 0. p: η = 10, U_p = 20 − T; r: η = 1, U_r = 15 − 0.1·T.
        // Layer 1: at level L, p is due at 20 − L and r at 150 − 10·L; p first needs 10 ≤ 20 − L, so L* = 10 and
        // p is peeled with T_p = 10. Layer 2: r alone may rise while 1 + 10 ≤ 150 − 10·L, i.e. up to L = 13.9
        // (T_r = 11). For L in [14, 14.9] r would be due at 150 − 10·L ∈ [1, 10], ahead of p: r's own prefix (1)
        // fits, which is all the printed test (12) checks, but p then completes at 11 > T_p. Checking at p's
        // target too keeps r at 13.9: sorted utilities (10, 13.9), against (9, 14.9) for the other order.
        RushJob p = new RushJob("p", 10, 1, new LinearUtility(10, 1, 10));
        RushJob r = new RushJob("r", 1, 1, new LinearUtility(15, 0.1, 0));

        Map<String, CompletionTarget> targets = byId(peeling.peel(List.of(p, r), 1, 0));

        assertThat(targets.get("p").target()).isCloseTo(10.0, within(1e-6));
        assertThat(targets.get("p").utility()).isCloseTo(10.0, within(1e-6));
        assertThat(targets.get("r").target()).isCloseTo(11.0, within(1e-6));
        assertThat(targets.get("r").utility()).isCloseTo(13.9, within(1e-6));
    }

    @ParameterizedTest
    @MethodSource("peelers")
    void theBottleneckIsTheJobThatCanCompleteLastNotTheOneThatBarelyMoves(OnionPeeling peeling) {
        // C = 1, now = 0, both η = 1, so E = 2. x barely cares: U_x = 5 − 1e-6·(T − 2), due at 2 + 1e6·(5 − L).
        // y cares: U_y = 5 − (T − 1.9999999999), due at 1.9999999999 + (5 − L).
        // Backward: U_x(2) = 5 > U_y(2) = 5 − 1e-10, so x completes last at 2 (utility 5) and y at 1 with
        // 6 − 1e-10. The other order leaves y at 5 − 1e-10 and x at 5 + 1e-6: sorted (5, 6) wins.
        // Bisection: L* = 5, with x's deadline the binding one (2, against y's 2 − 1e-10). Any infeasible
        // L = 5 + ε (ε ≥ one ulp of 5, 8.9e-16) moves x's deadline by 1e6·ε ≥ 8.9e-10 and y's by only ε, so x
        // is due before y there: the violated prefix is (x, y), with y due last. Peeling y (the job due last at
        // the infeasible level) pins it at ≈ 2 − 1e-10 with utility ≈ 5 and leaves x no better than 5 at 2: sorted
        // (5, 5). The job to peel is x, the one due latest at the feasible level.
        RushJob x = new RushJob("x", 1, 1, new LinearUtility(5, 1e-6, 2));
        RushJob y = new RushJob("y", 1, 1, new LinearUtility(5, 1, 1.9999999999));

        Map<String, CompletionTarget> targets = byId(peeling.peel(List.of(x, y), 1, 0));

        assertThat(targets.get("y").target()).isCloseTo(1.0, within(1e-6));
        assertThat(targets.get("y").utility()).isCloseTo(6.0, within(1e-6));
        assertThat(targets.get("x").utility()).isCloseTo(5.0, within(1e-6));
    }

    @ParameterizedTest
    @MethodSource("peelers")
    void ofTwoJobsValuedAlikeTheLongerCompletesLast(OnionPeeling peeling) {
        // C = 1, now = 0, both U = 10 − T; short: η = 1, long: η = 2, so E = 3 and both earn 7 there.
        // Long last: short at 1 (9), long at 3 (7) — sorted (7, 9). Short last: long at 2 (8), short at 3 (7) —
        // sorted (7, 8). Their deadlines tie at every level, so the input order must not decide.
        RushJob shorter = new RushJob("short", 1, 1, new LinearUtility(10, 1, 0));
        RushJob longer = new RushJob("long", 2, 1, new LinearUtility(10, 1, 0));

        for (List<RushJob> jobs : List.of(List.of(shorter, longer), List.of(longer, shorter))) {
            Map<String, CompletionTarget> targets = byId(peeling.peel(jobs, 1, 0));

            assertThat(targets.get("short").utility()).as("short, given %s", jobs).isCloseTo(9.0, within(1e-6));
            assertThat(targets.get("long").utility()).as("long, given %s", jobs).isCloseTo(7.0, within(1e-6));
        }
    }

    @ParameterizedTest
    @MethodSource("peelers")
    void aJobWithoutDemandCompletesNow(OnionPeeling peeling) {
        // η = 0 needs no container time: it completes at now = 5 and earns U(5) = 10 − 1·(5 − 8) = 13.
        RushJob done = new RushJob("done", 0, 1, new LinearUtility(10, 1, 8));
        RushJob other = new RushJob("other", 6, 1, new LinearUtility(10, 1, 8));

        Map<String, CompletionTarget> targets = byId(peeling.peel(List.of(done, other), 3, 5));

        assertThat(targets.get("done").target()).isCloseTo(5.0, within(1e-6));
        assertThat(targets.get("done").utility()).isCloseTo(13.0, within(1e-6));
        assertThat(targets.get("other").target()).isCloseTo(7.0, within(1e-6));
    }

    @ParameterizedTest
    @MethodSource("peelers")
    void anEmptyRoundHasNoTargets(OnionPeeling peeling) {
        assertThat(peeling.peel(List.of(), 4, 0).targets()).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("peelers")
    void badRoundsAreRefusedWithWhatToDo(OnionPeeling peeling) {
        RushJob a = new RushJob("a", 1, 1, new ConstantUtility(1));
        assertThatThrownBy(() -> peeling.peel(List.of(a), 0, 0)).hasMessageContaining("at least 1 container");
        assertThatThrownBy(() -> peeling.peel(List.of(a, a), 1, 0)).hasMessageContaining("distinct");
        assertThatThrownBy(() -> peeling.peel(List.of(a), 1, Double.NaN)).hasMessageContaining("finite");
    }
}
