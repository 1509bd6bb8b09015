package io.punctual.bench.rush;

import io.punctual.sizing.rush.BackwardOnionPeeling;
import io.punctual.sizing.rush.ContinuousSlotMapping;
import io.punctual.sizing.rush.DemandDistribution;
import io.punctual.sizing.rush.GaussianEstimator;
import io.punctual.sizing.rush.OnionPeeling;
import io.punctual.sizing.rush.PeelingResult;
import io.punctual.sizing.rush.Robustness;
import io.punctual.sizing.rush.WorstCaseDemandSearch;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The JMH workloads timed in thread CPU time instead of wall time. On a machine shared by several busy builds,
 * wall-clock averages swing with the load; CPU time of the measuring thread much less. Complements, does not
 * replace, {@link OnionPeelingBenchmark} and {@link WorstCaseDemandBenchmark}.
 */
public final class RushCpuTime {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static long sink;

    private RushCpuTime() {
    }

    public static void main(String[] args) {
        OnionPeeling peeling = new BackwardOnionPeeling();
        for (int jobs : new int[] {20, 1000, 10000}) {
            RushWorkload w = RushWorkload.seeded(jobs, OnionPeelingBenchmark.CONTAINERS, 20_251_122L + jobs);
            PeelingResult peeled = peeling.peel(w.jobs(), w.containers(), w.now());
            int reps = jobs == 20 ? 20_000 : jobs == 1000 ? 200 : 6;
            double peel = cpuMillis(reps, () -> sink += peeling.peel(w.jobs(), w.containers(), w.now()).targets().size());
            double map = cpuMillis(reps, () -> sink += ContinuousSlotMapping.map(peeled).size());
            System.out.printf("jobs=%d peel=%.3f ms map=%.3f ms peel+map=%.3f ms (CPU per round)%n",
                    jobs, peel, map, peel + map);
        }
        DemandDistribution reference = GaussianEstimator.quantize(3_600, 600, 1000);
        Robustness robustness = Robustness.of(0.95, 0.1);
        double search = cpuMillis(200_000, () -> sink += WorstCaseDemandSearch.search(reference, robustness).etaBin());
        double endToEnd = cpuMillis(2_000,
                () -> sink += WorstCaseDemandSearch.gaussian(3_600, 600, 0.95, 0.1, 1000).etaBin());
        System.out.printf("wcde search=%.3f us gaussianEndToEnd=%.1f us (CPU per job; sink %d)%n",
                search * 1000, endToEnd * 1000, sink);
    }

    /** CPU milliseconds per run of {@code task}, after as many warm-up runs. */
    private static double cpuMillis(int reps, Runnable task) {
        for (int i = 0; i < reps; i++) {
            task.run();
        }
        long start = THREADS.getCurrentThreadCpuTime();
        for (int i = 0; i < reps; i++) {
            task.run();
        }
        return (THREADS.getCurrentThreadCpuTime() - start) / 1e6 / reps;
    }
}
