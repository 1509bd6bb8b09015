package io.punctual.sizing.justice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** ESTIMATE_REQ (Justice paper, Algorithm 4 lines 21–30) against hand-worked numbers. */
class JusticeEstimatorTest {

    // learned fraction 0.525 (see JusticeStateTest: base 0.6, correction −0.075)
    private static final JusticeState LEARNED = JusticeStateTest.equalWeightsAfter(JusticeStateTest.JOB_1,
            JusticeStateTest.JOB_2);

    private static CpuEstimate.Sized sized(CpuEstimate estimate) {
        assertThat(estimate).isInstanceOf(CpuEstimate.Sized.class);
        return (CpuEstimate.Sized) estimate;
    }

    @Test
    void atSubmissionTheFractionOfMaxParallelismIsRoundedUp() {
        // 64 tasks, capacity 200 → maxCpus 64; 0.525 × 64 = 33.6 → 34 CPUs; ceil(34 / 4) = 9 executors = 36 CPUs
        CpuEstimate.Sized size = sized(JusticeEstimator.estimate(LEARNED,
                JobDemand.atSubmission(64, 200, 4, Duration.ofSeconds(100))));

        assertThat(size.cpus()).isEqualTo(34);
        assertThat(size.executors()).isEqualTo(9);
        assertThat(size.grantedCpus()).isEqualTo(36);
        assertThat(size.queueScale()).isEqualTo(1.0);
        assertThat(size.fraction()).isCloseTo(0.525, within(1e-12));
    }

    @Test
    void queueTimeScalesTheFractionUp() {
        // waited 20 s of a 100 s deadline: scale 100 / 80 = 1.25; 0.525 × 1.25 = 0.65625; × 64 = 42 CPUs
        // ceil(42 / 4) = 11 executors = 44 CPUs
        CpuEstimate.Sized size = sized(JusticeEstimator.estimate(LEARNED,
                new JobDemand(64, 200, 4, Duration.ofSeconds(100), Duration.ofSeconds(20))));

        assertThat(size.queueScale()).isCloseTo(1.25, within(1e-12));
        assertThat(size.fraction()).isCloseTo(0.65625, within(1e-12));
        assertThat(size.cpus()).isEqualTo(42);
        assertThat(size.executors()).isEqualTo(11);
    }

    @Test
    void capacityBoundsMaxCpus() {
        // 500 tasks but 40 CPUs: maxCpus 40; 0.525 × 40 = 21 CPUs
        CpuEstimate.Sized size = sized(JusticeEstimator.estimate(LEARNED,
                JobDemand.atSubmission(500, 40, 1, Duration.ofSeconds(100))));

        assertThat(size.maxCpus()).isEqualTo(40);
        assertThat(size.cpus()).isEqualTo(21);
    }

    @Test
    void aScaledNeedAboveMaxParallelismCannotBeMet() {
        // waited 50 s of 100 s: scale 2; 0.525 × 2 = 1.05; × 64 = 67.2 CPUs > 64
        CpuEstimate estimate = JusticeEstimator.estimate(LEARNED,
                new JobDemand(64, 200, 4, Duration.ofSeconds(100), Duration.ofSeconds(50)));

        assertThat(estimate).isInstanceOfSatisfying(CpuEstimate.Unmeetable.class, u -> {
            assertThat(u.reason()).isEqualTo(CpuEstimate.Reason.EXCEEDS_MAX_PARALLELISM);
            assertThat(u.neededCpus()).isCloseTo(67.2, within(1e-9));
            assertThat(u.limitCpus()).isEqualTo(64);
            assertThat(u.explanation()).contains("67.20 CPUs", "64 tasks");
        });
    }

    @Test
    void noTimeLeftCannotBeMetEvenWhileBootstrapping() {
        JobDemand late = new JobDemand(8, 100, 1, Duration.ofSeconds(60), Duration.ofSeconds(60));

        for (JusticeState state : new JusticeState[] {JusticeState.initial(new ErrorSmoothing.EqualWeights()),
                LEARNED}) {
            assertThat(JusticeEstimator.estimate(state, late)).isInstanceOfSatisfying(CpuEstimate.Unmeetable.class,
                    u -> assertThat(u.reason()).isEqualTo(CpuEstimate.Reason.DEADLINE_PASSED));
        }
    }

    @Test
    void bootstrapGivesFullParallelismWithoutQueueScaling() {
        // no history: reqCpus = maxCpus = min(500, 200) = 200, whatever the wait; 200 / 2 = 100 executors
        CpuEstimate.Sized size = sized(JusticeEstimator.estimate(JusticeState.initial(new ErrorSmoothing.EqualWeights()),
                new JobDemand(500, 200, 2, Duration.ofSeconds(60), Duration.ofSeconds(30))));

        assertThat(size.cpus()).isEqualTo(200);
        assertThat(size.executors()).isEqualTo(100);
        assertThat(size.queueScale()).isEqualTo(1.0);
        assertThat(size.basis()).isInstanceOf(AllocationFraction.Bootstrap.class);
    }

    @Test
    void roundingNoiseDoesNotAddACpu() {
        // 0.1 × 3 is 0.30000000000000004 in binary; 0.3 × 10 CPUs must still be 3, not 4
        AllocationFraction noisy = new AllocationFraction.Learned(0.3, 0.3, 0.3, 0.0, 0.1 * 3);

        CpuEstimate.Sized size = sized(JusticeEstimator.estimate(noisy,
                JobDemand.atSubmission(10, 10, 1, Duration.ofSeconds(10))));

        assertThat(size.cpus()).isEqualTo(3);
    }

    @Test
    void aZeroFractionStillGetsOneCpu() {
        AllocationFraction zero = new AllocationFraction.Learned(0.1, 0, 0.05, -0.2, 0);

        assertThat(sized(JusticeEstimator.estimate(zero, JobDemand.atSubmission(50, 50, 1, Duration.ofSeconds(10))))
                .cpus()).isEqualTo(1);
    }

    @Test
    void wholeExecutorsMustFitTheCluster() {
        // bootstrap: 10 CPUs on a 10-CPU cluster, but 4-core executors: 3 executors = 12 CPUs > 10
        CpuEstimate estimate = JusticeEstimator.estimate(JusticeState.initial(new ErrorSmoothing.EqualWeights()),
                JobDemand.atSubmission(10, 10, 4, Duration.ofSeconds(60)));

        assertThat(estimate).isInstanceOfSatisfying(CpuEstimate.Unmeetable.class,
                u -> assertThat(u.reason()).isEqualTo(CpuEstimate.Reason.EXCEEDS_CAPACITY_IN_WHOLE_EXECUTORS));
    }

    @Test
    void badDemandSaysWhatIsWrong() {
        assertThatThrownBy(() -> JobDemand.atSubmission(0, 10, 1, Duration.ofSeconds(1)))
                .hasMessageContaining("maxParallelism");
        assertThatThrownBy(() -> new JobDemand(1, 10, 1, Duration.ofSeconds(1), Duration.ofSeconds(-1)))
                .hasMessageContaining("queued");
    }
}
