package io.punctual.submit.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.JobKey;
import io.punctual.sizing.Resources;
import io.punctual.sizing.RuntimeCurve;
import io.punctual.sizing.justice.JusticeState;
import io.punctual.sizing.rush.RunDemand;
import io.punctual.sizing.sizer.JobHistory;
import io.punctual.sizing.sizer.SizingDecision;
import io.punctual.submit.launch.ContainerShapes;
import io.punctual.submit.request.AdmissionPolicy;
import io.punctual.submit.request.DeadlineUtility;
import io.punctual.yarn.memory.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * With re-planning on (issue 25), a job is sized to start at a level below θ (here the median), saying so, and the loop
 * grows it when its tasks say so: a recurring job whose θ-quantile runtime misses its deadline even at the most
 * executors is admitted; without re-planning, or when even the start level misses, it is refused. A count the user
 * fixed starts as asked.
 */
class SubmissionSizerStartTest {

    private static final Instant T0 = Instant.parse("2026-11-28T09:00:00Z");
    private static final ContainerShapes ONE = new ContainerShapes(Resources.of(1, 1024), Resources.of(1, 1024), 1);

    /** 10 s of driver, then 300 executor-seconds of work at the median and 1,200 at any other quantile. */
    private record Curve() implements RuntimeCurve {
        @Override
        public double wallSeconds(int executors, double quantile) {
            return 10 + (quantile == 0.5 ? 300 : 1200) / (double) executors;
        }

        @Override
        public double driverSeconds(int executors) {
            return 10;
        }

        @Override
        public String assurance(int executors) {
            return "a test curve";
        }

        @Override
        public int maxUsefulExecutors() {
            return 10;
        }
    }

    /** Five runs of one recurring job at one executor, nothing else learnt. */
    private static final FixedLearning RECURRING = new FixedLearning(Optional.of(new JobHistory(5, List.of(
            new RunDemand(1, 300), new RunDemand(1, 250), new RunDemand(1, 350), new RunDemand(1, 300),
            new RunDemand(1, 1200)), new Curve(), Duration.ZERO, 30, 10)),
            JusticeState.initial(new io.punctual.sizing.justice.ErrorSmoothing.EqualWeights()));

    private static SizingDecision size(Optional<Double> startAt, long deadlineSeconds) {
        return size(startAt, deadlineSeconds, Map.of());
    }

    private static SizingDecision size(Optional<Double> startAt, long deadlineSeconds, Map<String, String> conf) {
        var settings = new SizingSettings(0.9, 0.1, 3, 10, 1000, AdmissionPolicy.JUSTICE, DeadlineUtility.HARD,
                startAt);
        var sizer = new SubmissionSizer(RECURRING, settings, new ManualClock(T0), InputSizes.NONE);
        return sizer.decide(sizer.request(new JobKey("t", "nightly"), T0, T0.plusSeconds(deadlineSeconds),
                conf, List.of(), ONE, 40));
    }

    @Test
    void aReplannedJobStartsWithWhatTheStartLevelNeedsAndSaysSo() {
        // 400 s: θ = 0.9 needs 10 + 1200/n <= 400, n >= 4; the median 10 + 300/n, one executor (two with RUSH's
        // KL-robust margin)
        SizingDecision once = size(Optional.empty(), 400);
        SizingDecision replanned = size(Optional.of(0.5), 400);

        assertThat(once).isInstanceOfSatisfying(SizingDecision.Sized.class,
                sized -> assertThat(sized.executors()).isGreaterThanOrEqualTo(4));
        assertThat(replanned).isInstanceOfSatisfying(SizingDecision.Sized.class, sized -> {
            assertThat(sized.executors()).isBetween(1, 2);
            assertThat(sized.terms()).anySatisfy(term -> {
                assertThat(term.name()).isEqualTo("started at");
                assertThat(term.meaning()).contains("confidence 0.5 rather than 0.9").contains("re-planned");
            });
        });
    }

    @Test
    void aCountTheUserFixedStartsAsAsked() {
        assertThat(size(Optional.of(0.5), 400, Map.of("spark.executor.instances", "5")))
                .isInstanceOfSatisfying(SizingDecision.Sized.class, sized -> {
                    assertThat(sized.executors()).isEqualTo(5);
                    assertThat(sized.terms()).noneSatisfy(term -> assertThat(term.name()).isEqualTo("started at"));
                });
    }

    @Test
    void aDeadlineOnlyTheMedianMeetsIsAdmittedAtTheMedianWhenTheRunIsReplannedAndRefusedOtherwise() {
        // At θ = 0.9 even 10 executors need 10 + 1200/10 = 130 s > 100 s; at the median 10 + 300/n fits with room.
        assertThat(size(Optional.empty(), 100)).isInstanceOf(SizingDecision.Unmeetable.class);

        assertThat(size(Optional.of(0.5), 100)).isInstanceOfSatisfying(SizingDecision.Sized.class, sized -> {
            assertThat(sized.executors()).isBetween(4, 10);
            assertThat(sized.terms()).anySatisfy(term -> {
                assertThat(term.name()).isEqualTo("started at");
                assertThat(term.meaning()).contains("rather than 0.9").contains("re-planned");
            });
        });
    }

    @Test
    void aDeadlineEvenTheMedianMissesIsStillRefused() {
        // The median needs 10 + 300/10 = 40 s at the most executors: 30 s is not enough at any confidence.
        assertThat(size(Optional.of(0.5), 30)).isInstanceOf(SizingDecision.Unmeetable.class);
    }
}
