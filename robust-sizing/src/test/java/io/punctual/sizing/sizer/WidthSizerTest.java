package io.punctual.sizing.sizer;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.width.ParallelWork;
import io.punctual.sizing.width.ParallelWorkPrior;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WidthSizerTest {

    private static final Duration LAUNCH = Duration.ofSeconds(10);
    private static final ParallelismEstimate HUNDRED = new ParallelismEstimate(100, "input splits");

    /** Ten runs of 2 s per task with a 4 s tail. */
    private static ParallelWorkPrior alike(double perTask, double tail) {
        ParallelWorkPrior prior = ParallelWorkPrior.empty();
        for (int i = 0; i < ParallelWorkPrior.MIN_RUNS; i++) {
            prior = prior.with(new ParallelWork(perTask, tail));
        }
        return prior;
    }

    @Test
    void theDeadlineReachesTheSizeHalfTheSpreadableWindowTwiceTheCpus() {
        // usable 114 − 10 = 104 s, minus the 4 s tail: 100 s for 100 tasks × 2 s − 4 s = 1.96 CPUs, so 2, which take
        // 4 + 196 / 2 = 102 s: held 10 + 102 = 112 s
        SizedAt wide = size(Requests.request(114, 0.9, 0.1, 1, Optional.empty(), HUNDRED, 50, 50));
        // 64 s: 50 s to spread 196 task-seconds over = 3.92 CPUs, so 4
        SizedAt tight = size(Requests.request(64, 0.9, 0.1, 1, Optional.empty(), HUNDRED, 50, 50));

        assertThat(wide.sized.executors()).isEqualTo(2);
        assertThat(wide.sized.hold()).isEqualTo(Duration.ofSeconds(112));
        assertThat(wide.sized.thetaFinish()).contains(Requests.NOW.plusSeconds(112));
        assertThat(tight.sized.executors()).isEqualTo(4);
        assertThat(tight.sized.decidedBy()).isEqualTo(Bound.DEADLINE);
    }

    @Test
    void aJobThatWaitedGetsMoreCpusForTheWindowLeft() {
        // submitted with 114 s to its deadline, sized again after waiting 50 s: the 64 s left need 4 CPUs, as above
        SizingRequest waited = Requests.waited(50, 114, 0.9, 0.1, 1, Optional.empty(), HUNDRED, 50, 50);

        SizingDecision.Sized sized = (SizingDecision.Sized) new WidthSizer(alike(2, 4), LAUNCH).size(waited);

        assertThat(sized.executors()).isEqualTo(4);
        // 10 s launch + 4 + 196 / 4 = 53 s of tasks, after the 50 s it waited
        assertThat(sized.thetaFinish()).contains(Requests.NOW.plusSeconds(50 + 10 + 53));
    }

    @Test
    void everySizedAnswerPassesTheDecisionCheck() {
        for (long deadline = 20; deadline <= 400; deadline += 7) {
            for (int cores = 1; cores <= 3; cores++) {
                SizingRequest request = Requests.request(deadline, 0.9, 0.1, cores, Optional.empty(), HUNDRED, 30, 40);
                SizingDecision decision = new WidthSizer(alike(2, 4), LAUNCH).size(request);

                SizingDecision checked = DecisionCheck.checked(request, decision);

                if (decision instanceof SizingDecision.Sized sized && sized.thetaFinish().isPresent()) {
                    assertThat(checked).isSameAs(decision);
                }
            }
        }
    }

    @Test
    void whenEvenItsWidthIsNotEnoughAtThetaItGetsItsWidthForTheWindowWithoutAThetaPrediction() {
        // 4 tasks; runs of one stage of equal tasks of 1..10 s (τ = tail = j); 10 s usable: a run like the j-th takes
        // j + 3j / k, on the 4 CPUs the width allows 1.75 j: 15.75 s at θ = 0.9 (j = 9), 1.75 s for the fastest tenth
        ParallelWorkPrior prior = ParallelWorkPrior.empty();
        for (int j = 1; j <= 10; j++) {
            prior = prior.with(new ParallelWork(j, j));
        }
        SizingRequest request = Requests.request(20, 0.9, 0.1, 1, Optional.empty(),
                new ParallelismEstimate(4, "input splits"), 50, 50);

        SizingDecision.Sized sized = (SizingDecision.Sized) new WidthSizer(prior, LAUNCH).size(request);

        assertThat(sized.executors()).isEqualTo(4);
        assertThat(sized.decidedBy()).isEqualTo(Bound.MAX_PARALLELISM);
        assertThat(sized.hold()).isEqualTo(Duration.ofSeconds(20));
        assertThat(sized.thetaFinish()).isEmpty();
    }

    @Test
    void whenEvenTheFastestRunsWouldMissItIsRefusedWithTheEarliestFinish() {
        SizingRequest request = Requests.request(30, 0.9, 0.1, 1, Optional.empty(), HUNDRED, 50, 50);

        SizingDecision decision = new WidthSizer(alike(2, 40), LAUNCH).size(request);

        assertThat(decision).isInstanceOfSatisfying(SizingDecision.Unmeetable.class, refused -> {
            // the team cap's 50 CPUs: 10 s launch + 40 s tail + (200 − 40) / 50 s
            assertThat(refused.earliestDeadline()).contains(Requests.NOW.plusMillis(53_200));
            assertThat(refused.reason()).contains("fastest 10%");
        });
    }

    @Test
    void itStepsAsideWithoutAWidthOfTheJobsOwnOrEnoughRuns() {
        SizingRequest capOnly = Requests.request(114, 0.9, 0.1, 1, Optional.empty(),
                new ParallelismEstimate(50, "no hint of the job's width: team cap x cores", false), 50, 50);
        ParallelWorkPrior few = ParallelWorkPrior.empty().with(new ParallelWork(2, 4));

        assertThat(new WidthSizer(alike(2, 4), LAUNCH).size(capOnly))
                .isInstanceOf(SizingDecision.NotApplicable.class);
        assertThat(new WidthSizer(few, LAUNCH).size(Requests.request(114, 0.9, 0.1, 1, Optional.empty(), HUNDRED,
                50, 50))).isInstanceOfSatisfying(SizingDecision.NotApplicable.class,
                        n -> assertThat(n.reason()).contains("1 are known"));
    }

    private static SizedAt size(SizingRequest request) {
        return new SizedAt((SizingDecision.Sized) new WidthSizer(alike(2, 4), LAUNCH).size(request));
    }

    private record SizedAt(SizingDecision.Sized sized) {
    }
}
