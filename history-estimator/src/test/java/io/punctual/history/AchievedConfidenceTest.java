package io.punctual.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.punctual.history.RunFixtures.Stage;
import io.punctual.history.run.DeadlineAsk;
import io.punctual.history.run.RunRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class AchievedConfidenceTest {

    /** A run ending at 10 s, due at {@code deadlineMs}, asked to meet it with {@code theta}. */
    private static RunRecord due(int index, long deadlineMs, double theta) {
        RunRecord run = RunFixtures.run("app-" + index, 0, 1000, 8000, 1000, 1, 0, Stage.of(0, List.of(), 100));
        return new RunRecord(run.id(), run.jobKey(), run.appName(), run.sparkVersion(), run.user(), run.startMs(),
                run.endMs(), run.coresPerExecutor(), run.taskCpus(), run.executors(), run.jobs(), run.stages(),
                run.totals(), run.integrity(), run.excludedReason(), run.source(),
                Optional.of(new DeadlineAsk(deadlineMs, OptionalDouble.of(theta))));
    }

    private static List<RunRecord> runs(int met, int missed, double theta) {
        List<RunRecord> runs = new ArrayList<>();
        for (int i = 0; i < met + missed; i++) {
            runs.add(due(i, i < met ? 10_000 : 9_999, theta));
        }
        return runs;
    }

    @Test
    void theShareOfRunsThatEndedByTheirDeadlineIsComparedWithTheAskedConfidence() {
        AchievedConfidence a = AchievedConfidence.of(runs(9, 1, 0.9)).orElseThrow();

        assertThat(a.finished()).isEqualTo(10);
        assertThat(a.met()).isEqualTo(9);
        assertThat(a.share()).isEqualTo(0.9);
        assertThat(a.asked()).contains(0.9);
        assertThat(a.clearlyBelow()).isFalse();
        assertThat(a.text()).isEqualTo("9 of 10 finished runs met their deadline (0.90) vs 0.90 asked");
    }

    @Test
    void aSteadyShortfallIsFlaggedButOneUnluckyMissIsNot() {
        // P(X <= 6 | n = 10, θ = 0.9) = 0.0128: clearly below. P(X <= 1 | n = 2) = 1 − 0.81 = 0.19: not.
        AchievedConfidence steady = AchievedConfidence.of(runs(6, 4, 0.9)).orElseThrow();
        AchievedConfidence unlucky = AchievedConfidence.of(runs(1, 1, 0.9)).orElseThrow();

        assertThat(steady.pValue().orElseThrow()).isCloseTo(0.0128, within(0.0005));
        assertThat(steady.clearlyBelow()).isTrue();
        assertThat(steady.text()).contains("WARNING: clearly below");
        assertThat(unlucky.pValue().orElseThrow()).isCloseTo(0.19, within(1e-9));
        assertThat(unlucky.clearlyBelow()).isFalse();
    }

    @Test
    void runsWithoutADeadlineSayNothing() {
        assertThat(AchievedConfidence.of(List.of(RunFixtures.run("app-x", 0, 1, 1, 1, 1, 0)))).isEmpty();
    }

    @Test
    void theDeadlinePunctualWroteIntoTheSparkPropertiesIsRead() {
        DeadlineAsk ask = DeadlineAsk.from(Map.of(DeadlineAsk.AT, "2026-11-24T08:15:00Z",
                DeadlineAsk.CONFIDENCE, "0.95")).orElseThrow();

        assertThat(ask.deadlineMs()).isEqualTo(java.time.Instant.parse("2026-11-24T08:15:00Z").toEpochMilli());
        assertThat(ask.confidence()).hasValue(0.95);
        assertThat(DeadlineAsk.from(Map.of(DeadlineAsk.AT, "tomorrow"))).isEmpty();
    }
}
