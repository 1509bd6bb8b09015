package io.punctual.submit.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.JobKey;
import io.punctual.sizing.Resources;
import io.punctual.sizing.justice.ErrorSmoothing;
import io.punctual.sizing.justice.JusticeState;
import io.punctual.sizing.sizer.SizingDecision;
import io.punctual.submit.launch.ContainerShapes;
import io.punctual.submit.request.AdmissionPolicy;
import io.punctual.submit.request.DeadlineUtility;
import io.punctual.submit.request.Submission;
import io.punctual.submit.request.SubmitArguments;
import io.punctual.yarn.memory.ManualClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A job sized again while it waits in the admission queue keeps its submission time, so Justice's ESTIMATE_REQ gives
 * it more CPUs as its window shrinks, and drops it once no size can meet its deadline.
 */
class SubmissionSizerWaitTest {

    private static final Instant T0 = Instant.parse("2026-11-27T09:00:00Z");
    /** Fraction (last 0.4 + min 0.2) / 2 = 0.3, as in the Justice sizer's tests. */
    private static final JusticeState LEARNED = new JusticeState(new ErrorSmoothing.EqualWeights(), 2, 0.2, 0.6, 0.4,
            true, 0.0, List.of(0.0, 0.0));

    /** A job with no history and nothing measured about launching: Justice alone sizes it. */
    private static final FixedLearning NOTHING_BUT_JUSTICE = new FixedLearning(Optional.empty(), LEARNED);

    @Test
    void aWaitingJobGetsMoreExecutorsForAShorterHoldThenIsDroppedWithTheReason() {
        ManualClock clock = new ManualClock(T0);
        var sizer = new SubmissionSizer(NOTHING_BUT_JUSTICE, new SizingSettings(0.9, 0.1, 3, 50, 1000,
                AdmissionPolicy.JUSTICE, DeadlineUtility.HARD), clock, InputSizes.NONE);
        // width 12 tasks (spark.default.parallelism), one core an executor, deadline 600 s after submission
        Submission job = new Submission("p-wait-1", SubmitArguments.parse(List.of("app.jar")),
                new JobKey("t", "j"), T0,
                T0.plusSeconds(600), "sla", Path.of("/tmp"));
        var one = new ContainerShapes(Resources.of(1, 1536), Resources.of(1, 1536), 1);

        var atSubmission = size(sizer, job, one);
        clock.set(T0.plusSeconds(300));
        var afterWaiting = size(sizer, job, one);
        clock.set(T0.plusSeconds(500));
        var tooLate = sizer.decide(sizer.request(job.jobKey(), job.submittedAt(), job.deadline(),
                java.util.Map.of("spark.default.parallelism", "12"), List.of(), one, 40));

        // 0.3 × 12 = 3.6 → 4 CPUs for 600 s; after 300 s: 0.3 × 600/300 × 12 = 7.2 → 8 CPUs for the 300 s left;
        // after 500 s: 0.3 × 6 × 12 = 21.6 CPUs, more than its 12 tasks can use
        assertThat(atSubmission.executors()).isEqualTo(4);
        assertThat(atSubmission.hold()).isEqualTo(Duration.ofSeconds(600));
        assertThat(afterWaiting.executors()).isEqualTo(8);
        assertThat(afterWaiting.hold()).isEqualTo(Duration.ofSeconds(300));
        assertThat(tooLate).isInstanceOfSatisfying(SizingDecision.Unmeetable.class,
                u -> assertThat(u.reason()).contains("21.60 CPUs").contains("12 tasks"));
    }

    private static SizingDecision.Sized size(SubmissionSizer sizer, Submission job, ContainerShapes one) {
        return (SizingDecision.Sized) sizer.decide(sizer.request(job.jobKey(), job.submittedAt(), job.deadline(),
                java.util.Map.of("spark.default.parallelism", "12"), List.of(), one, 40));
    }
}
