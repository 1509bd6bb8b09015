package io.punctual.sizing.sizer;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.justice.ErrorSmoothing;
import io.punctual.sizing.justice.JusticeState;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class JusticeSizerTest {

    /** Two jobs tracked, the last one met its deadline: fraction = (last 0.4 + min 0.2) / 2 + error 0 = 0.3. */
    private static final JusticeState LEARNED = new JusticeState(new ErrorSmoothing.EqualWeights(), 2, 0.2, 0.6, 0.4,
            true, 0.0, List.of(0.0, 0.0));

    @Test
    void aFirstTimeJobGetsTheFractionOfItsOwnParallelismEstimateNotOfTheTeamCap() {
        // 0.3 × min(40 tasks, 50 executors × 2 cores) = 12 CPUs = 6 executors of 2 cores. The team cap (100 CPUs)
        // would have given 30 CPUs.
        SizingRequest request = Requests.request(600, 0.9, 0.1, 2, Optional.empty(),
                new ParallelismEstimate(40, "spark.default.parallelism"), 50, 50);

        SizingDecision.Sized sized = (SizingDecision.Sized) new JusticeSizer(LEARNED).size(request);

        assertThat(sized.executors()).isEqualTo(6);
        assertThat(sized.decidedBy()).isEqualTo(Bound.DEADLINE);
        assertThat(sized.hold()).isEqualTo(Duration.ofSeconds(600));
        assertThat(sized.p50Finish()).isEmpty();
        assertThat(sized.terms()).anySatisfy(t -> {
            assertThat(t.name()).isEqualTo("max parallelism");
            assertThat(t.value()).isEqualTo("40");
            assertThat(t.meaning()).isEqualTo("spark.default.parallelism");
        });
    }

    @Test
    void aJobWithHistoryUsesTheWidestStageItWasLearnedAgainst() {
        // widest stage 30 tasks: 0.3 × 30 = 9 CPUs, 5 executors of 2 cores. Predicted median finish at 5 executors:
        // 10 s launch + 100 + 400/5 = 190 s.
        JobHistory history = Requests.history(1, new StraightCurve(100, 400, 600, 15), 10, 30);
        SizingRequest request = Requests.request(600, 0.9, 0.1, 2, Optional.of(history),
                new ParallelismEstimate(40, "spark.default.parallelism"), 50, 50);

        SizingDecision.Sized sized = (SizingDecision.Sized) new JusticeSizer(LEARNED).size(request);

        assertThat(sized.executors()).isEqualTo(5);
        assertThat(sized.p50Finish()).contains(Requests.NOW.plusSeconds(190));
    }

    @Test
    void beforeLearningAJobGetsItsWholeParallelism() {
        // bootstrap: fraction 1 × 40 = 40 CPUs = 20 executors, bounded by the job's width (40 ≤ 100 CPUs).
        SizingRequest request = Requests.request(600, 0.9, 0.1, 2, Optional.empty(),
                new ParallelismEstimate(40, "spark.default.parallelism"), 50, 50);

        SizingDecision.Sized sized = (SizingDecision.Sized) new JusticeSizer(
                JusticeState.initial(new ErrorSmoothing.EqualWeights())).size(request);

        assertThat(sized.executors()).isEqualTo(20);
        assertThat(sized.decidedBy()).isEqualTo(Bound.MAX_PARALLELISM);
    }

    @Test
    void noRoomForOneExecutorIsUnmeetable() {
        SizingRequest request = Requests.request(600, 0.9, 0.1, 2, Optional.empty(),
                new ParallelismEstimate(40, "spark.default.parallelism"), 50, 0);

        SizingDecision decision = new JusticeSizer(LEARNED).size(request);

        assertThat(((SizingDecision.Unmeetable) decision).decidedBy()).isEqualTo(Bound.CLUSTER_CAPACITY);
    }
}
