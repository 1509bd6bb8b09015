package io.punctual.bench.rayon;

import io.punctual.simulate.reservations.RayonWorkload;
import io.punctual.simulate.reservations.ReservationAcceptance;

import io.punctual.sizing.Resources;
import io.punctual.sizing.rayon.PlannerKind;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.Locale;

/**
 * Places one seeded workload with our GREE and GREE-L and with YARN's GreedyReservationAgent and
 * AlignedPlannerWithGreedy, one after another in one JVM, and prints Rayon's metrics for each (SoCC 2014, Section
 * 6.3): time per request, size-weighted acceptance, preemption, uniformity. Every system's accepted allocations are
 * re-added to a capacity-checked plan of ours, so an over-committing placement would be caught and counted.
 *
 * <p>Arguments (all optional): nodes, requests, seed, load, rounds. Each round replays the whole workload on a
 * fresh plan; the first rounds warm the JIT up and the last one is reported.
 */
public final class RayonSideBySide {

    record Result(String system, int accepted, int requests, double acceptance, double millisPerRequest,
                  double cpuMillisPerRequest, double preemption, double uniformity, int overCommitted) {
    }

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    public static void main(String[] args) {
        int nodes = args.length > 0 ? Integer.parseInt(args[0]) : 500;
        int requests = args.length > 1 ? Integer.parseInt(args[1]) : 5000;
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 42;
        double load = args.length > 3 ? Double.parseDouble(args[3]) : 1.0;
        int rounds = args.length > 4 ? Integer.parseInt(args[4]) : 3;
        Resources capacity = RayonWorkload.capacity(nodes);
        List<RayonWorkload.Request> workload = RayonWorkload.generate(seed, requests, capacity, load);
        long horizon = workload.stream().mapToLong(RayonWorkload.Request::deadline).max().orElse(1);
        System.out.printf(Locale.ROOT, "nodes=%d capacity=%s requests=%d seed=%d load=%.2f horizon=%ds rounds=%d%n",
                nodes, capacity, requests, seed, load, horizon, rounds);
        System.out.println("| system | accepted | acceptance (size-weighted) | wall ms / request | CPU ms / request"
                + " | preemption | uniformity | over-committed |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        for (String system : List.of("GREE", "GREE_L", "GREEDY", "ALIGNED")) {
            Result result = null;
            for (int round = 0; round < rounds; round++) {
                result = run(system, workload, capacity, horizon);
            }
            System.out.printf(Locale.ROOT, "| %s | %d / %d | %.4f | %.4f | %.4f | %.3f | %.4f | %d |%n",
                    result.system(), result.accepted(), result.requests(), result.acceptance(),
                    result.millisPerRequest(), result.cpuMillisPerRequest(), result.preemption(), result.uniformity(),
                    result.overCommitted());
        }
    }

    static Result run(String system, List<RayonWorkload.Request> workload, Resources capacity, long horizon) {
        long cpu = THREADS.getCurrentThreadCpuTime();
        ReservationAcceptance.Result result;
        if (system.equals("GREE") || system.equals("GREE_L")) {
            PlannerKind kind = PlannerKind.valueOf(system);
            result = ReservationAcceptance.place("Punctual " + kind.planner(), kind, workload, capacity);
        } else {
            YarnAgents.Agent agent = YarnAgents.Agent.valueOf(system);
            YarnAgents yarn = new YarnAgents(agent, capacity);
            boolean[] accepted = new boolean[workload.size()];
            long start = System.nanoTime();
            for (int i = 0; i < workload.size(); i++) {
                accepted[i] = yarn.reserve(workload.get(i));
            }
            result = ReservationAcceptance.measure(agent.label, workload, capacity, accepted, yarn.allocations(),
                    System.nanoTime() - start);
        }
        cpu = THREADS.getCurrentThreadCpuTime() - cpu;
        return new Result(result.policy(), result.acceptedCount(), result.requests(), result.acceptance(),
                result.millisPerRequest(), cpu / 1e6 / workload.size(), result.preemption(), result.uniformity(),
                result.overCommitted());
    }
}
