package io.punctual.sizing.justice;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/** Generators shared by the Justice property tests: reachable states, demands and admission snapshots. */
final class JusticeArbitraries {

    static final Instant NOW = Instant.parse("2024-05-01T12:00:00Z");

    private JusticeArbitraries() {
    }

    static Arbitrary<ErrorSmoothing> smoothings() {
        return Arbitraries.oneOf(Arbitraries.just(new ErrorSmoothing.EqualWeights()),
                Arbitraries.doubles().between(0.01, 1.0).ofScale(4).map(ErrorSmoothing.Exponential::new));
    }

    /** Completed jobs ranging from trivially loose to impossibly tight deadlines, over- and under-allocated. */
    static Arbitrary<CompletedJob> completedJobs() {
        Arbitrary<Double> cpuSeconds = Arbitraries.oneOf(Arbitraries.just(0.0),
                Arbitraries.doubles().between(0.001, 5e6).ofScale(4));
        return Combinators.combine(cpuSeconds, Arbitraries.integers().between(1, 5000),
                        Arbitraries.longs().between(1, 200_000), Arbitraries.integers().between(1, 6000),
                        Arbitraries.of(true, false), Arbitraries.integers().between(1, 5000))
                .as((cpu, tasks, deadline, cpus, met, capacity) ->
                        new CompletedJob(cpu, tasks, Duration.ofMillis(deadline * 100), cpus, met, capacity));
    }

    /** States reached by tracking a sequence of jobs: exactly the states the pipeline can persist. */
    static Arbitrary<JusticeState> states() {
        return Combinators.combine(smoothings(), completedJobs().list().ofMaxSize(300))
                .as(JusticeArbitraries::fold);
    }

    static JusticeState fold(ErrorSmoothing smoothing, List<CompletedJob> jobs) {
        JusticeState state = JusticeState.initial(smoothing);
        for (CompletedJob job : jobs) {
            state = state.track(job);
        }
        return state;
    }

    static Arbitrary<JobDemand> demands() {
        return Combinators.combine(Arbitraries.integers().between(1, 5000), Arbitraries.integers().between(1, 5000),
                        Arbitraries.integers().between(1, 16), Arbitraries.longs().between(1, 100_000),
                        Arbitraries.longs().between(0, 100_000))
                .as((tasks, capacity, cores, deadline, queued) -> new JobDemand(tasks, capacity, cores,
                        Duration.ofSeconds(deadline), Duration.ofSeconds(queued)));
    }

    static Arbitrary<AdmissionSnapshot> snapshots() {
        Arbitrary<Integer> capacity = Arbitraries.integers().between(1, 1000);
        return capacity.flatMap(cap -> Combinators.combine(Arbitraries.integers().between(0, cap),
                        queuedJobs().list().ofMinSize(1).ofMaxSize(150), runningJobs().list().ofMaxSize(15))
                .as((free, queued, running) -> new AdmissionSnapshot(NOW, cap, free, numberedQueued(queued),
                        numberedRunning(running))));
    }

    private static List<QueuedJob> numberedQueued(List<QueuedJob> jobs) {
        return IntStream.range(0, jobs.size()).mapToObj(i -> {
            QueuedJob j = jobs.get(i);
            return new QueuedJob("q" + i, j.tasks(), j.coresPerExecutor(), j.submittedAt(), j.deadline());
        }).toList();
    }

    private static List<RunningJob> numberedRunning(List<RunningJob> jobs) {
        return IntStream.range(0, jobs.size()).mapToObj(i -> {
            RunningJob j = jobs.get(i);
            return new RunningJob("r" + i, j.tasks(), j.cpus(), j.submittedAt(), j.deadline());
        }).toList();
    }

    private static Arbitrary<QueuedJob> queuedJobs() {
        return Combinators.combine(Arbitraries.integers().between(1, 600), Arbitraries.integers().between(1, 8),
                        Arbitraries.longs().between(0, 2000), Arbitraries.longs().between(1, 3000))
                .as((tasks, cores, waited, deadline) -> new QueuedJob("q", tasks, cores, NOW.minusSeconds(waited),
                        Duration.ofSeconds(deadline)));
    }

    private static Arbitrary<RunningJob> runningJobs() {
        return Combinators.combine(Arbitraries.integers().between(1, 1000), Arbitraries.integers().between(1, 100),
                        Arbitraries.longs().between(0, 2000), Arbitraries.longs().between(1, 3000))
                .as((tasks, cpus, started, deadline) -> new RunningJob("r", tasks, cpus, NOW.minusSeconds(started),
                        Duration.ofSeconds(deadline)));
    }
}
