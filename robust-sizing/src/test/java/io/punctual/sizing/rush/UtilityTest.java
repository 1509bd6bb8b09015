package io.punctual.sizing.rush;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Scale;
import org.junit.jupiter.api.Test;

class UtilityTest {

    @Test
    void linearHandWorked() {
        // W = 10, β = 2, B = 100: U(90) = 10 + 20 = 30, U(102) = 10 − 4 = 6, U(105) = max(0, 0) = 0.
        // U⁻¹(6) = 100 + (10 − 6)/2 = 102; any level ≤ 0 is reached at every time.
        LinearUtility u = new LinearUtility(10, 2, 100);

        assertThat(u.at(90)).isEqualTo(30.0);
        assertThat(u.at(102)).isEqualTo(6.0);
        assertThat(u.at(105)).isEqualTo(0.0);
        assertThat(u.latestCompletionFor(6)).isEqualTo(102.0);
        assertThat(u.latestCompletionFor(0)).isEqualTo(Double.POSITIVE_INFINITY);
    }

    @Test
    void sigmoidHandWorkedFallsAfterItsBudget() {
        // W = 10, β = 1, B = 100: U(100) = 10/2 = 5; U(100 + ln 3) = 10/(1 + 3) = 2.5, lower: utility falls with
        // lateness (the paper's printed sign would make it rise). U⁻¹(2.5) = 100 + ln(10/2.5 − 1) = 100 + ln 3.
        SigmoidUtility u = new SigmoidUtility(10, 1, 100);

        assertThat(u.at(100)).isEqualTo(5.0);
        assertThat(u.at(100 + Math.log(3))).isCloseTo(2.5, within(1e-12));
        assertThat(u.latestCompletionFor(2.5)).isCloseTo(100 + Math.log(3), within(1e-12));
        assertThat(u.latestCompletionFor(10)).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(u.latestCompletionFor(0)).isEqualTo(Double.POSITIVE_INFINITY);
    }

    @Test
    void constantReachesItsWeightAlwaysAndNothingMore() {
        ConstantUtility u = new ConstantUtility(3);

        assertThat(u.at(1e9)).isEqualTo(3.0);
        assertThat(u.latestCompletionFor(3)).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(u.latestCompletionFor(3.0001)).isEqualTo(Double.NEGATIVE_INFINITY);
    }

    @Test
    void badParametersAreRefusedWithWhatToUseInstead() {
        assertThatThrownBy(() -> new LinearUtility(1, 0, 0)).hasMessageContaining("ConstantUtility");
        assertThatThrownBy(() -> new SigmoidUtility(-1, 1, 0)).hasMessageContaining("weight W");
        assertThatThrownBy(() -> new LinearUtility(1, 1, Double.NaN)).hasMessageContaining("budget B");
        assertThatThrownBy(() -> new ConstantUtility(1).latestCompletionFor(Double.NaN)).hasMessageContaining("NaN");
    }

    @Provide
    Arbitrary<Utility> utilities() {
        return Rounds.utilities();
    }

    @Property(tries = 500)
    void utilityNeverRisesWithLateness(@ForAll("utilities") Utility u,
                                       @ForAll @Scale(4) @DoubleRange(min = -100, max = 300) double t,
                                       @ForAll @Scale(4) @DoubleRange(min = 0, max = 100) double delay) {
        assertThat(u.at(t + delay)).isLessThanOrEqualTo(u.at(t));
        assertThat(u.at(t)).isGreaterThanOrEqualTo(u.floor());
    }

    @Property(tries = 500)
    void inverseIsTheLatestTimeStillReachingTheLevel(@ForAll("utilities") Utility u,
                                                     @ForAll @Scale(4) @DoubleRange(min = -100, max = 300) double t) {
        double level = u.at(t);
        double latest = u.latestCompletionFor(level);

        if (latest == Double.POSITIVE_INFINITY) {
            assertThat(level).isLessThanOrEqualTo(u.floor());
        } else if (latest == Double.NEGATIVE_INFINITY) {
            // Only a sigmoid so far before its budget that U(t) rounds to W, its never-reached supremum.
            assertThat(u).isInstanceOfSatisfying(SigmoidUtility.class, s -> assertThat(level).isEqualTo(s.weight()));
        } else {
            assertThat(u.at(latest)).isCloseTo(level, within(1e-9 * (1 + level)));
            // Where U visibly falls around t (it is flat to double precision far from a sigmoid's budget, and there
            // U⁻¹ is ill-conditioned), the inverse is no earlier than t and nothing later reaches the level.
            if (u.at(t - 1e-3) - u.at(t + 1e-3) > 1e-9) {
                assertThat(latest).isGreaterThanOrEqualTo(t - 1e-6);
                assertThat(u.at(latest + 1e-3)).isLessThan(level);
            }
        }
    }
}
