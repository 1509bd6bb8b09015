package io.punctual.sizing.sizer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.sizing.JobKey;
import io.punctual.sizing.Resources;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DecisionCheckTest {

    private static final Instant NOW = Instant.parse("2026-11-27T10:00:00Z");
    private static final Instant DEADLINE = NOW.plusSeconds(600);

    /** A job 40 tasks wide, 2 cores per executor, a team cap of 12 and a plan of 30 executors. */
    private static SizingRequest request() {
        return new SizingRequest(new JobKey("team", "job"), NOW, NOW, DEADLINE, 0.9, 0.3, Resources.of(2, 2048), 2,
                Optional.empty(), new ParallelismEstimate(40, "test"), 12, 30, Optional.empty());
    }

    private static SizingDecision.Sized sized(int executors, Bound bound, long holdSeconds, Instant theta) {
        return new SizingDecision.Sized(executors, "Justice", bound, Duration.ofSeconds(holdSeconds),
                Optional.empty(), Optional.of(theta), List.of());
    }

    @Test
    void aDecisionWithinEveryLimitAndPredictedInTimePassesUnchanged() {
        SizingDecision ok = sized(10, Bound.DEADLINE, 600, DEADLINE);

        assertThat(DecisionCheck.checked(request(), ok)).isSameAs(ok);
    }

    @Test
    void aPredictedMissIsRefusedWithTheFinishAsTheEarliestDeadline() {
        Instant late = DEADLINE.plusSeconds(45);

        SizingDecision checked = DecisionCheck.checked(request(), sized(6, Bound.TEAM_CAP, 590, late));

        assertThat(checked).isInstanceOfSatisfying(SizingDecision.Unmeetable.class, u -> {
            assertThat(u.reason()).contains("45 s after the deadline").contains("not admitted");
            assertThat(u.earliestDeadline()).contains(late);
        });
    }

    @Test
    void aSizerAnsweringPastTheCapTheWidthTheClusterOrTheWindowFailsLoudly() {
        assertThatThrownBy(() -> DecisionCheck.checked(request(), sized(13, Bound.DEADLINE, 60, NOW)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("team cap of 12");
        // 40 tasks on 2-core executors use at most 20; the cap (12) binds first, so widen the cap to see the width.
        SizingRequest wide = new SizingRequest(new JobKey("team", "job"), NOW, NOW, DEADLINE, 0.9, 0.3,
                Resources.of(2, 2048), 2, Optional.empty(), new ParallelismEstimate(40, "test"), 100, 100,
                Optional.empty());
        assertThatThrownBy(() -> DecisionCheck.checked(wide, sized(21, Bound.DEADLINE, 60, NOW)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("width of 40 tasks");
        assertThatThrownBy(() -> DecisionCheck.checked(request(), sized(2, Bound.DEADLINE, 601, NOW)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("window of 600");
        assertThat(DecisionCheck.checked(wide, sized(21, Bound.USER, 60, NOW))).as("the user's own count")
                .isInstanceOf(SizingDecision.Sized.class);
    }
}
