package io.punctual.sizing.justice;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** Invariants of Justice's learning, estimation, admission and persisted state, over generated inputs. */
class JusticeProperties {

    @Provide
    Arbitrary<ErrorSmoothing> smoothings() {
        return JusticeArbitraries.smoothings();
    }

    @Provide
    Arbitrary<CompletedJob> completedJobs() {
        return JusticeArbitraries.completedJobs();
    }

    @Provide
    Arbitrary<JusticeState> states() {
        return JusticeArbitraries.states();
    }

    @Provide
    Arbitrary<JobDemand> demands() {
        return JusticeArbitraries.demands();
    }

    @Provide
    Arbitrary<AdmissionSnapshot> snapshots() {
        return JusticeArbitraries.snapshots();
    }

    @Property(tries = 300)
    void fractionsStayBetweenTheLeastObservedNeedAndOne(@ForAll("smoothings") ErrorSmoothing smoothing,
            @ForAll @Size(max = 200) List<@From("completedJobs") CompletedJob> jobs) {
        JusticeState state = JusticeState.initial(smoothing);
        double least = Double.POSITIVE_INFINITY;
        double most = Double.NEGATIVE_INFINITY;
        for (CompletedJob job : jobs) {
            state = state.track(job);
            // the paper's minReqRate, clamped to [0, 1] as JusticeState documents
            double need = job.cpuSeconds() / Seconds.of(job.deadline()) / Math.min(job.requestedTasks(),
                    job.capacityCpus());
            least = Math.min(least, Math.min(1, need));
            most = Math.max(most, Math.min(1, need));

            assertThat(state.minFraction()).isEqualTo(least);
            assertThat(state.maxFraction()).isEqualTo(most);
            AllocationFraction fraction = state.allocationFraction();
            if (state.trackedJobs() < JusticeState.LEARNING_THRESHOLD) {
                assertThat(fraction).isInstanceOf(AllocationFraction.Bootstrap.class);
                assertThat(fraction.value()).isEqualTo(1.0);
            } else {
                assertThat(fraction.value()).isBetween(least, 1.0);
            }
        }
    }

    @Property(tries = 500)
    void reqCpusIsAtLeastOneAndAtMostMaxCpus(@ForAll("states") JusticeState state,
                                             @ForAll("demands") JobDemand demand) {
        CpuEstimate estimate = JusticeEstimator.estimate(state, demand);

        boolean timeLeft = demand.queued().compareTo(demand.deadline()) < 0;
        if (estimate instanceof CpuEstimate.Sized size) {
            assertThat(timeLeft).isTrue();
            assertThat(size.cpus()).isBetween(1, demand.maxCpus());
            assertThat(size.executors()).isEqualTo((size.cpus() + demand.coresPerExecutor() - 1)
                    / demand.coresPerExecutor());
            assertThat(size.grantedCpus()).isEqualTo(size.executors() * demand.coresPerExecutor())
                    .isBetween(size.cpus(), demand.capacityCpus());
        } else {
            CpuEstimate.Unmeetable unmeetable = (CpuEstimate.Unmeetable) estimate;
            switch (unmeetable.reason()) {
                case DEADLINE_PASSED -> assertThat(timeLeft).isFalse();
                case EXCEEDS_MAX_PARALLELISM -> assertThat(unmeetable.neededCpus()).isGreaterThan(demand.maxCpus());
                case EXCEEDS_CAPACITY_IN_WHOLE_EXECUTORS ->
                        assertThat(unmeetable.neededCpus()).isGreaterThan(demand.capacityCpus());
            }
        }
    }

    @Property(tries = 300)
    void waitingLongerNeverNeedsFewerCpus(@ForAll("states") JusticeState state, @ForAll("demands") JobDemand demand,
                                          @ForAll @IntRange(min = 1, max = 10_000) int moreSeconds) {
        JobDemand later = new JobDemand(demand.maxParallelism(), demand.capacityCpus(), demand.coresPerExecutor(),
                demand.deadline(), demand.queued().plusSeconds(moreSeconds));

        if (JusticeEstimator.estimate(state, later) instanceof CpuEstimate.Sized afterWaiting) {
            assertThat(JusticeEstimator.estimate(state, demand)).isInstanceOfSatisfying(CpuEstimate.Sized.class,
                    before -> assertThat(before.cpus()).isLessThanOrEqualTo(afterWaiting.cpus()));
        }
    }

    @Property(tries = 200)
    void admissionOffersWholeRequestsInHeapOrderWithinFreeCapacity(@ForAll("states") JusticeState state,
            @ForAll("snapshots") AdmissionSnapshot snapshot, @ForAll @IntRange(max = 1000) int killAbove) {
        AdmissionRound round = new JusticeAdmission(killAbove).decide(state, snapshot);
        Statistics.label("decisions").collect(round.admitted().isEmpty() ? "no admit" : "admits",
                round.waiting().isEmpty() ? "no wait" : "waits", round.dropped().isEmpty() ? "no drop" : "drops",
                round.killed().isEmpty() ? "no kill" : "kills");

        Map<String, QueuedJob> queued = snapshot.queued().stream()
                .collect(Collectors.toMap(QueuedJob::id, job -> job));
        Map<String, Integer> decisionsPerJob = new HashMap<>();
        round.decisions().forEach(d -> decisionsPerJob.merge(d.jobId(), 1, Integer::sum));
        assertThat(decisionsPerJob.values()).allMatch(count -> count == 1);
        assertThat(decisionsPerJob.keySet()).containsAll(queued.keySet());

        int remaining = snapshot.freeCpus();
        double lastPriority = Double.NEGATIVE_INFINITY;
        for (AdmissionDecision decision : round.decisions()) {
            if (decision instanceof AdmissionDecision.Admit admit) {
                QueuedJob job = admit.job();
                assertThat(admit.size().cpus()).isBetween(1, Math.min(job.tasks(), snapshot.capacityCpus()));
                assertThat(admit.size().grantedCpus()).isLessThanOrEqualTo(remaining);
                assertThat(admit.priority()).isGreaterThanOrEqualTo(lastPriority)
                        .isEqualTo(admit.size().cpus() / secondsToDeadline(job, snapshot));
                remaining -= admit.size().grantedCpus();
                lastPriority = admit.priority();
            } else if (decision instanceof AdmissionDecision.Wait wait) {
                assertThat(wait.size().grantedCpus()).isGreaterThan(remaining);
                assertThat(wait.priority()).isGreaterThanOrEqualTo(lastPriority)
                        .isEqualTo(wait.size().cpus() / secondsToDeadline(wait.job(), snapshot));
                lastPriority = wait.priority();
            } else if (decision instanceof AdmissionDecision.Drop drop) {
                boolean passed = secondsToDeadline(drop.job(), snapshot) <= 0;
                assertThat(drop.reason().reason() == CpuEstimate.Reason.DEADLINE_PASSED).isEqualTo(passed);
            }
        }
        assertThat(round.remainingCpus()).isEqualTo(remaining).isGreaterThanOrEqualTo(0);
        assertThat(round.waiting()).allMatch(w -> w.size().grantedCpus() > round.remainingCpus());

        Set<String> shouldDie = snapshot.running().stream()
                .filter(r -> snapshot.now().isAfter(r.dueAt()) && r.tasks() > killAbove)
                .map(RunningJob::id).collect(Collectors.toSet());
        assertThat(round.killed()).extracting(AdmissionDecision::jobId).containsExactlyInAnyOrderElementsOf(shouldDie);
    }

    @Property(tries = 300)
    void encodingThenDecodingGivesTheSameState(@ForAll("states") JusticeState state) {
        assertThat(JusticeStateCodec.decode(JusticeStateCodec.encode(state)))
                .isEqualTo(new DecodedState.Decoded(state));
    }

    @Property(tries = 500)
    void anyChangedCharacterIsRejected(@ForAll("states") JusticeState state,
            @ForAll @DoubleRange(min = 0, max = 1, maxIncluded = false) double where,
            @ForAll @CharRange(from = ' ', to = '~') @CharRange(from = '\n', to = '\n') char replacement) {
        String text = JusticeStateCodec.encode(state);
        int at = (int) (where * text.length());
        char changed = replacement != text.charAt(at) ? replacement : (replacement == 'x' ? 'y' : 'x');
        String corrupt = text.substring(0, at) + changed + text.substring(at + 1);

        assertThat(JusticeStateCodec.decode(corrupt)).isInstanceOf(DecodedState.Corrupt.class);
    }

    @Property(tries = 300)
    void anyTruncationIsRejected(@ForAll("states") JusticeState state,
                                 @ForAll @DoubleRange(min = 0, max = 1, maxIncluded = false) double keep) {
        String text = JusticeStateCodec.encode(state);

        String truncated = text.substring(0, (int) (keep * text.length()));

        assertThat(JusticeStateCodec.decode(truncated)).isInstanceOf(DecodedState.Corrupt.class);
    }

    private static double secondsToDeadline(QueuedJob job, AdmissionSnapshot snapshot) {
        return Seconds.of(Duration.between(snapshot.now(), job.dueAt()));
    }
}
