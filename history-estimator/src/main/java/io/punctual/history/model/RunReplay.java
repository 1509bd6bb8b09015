package io.punctual.history.model;

import io.punctual.history.run.RunRecord;

import java.util.ArrayList;
import java.util.List;

/**
 * One recorded run's executor time as a function of task slots, from replaying its plan ({@link ListScheduler}).
 * The replay is evaluated on a grid (every slot count up to 32, then steps of about 10%) up to saturation — the
 * most tasks any phase runs at once with unlimited slots — and made non-increasing by a running minimum: list
 * scheduling can, rarely, finish later with more slots (Graham's anomalies), but a job given more executors can
 * always leave some idle, so more is never predicted slower. Between grid points the curve is interpolated.
 */
final class RunReplay {

    private static final int DENSE_UP_TO = 32;
    private static final double STEP = 1.1;

    private final RunRecord run;
    private final long driverOnlyMs;
    private final long[] slots;
    private final long[] executorMs;
    private final long demandMs;

    private RunReplay(RunRecord run, long driverOnlyMs, long[] slots, long[] executorMs, long demandMs) {
        this.run = run;
        this.driverOnlyMs = driverOnlyMs;
        this.slots = slots;
        this.executorMs = executorMs;
        this.demandMs = demandMs;
    }

    static RunReplay of(RunRecord run) {
        ReplayPlan plan = ReplayPlan.of(run);
        long saturation = Math.max(1, plan.phases().stream().mapToLong(ListScheduler::peakParallelism).max().orElse(1));
        List<Long> grid = grid(saturation);
        long[] slots = new long[grid.size()];
        long[] executorMs = new long[grid.size()];
        long best = Long.MAX_VALUE;
        for (int i = 0; i < slots.length; i++) {
            slots[i] = grid.get(i);
            long total = 0;
            for (ReplayPlan.Phase phase : plan.phases()) {
                total += ListScheduler.makespan(phase, slots[i]);
            }
            best = Math.min(best, total);
            executorMs[i] = best;
        }
        long demand = 0;
        for (ReplayPlan.Phase phase : plan.phases()) {
            for (ReplayPlan.Node node : phase.nodes()) {
                for (int ms : node.taskMillis()) {
                    demand += ms;
                }
            }
        }
        return new RunReplay(run, plan.driverOnlyMs(), slots, executorMs, demand * run.taskCpus());
    }

    static List<Long> grid(long saturation) {
        List<Long> grid = new ArrayList<>();
        long s = 1;
        while (s < saturation) {
            grid.add(s);
            s = s < DENSE_UP_TO ? s + 1 : Math.max(s + 1, (long) Math.floor(s * STEP));
        }
        grid.add(saturation);
        return grid;
    }

    RunRecord run() {
        return run;
    }

    long driverOnlyMs() {
        return driverOnlyMs;
    }

    /** Core-milliseconds of task work (every replayed task's duration times the cores a task holds). */
    long demandCoreMs() {
        return demandMs;
    }

    /** Executor-phase time at {@code taskSlots} slots: exact on grid points, interpolated between them. */
    double executorMs(double taskSlots) {
        if (taskSlots <= slots[0]) {
            return executorMs[0];
        }
        int last = slots.length - 1;
        if (taskSlots >= slots[last]) {
            return executorMs[last];
        }
        int found = java.util.Arrays.binarySearch(slots, (long) Math.ceil(taskSlots));
        int hi = found >= 0 ? found : -found - 1;
        int lo = hi - 1;
        double t = (taskSlots - slots[lo]) / (double) (slots[hi] - slots[lo]);
        return executorMs[lo] + t * (executorMs[hi] - executorMs[lo]);
    }

    /** Executor-phase time with unlimited slots: the sum over phases of each phase's critical path. */
    long criticalPathMs() {
        return executorMs[executorMs.length - 1];
    }

    long saturationSlots() {
        return slots[slots.length - 1];
    }
}
