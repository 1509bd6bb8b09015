package io.punctual.simulate.reservations;

import io.punctual.sizing.Resources;
import io.punctual.sizing.rayon.PlannerKind;
import io.punctual.sizing.rayon.plan.PlanMetrics;
import io.punctual.sizing.rayon.plan.RunLengthPlan;
import io.punctual.sizing.rayon.plan.Segment;
import io.punctual.sizing.rayon.plan.SharingPolicy;
import io.punctual.sizing.rayon.planning.Placement;
import io.punctual.sizing.rayon.planning.ReservationAdmission;
import io.punctual.sizing.rayon.rdl.Compilation;
import io.punctual.sizing.rayon.rdl.RdlCompiler;

import java.util.ArrayList;
import java.util.List;

/**
 * Rayon's reservation-acceptance experiment (SoCC 2014, Section 6.3): a workload of reservation requests, in arrival
 * order, placed by one planner into an empty plan of the cluster, and Rayon's metrics of the result — size-weighted
 * acceptance, preemption (the plan's downward steps) and uniformity (stddev/mean of its utilisation). Every accepted
 * allocation is re-added to a capacity-checked plan, so a placement that over-commits is caught and counted.
 */
public final class ReservationAcceptance {

    private ReservationAcceptance() {
    }

    /**
     * @param accepted     which requests, by position in the workload, were accepted
     * @param allocations  each accepted reservation's allocation over time
     */
    public record Result(String policy, boolean[] accepted, List<List<Segment>> allocations, int requests,
                         int acceptedCount, double acceptance, double millisPerRequest, double preemption,
                         double uniformity, int overCommitted) {
    }

    /** Places every request with robust-sizing's planner {@code kind} (GREE or GREE-L) through Rayon's admission. */
    public static Result place(String policy, PlannerKind kind, List<RayonWorkload.Request> workload,
                               Resources capacity) {
        RunLengthPlan plan = new RunLengthPlan(capacity, 1);
        ReservationAdmission admission = new ReservationAdmission(kind.planner(), SharingPolicy.UNCONSTRAINED);
        boolean[] accepted = new boolean[workload.size()];
        long start = System.nanoTime();
        for (int i = 0; i < workload.size(); i++) {
            if (RdlCompiler.compile(workload.get(i).rdl()) instanceof Compilation.Feasible feasible) {
                accepted[i] = admission.admit("r" + i, "sim", feasible.form(), plan) instanceof Placement.Placed;
            }
        }
        long nanos = System.nanoTime() - start;
        List<List<Segment>> allocations = new ArrayList<>();
        for (int i = 0; i < workload.size(); i++) {
            allocations.add(accepted[i] ? plan.reservation("r" + i).orElseThrow().allocation() : List.of());
        }
        return measure(policy, workload, capacity, accepted, allocations, nanos);
    }

    /**
     * Rayon's metrics for any placer's answers ({@code allocations}: the accepted reservations' allocations; refused
     * ones absent or empty): how the benchmark judges YARN's own agents by the same rules.
     */
    public static Result measure(String policy, List<RayonWorkload.Request> workload, Resources capacity,
                                 boolean[] accepted, List<List<Segment>> allocations, long nanos) {
        double[] sizes = new double[workload.size()];
        int count = 0;
        for (int i = 0; i < workload.size(); i++) {
            sizes[i] = workload.get(i).size(capacity);
            count += accepted[i] ? 1 : 0;
        }
        RunLengthPlan mirror = new RunLengthPlan(capacity, 1);
        int overCommitted = 0;
        for (int i = 0; i < allocations.size(); i++) {
            try {
                mirror.add("m" + i, "sim", allocations.get(i));
            } catch (IllegalArgumentException overCapacity) {
                overCommitted++;
            }
        }
        long horizon = workload.stream().mapToLong(RayonWorkload.Request::deadline).max().orElse(1);
        return new Result(policy, accepted, allocations, workload.size(), count,
                PlanMetrics.acceptance(sizes, accepted), nanos / 1e6 / Math.max(1, workload.size()),
                PlanMetrics.preemption(mirror), PlanMetrics.uniformity(mirror, 0, horizon), overCommitted);
    }
}
