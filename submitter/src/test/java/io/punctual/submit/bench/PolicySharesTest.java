package io.punctual.submit.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class PolicySharesTest {

    private static final QueueShare TEAM = new QueueShare("team-analytics", "root", 10, 40);
    private static final QueueShare PLAN = new QueueShare("sla", "root", 70, 100);

    @Test
    void baselinesAndPunctualOnDifferentSharesAreNamedWithBothQueues() {
        PolicyShares shares = new PolicyShares(TEAM, PLAN);
        assertThat(shares.unequal(Policy.list("static:1,punctual"))).hasValueSatisfying(why -> assertThat(why)
                .contains("punctual reserves in root.sla (70% of root, at most 100%)")
                .contains("the others run in root.team-analytics (10% of root, at most 40%)"));
        assertThat(shares.unequal(Policy.list("dynamic,punctual-noreserve,punctual"))).isPresent();
    }

    @Test
    void policiesOfOneKindOrOnEqualSharesAreFair() {
        PolicyShares unequal = new PolicyShares(TEAM, PLAN);
        assertThat(unequal.unequal(Policy.list("punctual"))).isEmpty();
        assertThat(unequal.unequal(Policy.list("static:1,static:2,dynamic"))).isEmpty();
        PolicyShares equal = new PolicyShares(new QueueShare("team-analytics", "root", 40, 40),
                new QueueShare("sla", "root", 40.04, 40));
        assertThat(equal.unequal(Policy.list("static:1,dynamic,punctual"))).isEmpty();
    }

    @Test
    void aShareIsTheSameOnlyUnderTheSameParentWithTheSameGuaranteeAndCeiling() {
        QueueShare plan = new QueueShare("sla", "root", 40, 40);
        assertThat(plan.sameShareAs(new QueueShare("team-a", "root", 40, 40))).isTrue();
        assertThat(plan.sameShareAs(new QueueShare("team-a", "teams", 40, 40))).isFalse();
        assertThat(plan.sameShareAs(new QueueShare("team-a", "root", 40, 100))).isFalse();
        assertThat(plan.sameShareAs(new QueueShare("team-a", "root", 39, 40))).isFalse();
    }

    @Test
    void yarnsFloatSharesAreShownToATenthOfAPercent() {
        assertThat(new QueueShare("sla", "root", 0.4 * 100, 0.4 * 100).describe())
                .isEqualTo("root.sla (40% of root, at most 40%)");
        assertThat(new QueueShare("sla", "root", 33.333333, 100).describe())
                .isEqualTo("root.sla (33.3% of root, at most 100%)");
    }

    @Test
    void eachPolicyIsRecordedWithTheQueueItsJobsAreSubmittedTo() {
        PolicyShares shares = new PolicyShares(TEAM, PLAN);
        assertThat(shares.byPolicy(Policy.list("static:1,punctual,punctual-noreserve")))
                .containsExactly(java.util.Map.entry("static:1", TEAM), java.util.Map.entry("punctual", PLAN),
                        java.util.Map.entry("punctual-noreserve", TEAM));
        assertThat(List.copyOf(shares.byPolicy(Policy.list("dynamic")).keySet())).containsExactly("dynamic");
    }
}
