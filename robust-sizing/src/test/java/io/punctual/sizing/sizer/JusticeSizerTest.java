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
    void aWaitingJobsCpusGrowAsItsWindowShrinksAsEstimateReqHasIt() {
        // ESTIMATE_REQ (Justice, Algorithm 4): reqCpus = ceil(fraction × deadline / (deadline − waited) × maxCpus),
        // deadline 600 s from submission, fraction 0.3, maxCpus = min(40 tasks, 100 CPUs) = 40, 2 cores an executor:
        //   waited   0 s: 0.3 × 600/600 × 40 = 12 CPUs =  6 executors, held 600 s
        //   waited 150 s: 0.3 × 600/450 × 40 = 16 CPUs =  8 executors, held 450 s
        //   waited 300 s: 0.3 × 600/300 × 40 = 24 CPUs = 12 executors, held 300 s
        //   waited 450 s: 0.3 × 600/150 × 40 = 48 CPUs > 40 tasks: no size meets the deadline any more
        var width = new ParallelismEstimate(40, "spark.default.parallelism");
        int[] executors = new int[3];
        long[] held = new long[3];
        for (int i = 0; i < 3; i++) {
            var sized = (SizingDecision.Sized) new JusticeSizer(LEARNED).size(
                    Requests.waited(150L * i, 600, 0.9, 0.1, 2, Optional.empty(), width, 50, 50));
            executors[i] = sized.executors();
            held[i] = sized.hold().toSeconds();
        }

        SizingDecision late = new JusticeSizer(LEARNED).size(
                Requests.waited(450, 600, 0.9, 0.1, 2, Optional.empty(), width, 50, 50));

        assertThat(executors).containsExactly(6, 8, 12);
        assertThat(held).containsExactly(600, 450, 300);
        var unmeetable = (SizingDecision.Unmeetable) late;
        assertThat(unmeetable.decidedBy()).isEqualTo(Bound.MAX_PARALLELISM);
        assertThat(unmeetable.reason()).contains("48.00 CPUs").contains("queue scale 4.0000").contains("40 tasks");
    }

    @Test
    void noRoomForOneExecutorIsUnmeetable() {
        SizingRequest request = Requests.request(600, 0.9, 0.1, 2, Optional.empty(),
                new ParallelismEstimate(40, "spark.default.parallelism"), 50, 0);

        SizingDecision decision = new JusticeSizer(LEARNED).size(request);

        assertThat(((SizingDecision.Unmeetable) decision).decidedBy()).isEqualTo(Bound.CLUSTER_CAPACITY);
    }
}
