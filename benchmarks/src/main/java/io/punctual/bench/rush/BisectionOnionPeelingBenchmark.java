package io.punctual.bench.rush;

import io.punctual.sizing.rush.BisectionOnionPeeling;
import io.punctual.sizing.rush.ContinuousSlotMapping;
import io.punctual.sizing.rush.OnionPeeling;
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
 * The published Algorithm 3 (bisection per layer, tolerance 1e-9 × the largest weight) plus mapping, on the same
 * workloads as {@link OnionPeelingBenchmark}: what the paper's method costs here, side by side with the backward
 * computation. 10,000 jobs is left out: at O(N² log N · log(1/Δ)) one round takes minutes.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class BisectionOnionPeelingBenchmark {

    @Param({"20", "1000"})
    public int jobs;

    private final OnionPeeling peeling = new BisectionOnionPeeling(1e-8);
    private RushWorkload workload;

    @Setup
    public void setUp() {
        workload = RushWorkload.seeded(jobs, OnionPeelingBenchmark.CONTAINERS, 20_251_122L + jobs);
    }

    @Benchmark
    public SlotPlan peelAndMap() {
        return ContinuousSlotMapping.map(peeling.peel(workload.jobs(), workload.containers(), workload.now()));
    }
}
