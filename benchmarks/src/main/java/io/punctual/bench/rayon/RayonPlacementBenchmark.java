package io.punctual.bench.rayon;

import io.punctual.simulate.reservations.RayonWorkload;

import io.punctual.sizing.Resources;
import io.punctual.sizing.rayon.PlannerKind;
import io.punctual.sizing.rayon.plan.RunLengthPlan;
import io.punctual.sizing.rayon.plan.SharingPolicy;
import io.punctual.sizing.rayon.planning.Placement;
import io.punctual.sizing.rayon.planning.Planner;
import io.punctual.sizing.rayon.planning.ReservationAdmission;
import io.punctual.sizing.rayon.rdl.Compilation;
import io.punctual.sizing.rayon.rdl.NormalForm;
import io.punctual.sizing.rayon.rdl.RdlCompiler;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * GREE and GREE-L placement time (Rayon, SoCC 2014, Section 6.3 "runtime"). {@code placeIntoLoadedPlan}: one
 * request placed (not committed) into a 500-node plan already holding 5,000 requests of a workload twice its size,
 * the probe drawn from the other 5,000 — the online admission cost. {@code admitWholeWorkload}: the full 5,000
 * requests admitted in arrival order into an empty plan; divide by 5,000 for time per request.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
public class RayonPlacementBenchmark {

    private static final long SEED = 42;
    private static final int REQUESTS = 5000;
    private static final Resources CAPACITY = RayonWorkload.capacity(500);

    @Param({"GREE", "GREE_L"})
    public String planner;

    private Planner algorithm;
    private List<NormalForm> workload;
    private RunLengthPlan loaded;
    private List<NormalForm> probes;
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        algorithm = PlannerKind.valueOf(planner).planner();
        workload = new ArrayList<>();
        for (RayonWorkload.Request r : RayonWorkload.generate(SEED, REQUESTS, CAPACITY, 1.0)) {
            if (RdlCompiler.compile(r.rdl()) instanceof Compilation.Feasible f) {
                workload.add(f.form());
            }
        }
        // Every other request (of a workload twice what the plan holds) fills the plan; the rest probe it, so the
        // probes fall over the same, loaded, stretch of time.
        List<NormalForm> twice = new ArrayList<>();
        for (RayonWorkload.Request r : RayonWorkload.generate(SEED + 1, 2 * REQUESTS, CAPACITY, 2.0)) {
            if (RdlCompiler.compile(r.rdl()) instanceof Compilation.Feasible f) {
                twice.add(f.form());
            }
        }
        loaded = new RunLengthPlan(CAPACITY, 1);
        ReservationAdmission admission = new ReservationAdmission(algorithm, SharingPolicy.UNCONSTRAINED);
        probes = new ArrayList<>();
        for (int i = 0; i < twice.size(); i++) {
            if (i % 2 == 0) {
                admission.admit("r" + i, "bench", twice.get(i), loaded);
            } else {
                probes.add(twice.get(i));
            }
        }
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public Placement placeIntoLoadedPlan() {
        NormalForm probe = probes.get(next);
        next = (next + 1) % probes.size();
        return algorithm.place(probe, loaded);
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public int admitWholeWorkload() {
        RunLengthPlan plan = new RunLengthPlan(CAPACITY, 1);
        ReservationAdmission admission = new ReservationAdmission(algorithm, SharingPolicy.UNCONSTRAINED);
        int accepted = 0;
        for (int i = 0; i < workload.size(); i++) {
            accepted += admission.admit("r" + i, "bench", workload.get(i), plan) instanceof Placement.Placed ? 1 : 0;
        }
        return accepted;
    }
}
