package io.punctual.bench.rush;

import io.punctual.sizing.rush.BackwardOnionPeeling;
import io.punctual.sizing.rush.ContinuousSlotMapping;
import io.punctual.sizing.rush.OnionPeeling;
import io.punctual.sizing.rush.PeelingResult;
import io.punctual.sizing.rush.SlotPlan;
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
 * RUSH's scheduling half for one round: onion peeling (backward, the default) plus continuous slot mapping on 200
 * containers, for 20, 1,000 and 10,000 active jobs. The paper reports 0.32 s for 20 jobs and 7.34 s for 1,000; the
 * issue's goal is 5 ms for 1,000.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class OnionPeelingBenchmark {

    static final int CONTAINERS = 200;

    @Param({"20", "1000", "10000"})
    public int jobs;

    private final OnionPeeling peeling = new BackwardOnionPeeling();
    private RushWorkload workload;
    private PeelingResult peeled;

    @Setup
    public void setUp() {
        workload = RushWorkload.seeded(jobs, CONTAINERS, 20_251_122L + jobs);
        peeled = peeling.peel(workload.jobs(), workload.containers(), workload.now());
    }

    @Benchmark
    public SlotPlan peelAndMap() {
        PeelingResult result = peeling.peel(workload.jobs(), workload.containers(), workload.now());
        return ContinuousSlotMapping.map(result);
    }

    @Benchmark
    public PeelingResult peelOnly() {
        return peeling.peel(workload.jobs(), workload.containers(), workload.now());
    }

    @Benchmark
    public SlotPlan mapOnly() {
        return ContinuousSlotMapping.map(peeled);
    }
}
