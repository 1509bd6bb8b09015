package io.punctual.sizing.justice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One admission round (Justice paper, Algorithm 4 and Section 2.2) worked out by hand. */
class JusticeAdmissionTest {

    private static final Instant T0 = Instant.parse("2024-05-01T12:00:00Z");
    private static final Instant NOW = T0.plusSeconds(100);
    // learned fraction 0.525 (see JusticeStateTest)
    private static final JusticeState LEARNED = JusticeStateTest.equalWeightsAfter(JusticeStateTest.JOB_1,
            JusticeStateTest.JOB_2);

    private static QueuedJob queued(String id, int tasks, int cores, long submittedSecond, long deadlineSeconds) {
        return new QueuedJob(id, tasks, cores, T0.plusSeconds(submittedSecond), Duration.ofSeconds(deadlineSeconds));
    }

    private static RunningJob running(String id, int tasks, int cpus, long submittedSecond, long deadlineSeconds) {
        return new RunningJob(id, tasks, cpus, T0.plusSeconds(submittedSecond), Duration.ofSeconds(deadlineSeconds));
    }

    @Test
    void admitsInPriorityOrderAllOrNothingAndDropsTheInfeasible() {
        List<QueuedJob> queue = List.of(
                // 0.525 × 40 = 21 CPUs; TTD 100 s → priority 0.21
                queued("q1", 40, 1, 100, 100),
                // waited 50 of 200 s: 0.525 × 200/150 = 0.7; × 20 = 14 CPUs; TTD 150 → 0.0933
                queued("q2", 20, 1, 50, 200),
                // waited 100 of 150 s: 0.525 × 3 = 1.575 > 1 → needs more than 16 tasks can use: drop
                queued("q3", 16, 2, 0, 150),
                // waited 100 of 90 s: deadline passed: drop
                queued("q4", 8, 1, 0, 90),
                // 0.525 × 30 = 15.75 → 16 CPUs; TTD 50 → 0.32
                queued("q5", 30, 1, 100, 50),
                // waited 10 of 100 s: 0.525 × 100/90 = 0.5833; × 4 = 2.33 → 3 CPUs; TTD 90 → 0.0333
                queued("q6", 4, 1, 90, 100),
                // 0.525 × 10 = 5.25 → 6 CPUs; TTD 25 → 0.24
                queued("q7", 10, 1, 100, 25));
        AdmissionSnapshot snapshot = new AdmissionSnapshot(NOW, 100, 30, queue, List.of());

        AdmissionRound round = new JusticeAdmission(Integer.MAX_VALUE).decide(LEARNED, snapshot);

        // heap order q6 (0.033), q2 (0.093), q1 (0.21), q7 (0.24), q5 (0.32); 30 CPUs free:
        // q6 takes 3 → 27; q2 takes 14 → 13; q1 needs 21 > 13 waits; q7 takes 6 → 7; q5 needs 16 > 7 waits
        assertThat(round.decisions()).extracting(d -> d.getClass().getSimpleName() + ":" + d.jobId())
                .containsExactly("Drop:q3", "Drop:q4", "Admit:q6", "Admit:q2", "Wait:q1", "Admit:q7", "Wait:q5");
        assertThat(round.admitted()).extracting(a -> a.size().cpus()).containsExactly(3, 14, 6);
        assertThat(round.waiting()).extracting(w -> w.size().cpus()).containsExactly(21, 16);
        assertThat(round.admitted().get(0).priority()).isCloseTo(3 / 90.0, within(1e-12));
        assertThat(round.remainingCpus()).isEqualTo(7);
        assertThat(round.dropped()).extracting(d -> d.reason().reason()).containsExactly(
                CpuEstimate.Reason.EXCEEDS_MAX_PARALLELISM, CpuEstimate.Reason.DEADLINE_PASSED);
    }

    @Test
    void offersCountWholeExecutors() {
        // 0.525 × 40 = 21 CPUs → 6 executors of 4 cores = 24 CPUs; 23 free is not enough
        AdmissionSnapshot tight = new AdmissionSnapshot(NOW, 100, 23, List.of(queued("q", 40, 4, 100, 100)),
                List.of());

        AdmissionRound round = new JusticeAdmission(Integer.MAX_VALUE).decide(LEARNED, tight);

        assertThat(round.waiting()).singleElement().satisfies(w -> assertThat(w.size().grantedCpus()).isEqualTo(24));
        assertThat(round.remainingCpus()).isEqualTo(23);
    }

    @Test
    void killsOnlyOverdueJobsAboveTheSizeThreshold() {
        List<RunningJob> running = List.of(
                running("big-late", 500, 20, 0, 90),     // due at 90 s, now 100 s, 500 > 100 tasks: kill
                running("small-late", 50, 5, 0, 90),     // overdue but 50 ≤ 100: keep, so Justice learns its miss
                running("at-threshold", 100, 5, 0, 90),  // 100 tasks is not above 100: keep
                running("big-on-time", 500, 20, 50, 100)); // due at 150 s: keep
        AdmissionSnapshot snapshot = new AdmissionSnapshot(NOW, 100, 50, List.of(), running);

        AdmissionRound round = new JusticeAdmission(100).decide(LEARNED, snapshot);

        assertThat(round.killed()).singleElement().satisfies(kill -> {
            assertThat(kill.jobId()).isEqualTo("big-late");
            assertThat(kill.overdueBy()).isEqualTo(Duration.ofSeconds(10));
            assertThat(kill.reason()).contains("500 tasks", "threshold of 100", "frees 20 CPUs");
        });
        // killed CPUs come back when the kill completes, in the next round
        assertThat(round.remainingCpus()).isEqualTo(50);
    }

    @Test
    void equalPrioritiesGoToTheEarlierSubmissionThenTheSmallerId() {
        // bootstrap: every job gets its full 10 tasks; equal TTD → equal priority 10 / 100
        JusticeState fresh = JusticeState.initial(new ErrorSmoothing.EqualWeights());
        List<QueuedJob> queue = List.of(queued("b", 10, 1, 100, 100), queued("a", 10, 1, 100, 100),
                queued("c", 10, 1, 90, 110));

        AdmissionRound round = new JusticeAdmission(0).decide(fresh,
                new AdmissionSnapshot(NOW, 100, 20, queue, List.of()));

        assertThat(round.decisions()).extracting(d -> d.getClass().getSimpleName() + ":" + d.jobId())
                .containsExactly("Admit:c", "Admit:a", "Wait:b");
    }

    @Test
    void inconsistentSnapshotsAreRefused() {
        assertThatThrownBy(() -> new AdmissionSnapshot(NOW, 10, 11, List.of(), List.of()))
                .hasMessageContaining("freeCpus");
        assertThatThrownBy(() -> new AdmissionSnapshot(NOW, 10, 5, List.of(queued("x", 1, 1, 200, 10)), List.of()))
                .hasMessageContaining("after the round's now");
        assertThatThrownBy(() -> new AdmissionSnapshot(NOW, 10, 5, List.of(queued("x", 1, 1, 0, 10)),
                List.of(running("x", 1, 1, 0, 10)))).hasMessageContaining("appears twice");
        assertThatThrownBy(() -> new JusticeAdmission(-1)).hasMessageContaining("killAboveTasks");
    }
}
