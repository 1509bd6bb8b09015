package io.punctual.submit.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Issue 26, item 5: Punctual's points against the baselines' frontier, on hand-worked summaries. */
class ParetoFrontTest {

    /** {@code met} of {@code jobs} deadlines met (every job admitted) for {@code executorSeconds} in all. */
    static PolicySummary summary(String policy, int met, int jobs, double executorSeconds) {
        return new PolicySummary(policy, null, jobs, jobs, 0, Map.of(), 0, Map.of(), met, met / (double) jobs,
                met / (double) jobs, new PolicySummary.Lateness(0, null, null, null), executorSeconds, null, null, 0,
                new PolicySummary.PredictionError(0, null, null), PolicySummary.Reserved.NONE, null, null);
    }

    @Test
    void aPointNoBaselineBeatsOnBothLiesBeyondTheFrontier() {
        List<PolicySummary> all = List.of(summary("static:1", 50, 100, 1000), summary("static:2", 60, 100, 1500),
                summary("dynamic", 40, 100, 2000), summary("punctual@0.9", 70, 100, 1000));
        GoalVerdict.Check check = ParetoFront.check(all.get(3), all);
        assertThat(check.ok()).isTrue();
        assertThat(check.sentence()).isEqualTo("beyond the baselines' frontier: none met as large a share of all"
                + " deadlines (70.0%) at 14.3 executor-seconds per met deadline or less");
    }

    @Test
    void aBaselineThatMetMoreForLessDominatesAndIsNamedWithItsNumbers() {
        List<PolicySummary> all = List.of(summary("static:1", 80, 100, 1000), summary("static:2", 85, 100, 3000),
                summary("punctual", 70, 100, 1000));
        GoalVerdict.Check check = ParetoFront.check(all.get(2), all);
        assertThat(check.ok()).isFalse();
        assertThat(check.sentence()).isEqualTo("dominated by static:1, which met 80.0% of all deadlines at 12.5"
                + " executor-seconds per met deadline (against 70.0% at 14.3)");
    }

    @Test
    void aTradeOffIsNotDominationButEqualOnBothIs() {
        List<PolicySummary> tradeOff = List.of(summary("static:3", 90, 100, 2700), summary("punctual", 70, 100, 1000));
        assertThat(ParetoFront.check(tradeOff.get(1), tradeOff).ok()).isTrue();
        List<PolicySummary> same = List.of(summary("static:1", 70, 100, 1000), summary("punctual", 70, 100, 1000));
        assertThat(ParetoFront.check(same.get(1), same).ok()).as("equal on both: neither is better").isTrue();
        List<PolicySummary> cheaper = List.of(summary("static:1", 70, 100, 900), summary("punctual", 70, 100, 1000));
        assertThat(ParetoFront.check(cheaper.get(1), cheaper).ok()).as("as many met for less").isFalse();
    }

    @Test
    void theFrontierKeepsOnlyTheBaselinesNoOtherBaselineBeats() {
        List<ParetoFront.Point> points = ParetoFront.points(List.of(summary("static:1", 50, 100, 1000),
                summary("static:2", 60, 100, 1500), summary("static:3", 55, 100, 1650), summary("dynamic", 0, 100, 900),
                summary("punctual", 90, 100, 100)));
        assertThat(ParetoFront.frontier(points)).extracting(ParetoFront.Point::policy)
                .containsExactly("static:1", "static:2");
    }

    @Test
    void aPolicyThatMetNothingCostsInfinityAndAnyBaselineThatMetSomethingBeatsIt() {
        List<PolicySummary> all = List.of(summary("static:1", 1, 25, 500), summary("punctual", 0, 25, 10));
        GoalVerdict.Check check = ParetoFront.check(all.get(1), all);
        assertThat(check.ok()).isFalse();
        assertThat(check.sentence()).endsWith("(against 0.0% at ∞ (none met))");
        List<PolicySummary> noneMet = List.of(summary("static:1", 0, 25, 500), summary("punctual", 0, 25, 10));
        assertThat(ParetoFront.check(noneMet.get(1), noneMet).ok()).isTrue();
    }

    @Test
    void withoutABaselinePunctualCannotBePlaced() {
        List<PolicySummary> all = List.of(summary("punctual@0.5", 10, 20, 100), summary("punctual@0.9", 15, 20, 300));
        assertThat(ParetoFront.check(all.get(0), all).ok()).isNull();
        assertThat(ParetoFront.check(all.get(0), all).sentence()).contains("no baseline ran");
    }
}
