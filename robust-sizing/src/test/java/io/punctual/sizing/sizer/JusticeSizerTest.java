package io.punctual.sizing.sizer;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.justice.ErrorSmoothing;
import io.punctual.sizing.justice.HoldShares;
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

    private static final ParallelismEstimate FORTY = new ParallelismEstimate(40, "spark.default.parallelism");

    /** LEARNED with {@code n} first-time runs that used 0.1, 0.2, ... of their windows (n = 10: up to 1.0). */
    private static JusticeState withShares(int n, double top) {
        JusticeState state = LEARNED;
        for (int i = 1; i <= n; i++) {
            state = state.withHoldShare(top * i / n);
        }
        return state;
    }

    private static SizingDecision.Sized firstTime(JusticeState state, int windowSeconds, double theta,
                                                  Duration launchOverhead) {
        SizingRequest request = Requests.request(windowSeconds, theta, 0.1, 2, Optional.empty(), FORTY, 50, 50);
        return (SizingDecision.Sized) new JusticeSizer(state, launchOverhead).size(request);
    }

    private static SizingTerm holdTerm(SizingDecision.Sized sized) {
        return sized.terms().stream().filter(t -> t.name().equals("hold share")).findFirst().orElseThrow();
    }

    @Test
    void withTooFewFirstTimeRunsTheHoldIsTheWholeWindow() {
        SizingDecision.Sized sized = firstTime(withShares(HoldShares.MIN_SAMPLES - 1, 0.5), 600, 0.9, Duration.ZERO);

        assertThat(sized.hold()).isEqualTo(Duration.ofSeconds(600));
        assertThat(holdTerm(sized).meaning()).contains("9 of the 10 first-time runs");
    }

    @Test
    void withEnoughRunsTheHoldIsTheThetaQuantileOfTheirSharesOfTheWindow() {
        // shares 0.05, 0.10 ... 0.50: p90 is the 9th, 0.45; 0.45 × 600 s = 270 s. The executors stay Justice's.
        SizingDecision.Sized sized = firstTime(withShares(10, 0.5), 600, 0.9, Duration.ofSeconds(5));

        assertThat(sized.hold()).isEqualTo(Duration.ofSeconds(270));
        assertThat(sized.executors()).isEqualTo(6);
        assertThat(holdTerm(sized).value()).isEqualTo("0.450");
        assertThat(holdTerm(sized).meaning()).startsWith("p90 of 10 first-time runs used 0.45 of their window");
        assertThat(JusticeSizer.sizedWithoutHistory(sized)).isTrue();
    }

    @Test
    void theHoldIsNeverLongerThanTheWindow() {
        SizingDecision.Sized sized = firstTime(withShares(10, 1.0), 600, 0.95, Duration.ofSeconds(700));

        assertThat(sized.hold()).isEqualTo(Duration.ofSeconds(600));
    }

    @Test
    void theHoldIsNeverShorterThanTheLaunchOverhead() {
        // shares up to 0.01 of a 600 s window would hold 6 s; launching alone takes 20 s.
        SizingDecision.Sized sized = firstTime(withShares(10, 0.01), 600, 0.9, Duration.ofSeconds(20));

        assertThat(sized.hold()).isEqualTo(Duration.ofSeconds(21));
        assertThat(holdTerm(sized).meaning()).contains("raised to the launch overhead");
    }

    @Test
    void aJobWithHistoryStillHoldsItsWindow() {
        JobHistory history = Requests.history(1, new StraightCurve(100, 400, 600, 15), 10, 30);
        SizingRequest request = Requests.request(600, 0.9, 0.1, 2, Optional.of(history), FORTY, 50, 50);

        SizingDecision.Sized sized = (SizingDecision.Sized) new JusticeSizer(withShares(10, 0.5)).size(request);

        assertThat(sized.hold()).isEqualTo(Duration.ofSeconds(600));
        assertThat(JusticeSizer.sizedWithoutHistory(sized)).isFalse();
    }
}
