package io.punctual.sizing.sizer;

import static io.punctual.sizing.sizer.Requests.NOW;
import static io.punctual.sizing.sizer.Requests.history;
import static io.punctual.sizing.sizer.Requests.request;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LaunchFloorTest {

    private static final ParallelismEstimate WIDE = new ParallelismEstimate(8, "test");

    @Test
    void aFirstTimeJobWhoseDeadlineComesBeforeItsLaunchIsRefusedWithTheEarliestDeadline() {
        var refused = LaunchFloor.check(request(20, 0.9, 0.1, 1, Optional.empty(), WIDE, 4, 8),
                Duration.ofSeconds(30));

        assertThat(refused).hasValueSatisfying(u -> {
            assertThat(u.earliestDeadline()).contains(NOW.plusSeconds(31));
            assertThat(u.decidedBy()).isEqualTo(Bound.DEADLINE);
            assertThat(u.reason()).contains("20 s away").contains("launching takes 30 s");
        });
        assertThat(LaunchFloor.check(request(30, 0.9, 0.1, 1, Optional.empty(), WIDE, 4, 8),
                Duration.ofSeconds(30))).isEmpty();
    }

    @Test
    void aJobWithHistoryAlsoNeedsItsLeastRunTimeAtTheExecutorLimit() {
        // 10 s on the driver and 160 s of work: 50 s at its limit of 4 executors (team cap 4, cluster 8).
        var history = Optional.of(history(5, new StraightCurve(10, 160, 200, 8), 12, 8));

        var refused = LaunchFloor.check(request(55, 0.9, 0.1, 1, history, WIDE, 4, 8), Duration.ofSeconds(12));

        assertThat(refused).hasValueSatisfying(u -> {
            assertThat(u.earliestDeadline()).contains(NOW.plusSeconds(63));
            assertThat(u.reason()).contains("at least 50 s at 4 executors");
        });
        assertThat(LaunchFloor.check(request(62, 0.9, 0.1, 1, history, WIDE, 4, 8), Duration.ofSeconds(12)))
                .isEmpty();
    }
}
