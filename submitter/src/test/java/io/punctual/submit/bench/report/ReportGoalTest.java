package io.punctual.submit.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The goal of issue 9 judged on summaries whose numbers sit on either side of each threshold. */
class ReportGoalTest {

    /** A summary with {@code met} of {@code admitted} deadlines met at {@code ratio}× the oracle. */
    static PolicySummary summary(String policy, int met, int admitted, Double ratio) {
        return new PolicySummary(policy, null, admitted, admitted, 0, Map.of(), 0, Map.of(), met,
                admitted == 0 ? null : met / (double) admitted, admitted == 0 ? null : met / (double) admitted,
                new PolicySummary.Lateness(0, null, null, null), 1000, ratio == null ? null : 1000 / ratio, ratio,
                ratio == null ? 0 : admitted, new PolicySummary.PredictionError(0, null, null),
                PolicySummary.Reserved.NONE, null, null);
    }

    @Test
    void ninetyNinePercentAtTheOraclesCostBeatingBothBaselinesIsMet() {
        List<GoalVerdict> verdicts = GoalVerdict.judge(List.of(summary("static", 90, 100, 1.6),
                summary("dynamic", 95, 100, 1.3), summary("punctual", 99, 100, 1.15)));
        assertThat(verdicts).singleElement().isInstanceOf(GoalVerdict.Met.class);
        assertThat(verdicts.get(0).headline()).startsWith("punctual: goal met")
                .contains("more deadlines met than static (99.0% vs 90.0%)", "cheaper than dynamic (1.15× vs 1.30×");
    }

    @Test
    void eachMissedConditionIsNamedWithItsNumbers() {
        GoalVerdict verdict = GoalVerdict.judge(List.of(summary("static", 100, 100, 1.2),
                summary("dynamic", 97, 100, 1.1), summary("punctual", 98, 100, 1.16))).get(0);
        assertThat(verdict).isInstanceOf(GoalVerdict.Missed.class);
        assertThat(((GoalVerdict.Missed) verdict).shortfalls()).containsExactly(
                "met 98.0% of the deadlines it admitted (98 of 100; goal ≥ 99%)",
                "used 1.16× the oracle's executor-seconds (goal ≤ 1.15×)",
                "no more deadlines met than static (98.0% vs 100.0%)",
                "not cheaper than dynamic (1.16× vs 1.10× the oracle)",
                "dominated by static, which met 100.0% of all deadlines at 10.0 executor-seconds per met deadline"
                        + " (against 98.0% at 10.2)");
    }

    @Test
    void allDeadlinesMetByBothIsNotALossAndAMissingBaselineLeavesItUndecided() {
        List<GoalVerdict> verdicts = GoalVerdict.judge(List.of(summary("static", 10, 10, 2.0),
                summary("punctual", 10, 10, 1.0), summary("punctual-noreserve", 0, 0, null)));
        assertThat(verdicts).hasSize(2);
        GoalVerdict punctual = verdicts.get(0);
        assertThat(punctual).isInstanceOf(GoalVerdict.Undecided.class);
        assertThat(punctual.findings()).contains("every deadline met, as with static (100.0% vs 100.0%)");
        assertThat(((GoalVerdict.Undecided) punctual).unknowns())
                .containsExactly("dynamic was not run, so it cannot be compared");
        GoalVerdict noreserve = verdicts.get(1);
        assertThat(noreserve.policy()).isEqualTo("punctual-noreserve");
        assertThat(((GoalVerdict.Undecided) noreserve).unknowns()).contains("it admitted no job");
    }

    @Test
    void punctualIsJudgedAgainstEveryStaticCountThatRanNotOneGuess() {
        GoalVerdict verdict = GoalVerdict.judge(List.of(summary("static:1", 100, 100, 1.0),
                summary("static:2", 90, 100, 1.4), summary("dynamic", 90, 100, 1.3),
                summary("punctual", 99, 100, 1.1))).get(0);

        assertThat(verdict).isInstanceOf(GoalVerdict.Missed.class);
        assertThat(((GoalVerdict.Missed) verdict).shortfalls()).containsExactly(
                "no more deadlines met than static:1 (99.0% vs 100.0%)",
                "not cheaper than static:1 (1.10× vs 1.00× the oracle)",
                "dominated by static:1, which met 100.0% of all deadlines at 10.0 executor-seconds per met deadline"
                        + " (against 99.0% at 10.1)");
        assertThat(verdict.findings()).anyMatch(f -> f.contains("static:2"));
    }

    @Test
    void refusingDoesNotBeatABaselineDeadlinesAreCountedOverAllJobs() {
        // Punctual met all 60 it admitted of 100 jobs; static met 90 of 100 (it refuses nothing).
        PolicySummary refusing = new PolicySummary("punctual", null, 100, 60, 40, Map.of(), 0, Map.of(), 60, 1.0,
                0.6, new PolicySummary.Lateness(0, null, null, null), 1000, 1000.0, 1.0, 60,
                new PolicySummary.PredictionError(0, null, null), PolicySummary.Reserved.NONE, null, null);

        GoalVerdict verdict = GoalVerdict.judge(List.of(summary("static", 90, 100, 1.2), refusing)).get(0);

        assertThat(verdict.findings()).contains("no more deadlines met than static (60.0% vs 90.0%)");
        assertThat(verdict).isInstanceOf(GoalVerdict.Missed.class);
    }
}
