package io.punctual.sizing.rayon.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.sizing.Resources;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Capacity 10 vcores / 10 GiB; a team may hold 50% at once and 25% on average over any 100 s. */
class CapacityOverTimePolicyTest {

    private static final CapacityOverTimePolicy POLICY = new CapacityOverTimePolicy(0.5, 0.25, 100);

    private static Segment seg(long s, long e, long vcores) {
        return new Segment(s, e, Resources.of(vcores, 1024 * vcores));
    }

    private static RunLengthPlan plan() {
        return new RunLengthPlan(Resources.of(10, 10_240), 1);
    }

    @Test
    void allowsExactlyTheLimits() {
        // 5 of 10 at once is 50%; 5 x 50 s over a 100 s window averages 2.5 = 25%.
        assertThat(POLICY.violation(plan(), "etl", List.of(seg(0, 50, 5)))).isEmpty();
    }

    @Test
    void refusesMoreThanTheInstantaneousShare() {
        assertThat(POLICY.violation(plan(), "etl", List.of(seg(0, 10, 6))))
                .hasValueSatisfying(r -> assertThat(r).contains("instantaneous limit of 50.0%"));
    }

    @Test
    void refusesMoreThanTheAverageOverAnyWindow() {
        // 5 x 60 s in 100 s averages 3 > 2.5.
        assertThat(POLICY.violation(plan(), "etl", List.of(seg(0, 60, 5))))
                .hasValueSatisfying(r -> assertThat(r).contains("average limit of 25.0%"));
    }

    @Test
    void countsWhatTheTeamAlreadyHoldsInTheSlidingWindow() {
        RunLengthPlan plan = plan();
        plan.add("old", "etl", List.of(seg(0, 50, 5)));

        // [25, 125) sees 25 s of the old and 25 s of the new at 5: 250 / 100 = 2.5, allowed.
        assertThat(POLICY.violation(plan, "etl", List.of(seg(100, 150, 5)))).isEmpty();
        // [40, 140) sees 10 s of the old and 50 s of the new: 300 / 100 = 3, refused.
        assertThat(POLICY.violation(plan, "etl", List.of(seg(90, 140, 5)))).isPresent();
        // Another team's use does not count against etl.
        assertThat(POLICY.violation(plan, "ml", List.of(seg(50, 100, 5)))).isEmpty();
    }

    @Test
    void appliesPerTeamPoliciesWithADefault() {
        SharingPolicy policy = SharingPolicy.perTeam(Map.of("etl", POLICY), SharingPolicy.UNCONSTRAINED);

        assertThat(policy.violation(plan(), "etl", List.of(seg(0, 10, 6)))).isPresent();
        assertThat(policy.violation(plan(), "adhoc", List.of(seg(0, 100, 10)))).isEmpty();
    }

    @Test
    void refusesNonsenseLimits() {
        assertThatThrownBy(() -> new CapacityOverTimePolicy(1.5, 0.2, 10)).hasMessageContaining("maxInstantaneous");
        assertThatThrownBy(() -> new CapacityOverTimePolicy(0.5, 0.6, 10)).hasMessageContaining("maxAverage");
        assertThatThrownBy(() -> new CapacityOverTimePolicy(0.5, 0.2, 0)).hasMessageContaining("window");
    }
}
