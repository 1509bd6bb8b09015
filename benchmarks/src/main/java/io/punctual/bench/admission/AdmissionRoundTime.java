package io.punctual.bench.admission;

import io.punctual.submit.pipeline.AdmissionOrder;
import io.punctual.submit.request.AdmissionPolicy;
import io.punctual.submit.request.DeadlineUtility;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * How long one admission round takes to order the waiting jobs (issue 13: ≤ 5 ms with 1,000 queued), for Justice's
 * order and for RUSH's arbitration, in the measuring thread's CPU time (wall time swings with other builds on a
 * 2-core machine) and in wall time. The queue is seeded: jobs of 1–16 CPUs holding 1–60 minutes, with hard, linear and
 * sigmoid utilities, sharing a plan of 200 CPUs, their deadlines spread so that the queue is 1.2 or 5 times what the
 * plan can meet.
 *
 * <p>Run: {@code benchmarks/scripts/admission-round.sh} (prints one line per policy and queue length).
 */
public final class AdmissionRoundTime {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final Instant NOW = Instant.parse("2026-11-26T09:00:00Z");
    private static long sink;

    private AdmissionRoundTime() {
    }

    public static void main(String[] args) {
        for (double load : new double[] {1.2, 5.0}) {
            for (int queued : new int[] {10, 100, 1000}) {
                measure(queue(queued, 20_261_126L + queued, load), load);
            }
        }
        if (sink == 42) {
            System.out.println();
        }
    }

    private static void measure(List<AdmissionOrder.Waiting> waiting, double load) {
        int queued = waiting.size();
        for (AdmissionPolicy policy : List.of(AdmissionPolicy.JUSTICE, AdmissionPolicy.RUSH)) {
            {
                int reps = queued == 1000 ? (policy == AdmissionPolicy.RUSH && load > 2 ? 4 : 100) : 1000;
                for (int warm = 0; warm < reps / 4; warm++) {
                    sink += AdmissionOrder.turns(policy, waiting, 200, NOW).size();
                }
                long cpu = THREADS.getCurrentThreadCpuTime();
                long wall = System.nanoTime();
                for (int r = 0; r < reps; r++) {
                    sink += AdmissionOrder.turns(policy, waiting, 200, NOW).size();
                }
                double cpuMs = (THREADS.getCurrentThreadCpuTime() - cpu) / 1e6 / reps;
                double wallMs = (System.nanoTime() - wall) / 1e6 / reps;
                System.out.printf("load=%.1f policy=%s queued=%d round CPU=%.3f ms wall=%.3f ms%n", load,
                        policy.configName(), queued, cpuMs, wallMs);
            }
        }
    }

    /**
     * {@code size} waiting jobs whose deadlines spread over {@code 1/load} of the time the plan needs to run them all:
     * at 1.2 the queue is a little more than the plan can meet (RUSH's benchmark round), at 5 most jobs cannot be on
     * time and their utilities tie at zero.
     */
    static List<AdmissionOrder.Waiting> queue(int size, long seed, double load) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] cpus = new int[size];
        int[] hold = new int[size];
        double work = 0;
        for (int i = 0; i < size; i++) {
            cpus[i] = 1 + random.nextInt(16);
            hold[i] = 1 + random.nextInt(60);
            work += cpus[i] * hold[i] * 60.0;
        }
        long horizon = (long) Math.max(600, work / 200 / load);
        List<DeadlineUtility> utilities = List.of(DeadlineUtility.HARD,
                DeadlineUtility.parse("linear 30m").orElseThrow(), DeadlineUtility.parse("sigmoid 1h").orElseThrow());
        List<AdmissionOrder.Waiting> waiting = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            waiting.add(new AdmissionOrder.Waiting(String.format("%06d", i), cpus[i], Duration.ofMinutes(hold[i]),
                    NOW.minusSeconds(random.nextInt(600)), NOW.plusSeconds(300 + random.nextLong(horizon)),
                    utilities.get(random.nextInt(3))));
        }
        return waiting;
    }
}
