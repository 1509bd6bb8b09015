package io.punctual.bench.justice;

import io.punctual.sizing.justice.AdmissionRound;
import io.punctual.sizing.justice.AdmissionSnapshot;
import io.punctual.sizing.justice.CompletedJob;
import io.punctual.sizing.justice.ErrorSmoothing;
import io.punctual.sizing.justice.JusticeAdmission;
import io.punctual.sizing.justice.JusticeState;
import io.punctual.sizing.justice.QueuedJob;
import io.punctual.sizing.justice.RunningJob;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * One Justice admission round (Justice paper, Algorithm 4) over a seeded queue: every queued job re-estimated,
 * infeasible ones dropped, the rest heaped on reqCpus/TTD and offered all-or-nothing; running jobs checked for
 * kills. Job sizes follow the paper's traces loosely: most jobs are small, a few are very wide.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class JusticeAdmissionBenchmark {

    private static final Instant NOW = Instant.parse("2024-05-01T12:00:00Z");
    private static final int CAPACITY = 5_000;

    @Param({"10000"})
    public int queuedJobs;

    @Param({"42"})
    public long seed;

    private JusticeState state;
    private AdmissionSnapshot snapshot;
    private final JusticeAdmission admission = new JusticeAdmission(1_000);

    @Setup
    public void setUp() {
        SplittableRandom random = new SplittableRandom(seed);
        state = learned(random, 500);
        List<QueuedJob> queued = new ArrayList<>(queuedJobs);
        for (int i = 0; i < queuedJobs; i++) {
            queued.add(new QueuedJob("q" + i, tasks(random), 1 + random.nextInt(4),
                    NOW.minusSeconds(random.nextInt(600)), Duration.ofSeconds(60 + random.nextInt(3_600))));
        }
        List<RunningJob> running = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            running.add(new RunningJob("r" + i, tasks(random), 1 + random.nextInt(16),
                    NOW.minusSeconds(random.nextInt(3_000)), Duration.ofSeconds(60 + random.nextInt(3_600))));
        }
        snapshot = new AdmissionSnapshot(NOW, CAPACITY, 1_500, queued, running);
    }

    @Benchmark
    public AdmissionRound admissionRound() {
        return admission.decide(state, snapshot);
    }

    /** Log-uniform task counts from 1 to ~2000: many single-task jobs, few wide ones. */
    private static int tasks(SplittableRandom random) {
        return (int) Math.max(1, Math.round(Math.exp(random.nextDouble() * Math.log(2_000))));
    }

    private static JusticeState learned(SplittableRandom random, int jobs) {
        JusticeState learned = JusticeState.initial(new ErrorSmoothing.Exponential(0.3));
        for (int i = 0; i < jobs; i++) {
            int tasks = tasks(random);
            int deadline = 60 + random.nextInt(3_600);
            double need = 0.05 + 0.6 * random.nextDouble();
            int held = Math.max(1, (int) Math.round(tasks * (0.1 + 0.8 * random.nextDouble())));
            learned = learned.track(new CompletedJob(need * Math.min(tasks, CAPACITY) * deadline, tasks,
                    Duration.ofSeconds(deadline), held, held >= need * tasks, CAPACITY));
        }
        return learned;
    }
}
