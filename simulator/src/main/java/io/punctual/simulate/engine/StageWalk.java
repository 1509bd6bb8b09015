package io.punctual.simulate.engine;

import io.punctual.simulate.workload.SimJob;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a running job stands in its stages. The engine books a job's progress as the share of its runtime left at its
 * allocation; these walk that share through the launch and the stages in order, each stage spreading its tasks over
 * the CPUs as {@link SimJob} models it.
 */
final class StageWalk {

    private StageWalk() {
    }

    /**
     * The share of its runtime a job has left at {@code to} CPUs, from the share it had at {@code from}. The launch
     * does not depend on the allocation and each stage spreads over the CPUs on its own, so what is left is the rest
     * of the launch, the rest of the current stage at the new pace and the later stages at the new pace.
     */
    static double remainingAt(SimJob job, double remaining, double from, double to) {
        double elapsed = (1 - remaining) * job.runtime(from) - job.launchSeconds();
        double left = Math.max(0, -elapsed);
        int[] tasks = job.stages().tasks();
        double[] seconds = job.stages().taskSeconds();
        for (int s = 0; s < tasks.length; s++) {
            double before = seconds[s] * Math.max(1.0, tasks[s] / from);
            double after = seconds[s] * Math.max(1.0, tasks[s] / to);
            double done = Math.min(1, Math.max(0, elapsed / before));
            left += (1 - done) * after;
            elapsed -= before;
        }
        return Math.min(1, Math.max(0, left / job.runtime(to)));
    }

    /** Tasks started so far (what the event log would show), at {@code cpus} with {@code remaining} of it left. */
    static long tasksStarted(SimJob job, double cpus, double remaining) {
        double at = Math.max(1e-9, cpus);
        double elapsed = (1 - remaining) * job.runtime(at) - job.launchSeconds();
        long started = 0;
        int[] tasks = job.stages().tasks();
        double[] seconds = job.stages().taskSeconds();
        for (int s = 0; s < tasks.length && elapsed > 0; s++) {
            double stage = seconds[s] * Math.max(1.0, tasks[s] / at);
            started += elapsed >= stage ? tasks[s]
                    : Math.min(tasks[s], (long) Math.ceil(tasks[s] * elapsed / stage + Math.min(at, tasks[s])));
            elapsed -= stage;
        }
        return started;
    }

    /**
     * Each stage's tasks finished and running, in waves of as many tasks as there are CPUs, each wave a task's time
     * long; a finished task's time is shown only once one has finished.
     */
    static List<StageSnapshot> stages(SimJob job, double cpus, double remaining) {
        double at = Math.max(1e-9, cpus);
        double elapsed = (1 - remaining) * job.runtime(at) - job.launchSeconds();
        int[] tasks = job.stages().tasks();
        double[] seconds = job.stages().taskSeconds();
        List<StageSnapshot> stages = new ArrayList<>(tasks.length);
        for (int s = 0; s < tasks.length; s++) {
            double length = seconds[s] * Math.max(1.0, tasks[s] / at);
            if (elapsed >= length) {
                stages.add(new StageSnapshot(tasks[s], tasks[s], 0, seconds[s], 0));
            } else if (elapsed > 0) {
                int slots = (int) Math.max(1, Math.min(Math.floor(at), tasks[s]));
                int waves = (int) Math.floor(elapsed / seconds[s]);
                int finished = (int) Math.min(tasks[s], (long) waves * slots);
                int running = Math.min(slots, tasks[s] - finished);
                stages.add(new StageSnapshot(tasks[s], finished, running, finished > 0 ? seconds[s] : 0,
                        running > 0 ? elapsed - waves * seconds[s] : 0));
            } else {
                stages.add(new StageSnapshot(tasks[s], 0, 0, 0, 0));
            }
            elapsed -= length;
        }
        return stages;
    }
}
