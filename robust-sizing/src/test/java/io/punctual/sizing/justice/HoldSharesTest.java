package io.punctual.sizing.justice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class HoldSharesTest {

    private static HoldShares tenths(int n) {
        HoldShares shares = HoldShares.none();
        for (int i = 1; i <= n; i++) {
            shares = shares.with(i / (double) n);
        }
        return shares;
    }

    @Test
    void aShareIsTheRunOverItsWindowAndNeverAboveOne() {
        assertThat(HoldShares.of(Duration.ofSeconds(30), Duration.ofSeconds(120))).isEqualTo(0.25);
        assertThat(HoldShares.of(Duration.ofSeconds(200), Duration.ofSeconds(120))).isEqualTo(1.0);
        assertThat(HoldShares.of(Duration.ZERO, Duration.ofSeconds(120))).isPositive();
    }

    @Test
    void tooFewSamplesGiveNoQuantile() {
        assertThat(tenths(HoldShares.MIN_SAMPLES - 1).quantile(0.9)).isEmpty();
        assertThat(tenths(HoldShares.MIN_SAMPLES).quantile(0.9)).isPresent();
    }

    /** 0.1, 0.2 ... 1.0: the 0.9 quantile is the 9th smallest, the 0.5 quantile the 5th. */
    @Test
    void theQuantileIsTheCeilThetaNthSmallest() {
        HoldShares shares = tenths(10);

        assertThat(shares.quantile(0.9)).contains(0.9);
        assertThat(shares.quantile(0.5)).contains(0.5);
        assertThat(shares.quantile(0.01)).contains(0.1);
    }

    @Test
    void aHighConfidenceWaitsForEnoughSamplesThatTheLargestAloneDoesNotDecide() {
        assertThat(HoldShares.samplesNeeded(0.9)).isEqualTo(10);
        assertThat(HoldShares.samplesNeeded(0.95)).isEqualTo(20);
        assertThat(tenths(19).quantile(0.95)).isEmpty();
        assertThat(tenths(20).quantile(0.95)).contains(19 / 20.0);
        assertThat(tenths(HoldShares.KEPT).quantile(0.999)).isEmpty();
    }

    @Test
    void keepsOnlyTheNewest() {
        HoldShares shares = HoldShares.none();
        for (int i = 0; i < HoldShares.KEPT + 5; i++) {
            shares = shares.with(i < 5 ? 1.0 : 0.5);
        }

        assertThat(shares.recent()).hasSize(HoldShares.KEPT).containsOnly(0.5);
    }

    @Test
    void rejectsSharesOutsideTheWindow() {
        assertThatThrownBy(() -> HoldShares.none().with(1.2)).hasMessageContaining("(0, 1]");
        assertThatThrownBy(() -> HoldShares.none().with(0)).hasMessageContaining("(0, 1]");
        assertThatThrownBy(() -> new HoldShares(IntStream.range(0, HoldShares.KEPT + 1).mapToObj(i -> 0.5).toList()))
                .hasMessageContaining("at most");
    }

    @Test
    void aStateLearnsSharesBesideItsFractionAndKeepsThemThroughTracking() {
        JusticeState state = JusticeState.initial(new ErrorSmoothing.EqualWeights()).withHoldShare(0.3);

        JusticeState tracked = state.track(JusticeStateTest.JOB_1);

        assertThat(tracked.holdShares().recent()).containsExactly(0.3);
        assertThat(tracked.withSmoothing(new ErrorSmoothing.Exponential(0.5)).holdShares().recent())
                .containsExactly(0.3);
        assertThat(state.trackedJobs()).isZero();
    }
}
