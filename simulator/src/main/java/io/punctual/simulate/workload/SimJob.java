package io.punctual.simulate.workload;

import java.util.Objects;

/**
 * A job as the simulated cluster runs it. Its runtime on {@code k} CPUs is
 * {@code launch + Σ_stages d_s · max(1, n_s / k)}: a stage of {@code n_s} tasks of {@code d_s} seconds spreads
 * perfectly over the CPUs it has (Justice's assumption of one CPU per task and perfect parallelism) but never ends
 * sooner than one task. Only the engine and the oracle read the task times; the policies see a {@link JobView}.
 *
 * @param index           position in the workload (arrival order), used as a dense id
 * @param deadlineSeconds the deadline relative to arrival
 */
public record SimJob(int index, String id, String key, double arrival, Stages stages, double launchSeconds,
                     double deadlineSeconds, TraceJob source) {

    public SimJob {
        Objects.requireNonNull(stages, "stages");
        if (!(deadlineSeconds > 0)) {
            throw new IllegalArgumentException("job " + id + " needs a positive deadline, got " + deadlineSeconds);
        }
    }

    /** A job's stages: task counts and per-task seconds, one entry per stage. */
    public record Stages(int[] tasks, double[] taskSeconds) {
        public Stages {
            if (tasks.length == 0 || tasks.length != taskSeconds.length) {
                throw new IllegalArgumentException("a job has at least one stage, with a task time for each");
            }
        }

        public int widest() {
            int widest = 0;
            for (int n : tasks) {
                widest = Math.max(widest, n);
            }
            return widest;
        }

        /** CPU-seconds of all tasks: the work the job does whatever its allocation. */
        public double work() {
            double sum = 0;
            for (int s = 0; s < tasks.length; s++) {
                sum += tasks[s] * taskSeconds[s];
            }
            return sum;
        }

        /** Seconds of task execution on {@code cpus} CPUs (launch excluded). */
        public double execSeconds(double cpus) {
            double sum = 0;
            for (int s = 0; s < tasks.length; s++) {
                sum += taskSeconds[s] * Math.max(1.0, tasks[s] / cpus);
            }
            return sum;
        }
    }

    public int maxParallelism() {
        return stages.widest();
    }

    public double runtime(double cpus) {
        return launchSeconds + stages.execSeconds(cpus);
    }

    /** The fastest this job can run: on its widest stage's task count. */
    public double optimalRuntime() {
        return runtime(maxParallelism());
    }

    public double due() {
        return arrival + deadlineSeconds;
    }

    public JobView view() {
        return new JobView(index, id, key, arrival, deadlineSeconds, maxParallelism(),
                source == null ? 0 : source.inputBytes());
    }
}
