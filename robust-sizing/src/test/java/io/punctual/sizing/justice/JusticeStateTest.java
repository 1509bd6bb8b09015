package io.punctual.sizing.justice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** TRACK_JOB and Algorithms 2–3 of the Justice paper against numbers worked out by hand. */
class JusticeStateTest {

    private static final double EPS = 1e-12;

    // Job 1: compTime 3000 CPU-s, 100 tasks, capacity 200, deadline 60 s, 55 CPUs held, met its deadline.
    //   deadlineCPUs = 3000 / 60 = 50; maxCPUs = min(100, 200) = 100; minReqRate = 50 / 100 = 0.5
    //   LastCPUFrac = 55 / 100 = 0.55; error = 0.5 − 0.55 = −0.05
    static final CompletedJob JOB_1 = new CompletedJob(3000, 100, Duration.ofSeconds(60), 55, true, 200);
    // Job 2: compTime 2160 CPU-s, 40 tasks, capacity 200, deadline 90 s, 28 CPUs held, met its deadline.
    //   deadlineCPUs = 2160 / 90 = 24; maxCPUs = 40; minReqRate = 24 / 40 = 0.6
    //   LastCPUFrac = 28 / 40 = 0.7; error = 0.6 − 0.7 = −0.1
    static final CompletedJob JOB_2 = new CompletedJob(2160, 40, Duration.ofSeconds(90), 28, true, 200);
    // Job 3: compTime 5400 CPU-s, 100 tasks, capacity 200, deadline 60 s, 80 CPUs held, missed its deadline.
    //   deadlineCPUs = 90; maxCPUs = 100; minReqRate = 0.9; LastCPUFrac = 0.8; error = 0.9 − 0.8 = +0.1
    static final CompletedJob JOB_3 = new CompletedJob(5400, 100, Duration.ofSeconds(60), 80, false, 200);

    static JusticeState equalWeightsAfter(CompletedJob... jobs) {
        JusticeState state = JusticeState.initial(new ErrorSmoothing.EqualWeights());
        for (CompletedJob job : jobs) {
            state = state.track(job);
        }
        return state;
    }

    @Test
    void trackJobRecordsMinMaxLastAndErrors() {
        JusticeState state = equalWeightsAfter(JOB_1, JOB_2);

        assertThat(state.trackedJobs()).isEqualTo(2);
        assertThat(state.minFraction()).isCloseTo(0.5, within(EPS));
        assertThat(state.maxFraction()).isCloseTo(0.6, within(EPS));
        assertThat(state.lastFraction()).isCloseTo(0.7, within(EPS));
        assertThat(state.lastSuccess()).isTrue();
        assertThat(state.recentErrors()).hasSize(2);
        assertThat(state.recentErrors().get(0)).isCloseTo(-0.05, within(EPS));
        assertThat(state.recentErrors().get(1)).isCloseTo(-0.1, within(EPS));
        // equal weights: (−0.05 − 0.1) / 2 = −0.075
        assertThat(state.smoothedError()).isCloseTo(-0.075, within(EPS));
    }

    @Test
    void afterASuccessTheFractionLeansOnTheMinimum() {
        AllocationFraction.Learned fraction = (AllocationFraction.Learned) equalWeightsAfter(JOB_1, JOB_2)
                .allocationFraction();

        // Algorithm 2: last job met its deadline, so anchor = MinCPUFrac = 0.5; base = (0.7 + 0.5) / 2 = 0.6
        // Algorithm 3: 0.6 + (−0.075) = 0.525, inside [0.5, 1], so it stays
        assertThat(fraction.anchor()).isCloseTo(0.5, within(EPS));
        assertThat(fraction.base()).isCloseTo(0.6, within(EPS));
        assertThat(fraction.correction()).isCloseTo(-0.075, within(EPS));
        assertThat(fraction.value()).isCloseTo(0.525, within(EPS));
    }

    @Test
    void afterAMissTheFractionLeansOnTheMaximum() {
        AllocationFraction.Learned fraction = (AllocationFraction.Learned) equalWeightsAfter(JOB_1, JOB_2, JOB_3)
                .allocationFraction();

        // min 0.5, max 0.9, last 0.8, missed → anchor = 0.9; base = (0.8 + 0.9) / 2 = 0.85
        // correction = (−0.05 − 0.1 + 0.1) / 3 = −0.0166…; fraction = 0.85 − 0.0166… = 0.8333…
        assertThat(fraction.anchor()).isCloseTo(0.9, within(EPS));
        assertThat(fraction.base()).isCloseTo(0.85, within(EPS));
        assertThat(fraction.value()).isCloseTo(0.85 - 0.05 / 3, within(EPS));
    }

    @Test
    void exponentialSmoothingWeighsTheNewestErrorByAlpha() {
        JusticeState state = JusticeState.initial(new ErrorSmoothing.Exponential(0.3)).track(JOB_1).track(JOB_2);

        // s1 = −0.05; s2 = 0.3 · (−0.1) + 0.7 · (−0.05) = −0.03 − 0.035 = −0.065; fraction = 0.6 − 0.065 = 0.535
        assertThat(state.smoothedError()).isCloseTo(-0.065, within(EPS));
        assertThat(state.allocationFraction().value()).isCloseTo(0.535, within(EPS));
    }

    @Test
    void correctionBelowTheMinimumIsRaisedToIt() {
        // A: 1200 CPU-s, 40 tasks, deadline 60, 40 CPUs, met: rate (1200/60)/40 = 0.5, last 1.0, error −0.5
        // B: 900 CPU-s, 50 tasks, deadline 100, 30 CPUs, missed: rate 9/50 = 0.18, last 0.6, error −0.42
        JusticeState state = equalWeightsAfter(
                new CompletedJob(1200, 40, Duration.ofSeconds(60), 40, true, 100),
                new CompletedJob(900, 50, Duration.ofSeconds(100), 30, false, 100));

        // missed → anchor max 0.5; base (0.6 + 0.5) / 2 = 0.55; correction (−0.5 − 0.42) / 2 = −0.46
        // 0.55 − 0.46 = 0.09 < MinCPUFrac 0.18 → VALIDATE_FRACTION raises it to 0.18
        AllocationFraction.Learned fraction = (AllocationFraction.Learned) state.allocationFraction();
        assertThat(fraction.base() + fraction.correction()).isCloseTo(0.09, within(EPS));
        assertThat(fraction.value()).isCloseTo(0.18, within(EPS));
    }

    @Test
    void infeasibleJobsRecordAtMostOneAndTheFractionIsCappedAtOne() {
        // 12000 CPU-s in 60 s needs 200 CPUs but only 100 tasks: raw rate 2, recorded as 1
        // 50 CPUs held: last 0.5; error 1 − 0.5 = 0.5
        CompletedJob tooTight = new CompletedJob(12000, 100, Duration.ofSeconds(60), 50, false, 100);
        JusticeState state = equalWeightsAfter(tooTight, tooTight);

        assertThat(state.minFraction()).isEqualTo(1.0);
        assertThat(state.maxFraction()).isEqualTo(1.0);
        // base (0.5 + 1) / 2 = 0.75; + 0.5 = 1.25 → capped at 1
        assertThat(state.allocationFraction().value()).isEqualTo(1.0);
    }

    @Test
    void allocationBeyondTheJobsParallelismCountsAsTheWholeOfIt() {
        // 10 tasks on 16 CPUs: LastCPUFrac = min(1, 16/10) = 1; rate (300/60)/10 = 0.5; error −0.5
        JusticeState state = equalWeightsAfter(new CompletedJob(300, 10, Duration.ofSeconds(60), 16, true, 64));

        assertThat(state.lastFraction()).isEqualTo(1.0);
        assertThat(state.smoothedError()).isCloseTo(-0.5, within(EPS));
    }

    @Test
    void fewerThanTwoTrackedJobsBootstrap() {
        assertThat(equalWeightsAfter().allocationFraction()).isEqualTo(new AllocationFraction.Bootstrap(0));
        assertThat(equalWeightsAfter(JOB_1).allocationFraction()).isEqualTo(new AllocationFraction.Bootstrap(1));
    }

    @Test
    void trackingLeavesTheOriginalStateUntouched() {
        JusticeState before = equalWeightsAfter(JOB_1);
        JusticeState copy = new JusticeState(before.smoothing(), before.trackedJobs(), before.minFraction(),
                before.maxFraction(), before.lastFraction(), before.lastSuccess(), before.smoothedError(),
                before.recentErrors());

        JusticeState after = before.track(JOB_2);

        assertThat(before).isEqualTo(copy);
        assertThat(after).isNotEqualTo(before);
        assertThatThrownBy(() -> after.recentErrors().add(0.0)).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void equalWeightsAverageEveryErrorWhileOnlyTheNewestAreKept() {
        JusticeState state = JusticeState.initial(new ErrorSmoothing.EqualWeights());
        List<Double> errors = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            // rate (i·60/60)/300 = i/300, allocated 150/300 = 0.5: error i/300 − 0.5
            state = state.track(new CompletedJob(i * 60.0, 300, Duration.ofSeconds(60), 150, true, 300));
            errors.add(i / 300.0 - 0.5);
        }
        double mean = errors.stream().mapToDouble(Double::doubleValue).average().orElseThrow();

        assertThat(state.recentErrors()).hasSize(JusticeState.RECENT_ERRORS_KEPT);
        assertThat(state.recentErrors().get(JusticeState.RECENT_ERRORS_KEPT - 1)).isCloseTo(299 / 300.0 - 0.5,
                within(EPS));
        assertThat(state.smoothedError()).isCloseTo(mean, within(1e-9));
    }

    @Test
    void changingTheSmoothingRecomputesFromTheKeptErrors() {
        JusticeState equal = equalWeightsAfter(JOB_1, JOB_2);

        JusticeState exponential = equal.withSmoothing(new ErrorSmoothing.Exponential(0.3));

        assertThat(exponential.smoothedError()).isCloseTo(-0.065, within(EPS));
        assertThat(exponential.withSmoothing(new ErrorSmoothing.EqualWeights()).smoothedError())
                .isCloseTo(-0.075, within(EPS));
    }

    @Test
    void badInputSaysWhatIsWrong() {
        assertThatThrownBy(() -> new ErrorSmoothing.Exponential(0)).hasMessageContaining("alpha in (0, 1]");
        assertThatThrownBy(() -> new ErrorSmoothing.Exponential(Double.NaN)).hasMessageContaining("alpha");
        assertThatThrownBy(() -> new CompletedJob(-1, 1, Duration.ofSeconds(1), 1, true, 1))
                .hasMessageContaining("cpuSeconds");
        assertThatThrownBy(() -> new CompletedJob(1, 1, Duration.ZERO, 1, true, 1)).hasMessageContaining("deadline");
        assertThatThrownBy(() -> new JusticeState(new ErrorSmoothing.EqualWeights(), 1, 0.7, 0.5, 0.5, true, 0,
                List.of(0.0))).hasMessageContaining("minFraction ≤ maxFraction");
    }
}
