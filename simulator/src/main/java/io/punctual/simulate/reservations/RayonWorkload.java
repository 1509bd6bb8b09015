package io.punctual.simulate.reservations;

import io.punctual.sizing.Resources;
import io.punctual.sizing.rayon.plan.PlanMetrics;
import io.punctual.sizing.rayon.rdl.Rdl;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded random reservation workloads in the spirit of Rayon's evaluation (SoCC 2014, Section 6.1.2): mostly
 * malleable MapReduce-like jobs (Workload A), some gangs (Workload B) and some multi-stage pipelines (Workload C),
 * each with a deadline a few times its shortest duration. Every request is expressible both in RDL and as a YARN
 * {@code ReservationDefinition}, so the same list drives our planners and YARN's agents.
 *
 * <p>A stage is YARN's {@code ReservationRequest}: {@code containers} containers of one bundle, gangs of
 * {@code concurrency}, each held {@code duration} seconds. In RDL that is
 * {@code atom(bundle, concurrency, containers, duration, containers·duration)} — YARN has no maximum parallelism, so
 * h is the container count.
 */
public final class RayonWorkload {

    /** One YARN ReservationRequest / one RDL atom. */
    public record Stage(Resources bundle, int containers, int concurrency, long duration) {
        public Rdl.Atom atom() {
            return Rdl.atom(bundle, concurrency, containers, duration, (long) containers * duration);
        }
    }

    /** A reservation: one stage, or an ordered pipeline of stages, inside [arrival, deadline) seconds. */
    public record Request(int index, long arrival, long deadline, boolean ordered, List<Stage> stages) {
        public Rdl rdl() {
            List<Rdl> atoms = stages.stream().<Rdl>map(Stage::atom).toList();
            Rdl body = atoms.size() == 1 ? atoms.get(0) : ordered ? new Rdl.Order(atoms) : new Rdl.All(atoms);
            return Rdl.window(body, arrival, deadline);
        }

        /** Size for acceptance weighting: container-seconds times the bundle's dominant share of capacity. */
        public double size(Resources capacity) {
            return stages.stream().mapToDouble(s -> (double) s.containers() * s.duration()
                    * PlanMetrics.dominantShare(s.bundle(), capacity)).sum();
        }
    }

    /** Nodes of the paper's cluster: 32 vcores, 128 GiB. */
    public static final Resources NODE = Resources.of(32, 128 * 1024);

    private RayonWorkload() {
    }

    public static Resources capacity(int nodes) {
        return NODE.times(nodes);
    }

    /**
     * {@code count} requests sorted by arrival, spread over a horizon sized so that the requested work is
     * {@code load} times what the capacity can hold in it.
     */
    public static List<Request> generate(long seed, int count, Resources capacity, double load) {
        SplittableRandom random = new SplittableRandom(seed);
        List<List<Stage>> shapes = new ArrayList<>();
        List<Boolean> ordered = new ArrayList<>();
        double demand = 0;
        for (int i = 0; i < count; i++) {
            double kind = random.nextDouble();
            List<Stage> stages = new ArrayList<>();
            if (kind < 0.70) {
                stages.add(malleable(random, 60, 3600));
            } else if (kind < 0.85) {
                stages.add(gang(random));
            } else {
                int n = 2 + random.nextInt(2);
                for (int s = 0; s < n; s++) {
                    stages.add(malleable(random, 60, 1800));
                }
            }
            shapes.add(stages);
            ordered.add(stages.size() > 1);
            for (Stage s : stages) {
                demand += (double) s.containers() * s.duration() * PlanMetrics.dominantShare(s.bundle(), capacity);
            }
        }
        long horizon = Math.max(3600, (long) (demand / load));
        List<Request> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            List<Stage> stages = shapes.get(i);
            long shortest = stages.stream().mapToLong(Stage::duration).sum();
            long arrival = random.nextLong(horizon);
            long deadline = arrival + (long) Math.ceil(shortest * (1.5 + 4.5 * random.nextDouble()));
            out.add(new Request(i, arrival, deadline, ordered.get(i), List.copyOf(stages)));
        }
        out.sort(Comparator.comparingLong(Request::arrival).thenComparingInt(Request::index));
        return List.copyOf(out);
    }

    private static Stage malleable(SplittableRandom random, long minDuration, long maxDuration) {
        int containers = (int) Math.round(logUniform(random, 10, 1000));
        return new Stage(bundle(random), containers, 1, Math.round(logUniform(random, minDuration, maxDuration)));
    }

    private static Stage gang(SplittableRandom random) {
        int containers = 4 + random.nextInt(61);
        return new Stage(bundle(random), containers, containers, Math.round(logUniform(random, 300, 3600)));
    }

    private static Resources bundle(SplittableRandom random) {
        long vcores = 1L << random.nextInt(3);
        long memoryGb = 1L << random.nextInt(4);
        return Resources.of(vcores, memoryGb * 1024);
    }

    private static double logUniform(SplittableRandom random, double low, double high) {
        return Math.exp(Math.log(low) + random.nextDouble() * (Math.log(high) - Math.log(low)));
    }
}
