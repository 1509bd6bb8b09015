package io.punctual.simulate.engine;

import io.punctual.simulate.workload.SimJob;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Every job's state during one run, kept in flat arrays so a million jobs stay cheap. */
final class Ledger {

    static final byte WAITING = 0;
    static final byte SCHEDULED = 1;
    static final byte RUNNING = 2;
    static final byte DONE = 3;
    static final byte DROPPED = 4;

    private static final double MET_TOLERANCE = 1e-6;

    final byte[] state;
    final double[] start;
    final double[] finish;
    final double[] cpus;
    final double[] remaining;
    final double[] settledAt;
    final double[] cpuSeconds;
    final int[] version;
    final boolean[] shared;
    final boolean[] met;
    final String[] reason;

    Ledger(int jobs) {
        state = new byte[jobs];
        start = new double[jobs];
        finish = new double[jobs];
        cpus = new double[jobs];
        remaining = new double[jobs];
        settledAt = new double[jobs];
        cpuSeconds = new double[jobs];
        version = new int[jobs];
        shared = new boolean[jobs];
        met = new boolean[jobs];
        reason = new String[jobs];
        Arrays.fill(start, Double.NaN);
        Arrays.fill(finish, Double.NaN);
    }

    void begin(int job, double now, double allocation) {
        state[job] = RUNNING;
        start[job] = now;
        cpus[job] = allocation;
        remaining[job] = 1.0;
        settledAt[job] = now;
    }

    /** Books the progress a job made since it was last settled, at its allocation then. */
    void settle(SimJob job, double now) {
        int i = job.index();
        double elapsed = now - settledAt[i];
        if (elapsed > 0) {
            remaining[i] = Math.max(0, remaining[i] - elapsed / job.runtime(cpus[i]));
            cpuSeconds[i] += cpus[i] * elapsed;
            settledAt[i] = now;
        }
    }

    /** When the job ends if its allocation stays as it is now. */
    double finishAt(SimJob job, double now) {
        return now + remaining[job.index()] * job.runtime(cpus[job.index()]);
    }

    void end(SimJob job, double now, String why) {
        int i = job.index();
        state[i] = DONE;
        finish[i] = now;
        met[i] = why == null && now <= lateAfter(job);
        reason[i] = why;
        version[i]++;
    }

    /**
     * The moment a job is late: its deadline, plus a rounding allowance so that a run sized to end exactly at its
     * deadline (the oracle's, Fixed1x's) is neither missed nor killed for the last bit of a double.
     */
    static double lateAfter(SimJob job) {
        return job.due() + MET_TOLERANCE * Math.max(1, job.due());
    }

    void drop(int job, String why) {
        state[job] = DROPPED;
        reason[job] = why;
        version[job]++;
    }

    List<JobResult> results(String policy, List<SimJob> jobs) {
        List<JobResult> rows = new ArrayList<>(jobs.size());
        for (SimJob job : jobs) {
            int i = job.index();
            boolean ran = !Double.isNaN(start[i]);
            double held = ran ? finish[i] - start[i] : 0;
            rows.add(new JobResult(policy, job.id(), job.arrival(), job.due(), ran, start[i], finish[i], met[i],
                    cpuSeconds[i], held > 0 ? cpuSeconds[i] / held : (ran ? cpus[i] : 0), state[i] == DROPPED,
                    reason[i] == null ? "" : reason[i], job.maxParallelism()));
        }
        return rows;
    }
}
