package io.punctual.bench.bopf;

import io.punctual.sizing.bopf.AdmissionDecision;
import io.punctual.sizing.bopf.AdmittedQueues;
import io.punctual.sizing.bopf.BopfAdmission;
import io.punctual.sizing.bopf.QueueSpec;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * BoPF admission for 20,000 queues (issue 5's goal: ≤ 1 ms), two readings:
 * <ul>
 *   <li>{@link #decideOneAgainstAdmitted}: one new latency-sensitive queue decided against a ledger that already
 *       holds 20,000 admitted queues (what {@code punctual queues admit} does for a team joining a busy cluster);</li>
 *   <li>{@link #admitAllInSequence}: all 20,000 admitted one after another into an empty ledger.</li>
 * </ul>
 */
@State(Scope.Benchmark)
public class BopfAdmissionBenchmark {

    private static final int CANDIDATES = 1024;

    @Param({"20000"})
    int queues;

    @Param({"harmonic", "mixed", "random"})
    String periods;

    private final BopfAdmission admission = new BopfAdmission();
    private List<QueueSpec> workload;
    private List<QueueSpec> candidates;
    private AdmittedQueues admitted;
    private int next;

    @Setup
    public void setUp() {
        long[] periodSet = BopfWorkload.periods(periods);
        workload = BopfWorkload.queues(queues, periodSet, 42, "q", true);
        candidates = BopfWorkload.queues(CANDIDATES, periodSet, 7, "new", false);
        admitted = new AdmittedQueues(BopfWorkload.CAPACITY);
        for (QueueSpec queue : workload) {
            admission.admit(admitted, queue);
        }
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public AdmissionDecision decideOneAgainstAdmitted() {
        QueueSpec candidate = candidates.get(next);
        next = (next + 1) % CANDIDATES;
        return admission.decide(admitted, candidate);
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    @Warmup(iterations = 2)
    @Measurement(iterations = 5)
    public AdmittedQueues admitAllInSequence() {
        AdmittedQueues ledger = new AdmittedQueues(BopfWorkload.CAPACITY);
        for (QueueSpec queue : workload) {
            admission.admit(ledger, queue);
        }
        return ledger;
    }
}
