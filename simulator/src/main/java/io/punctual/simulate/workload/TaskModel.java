package io.punctual.simulate.workload;

import java.util.SplittableRandom;

/**
 * The stated model from a trace's bytes to tasks (SWIM gives bytes, the policies need tasks and times). A job is a
 * map stage and, when it shuffles, a reduce stage:
 * <ul>
 *   <li>map tasks = ⌈input / splitBytes⌉ (HDFS-block-sized splits), at least 1; reduce tasks =
 *       ⌈(shuffle + output) / reduceBytes⌉ when the job shuffles, else none; both capped at {@code maxTasks};</li>
 *   <li>a task takes {@code taskStartSeconds} plus its bytes over the stage's rate ({@code mapBytesPerSecond},
 *       {@code reduceBytesPerSecond}), at least {@code minTaskSeconds};</li>
 *   <li>every run draws one log-normal factor (σ = {@code runNoise}) on its task times: recurring runs of one job
 *       spread as real ones do, so there is a distribution to learn;</li>
 *   <li>an application master / driver start of {@code launchSeconds} precedes the first task.</li>
 * </ul>
 */
public record TaskModel(long splitBytes, long reduceBytes, double mapBytesPerSecond, double reduceBytesPerSecond,
                        double taskStartSeconds, double minTaskSeconds, int maxTasks, double runNoise,
                        double launchSeconds) {

    /** 128 MiB splits, 256 MiB per reducer, 64 / 32 MiB/s per task, 1 s task start, 20 % run noise, 10 s launch. */
    public static final TaskModel DEFAULT = new TaskModel(128L << 20, 256L << 20, 64.0 * (1 << 20),
            32.0 * (1 << 20), 1.0, 1.0, 20_000, 0.2, 10.0);

    public TaskModel {
        if (splitBytes < 1 || reduceBytes < 1 || !(mapBytesPerSecond > 0) || !(reduceBytesPerSecond > 0)
                || taskStartSeconds < 0 || !(minTaskSeconds > 0) || maxTasks < 1 || runNoise < 0 || launchSeconds < 0) {
            throw new IllegalArgumentException("task model parameters must be positive (noise and times ≥ 0)");
        }
    }

    /** The same model with another launch time (0 is the Justice paper's setting: no fixed overhead). */
    public TaskModel withLaunchSeconds(double seconds) {
        return new TaskModel(splitBytes, reduceBytes, mapBytesPerSecond, reduceBytesPerSecond, taskStartSeconds,
                minTaskSeconds, maxTasks, runNoise, seconds);
    }

    /** The same model with another spread of runs (σ of each run's log-normal factor on its task times). */
    public TaskModel withRunNoise(double sigma) {
        return new TaskModel(splitBytes, reduceBytes, mapBytesPerSecond, reduceBytesPerSecond, taskStartSeconds,
                minTaskSeconds, maxTasks, sigma, launchSeconds);
    }

    /** The job's stages at this run's noise, drawn from {@code random}. */
    public SimJob.Stages stages(TraceJob job, SplittableRandom random) {
        double noise = Math.exp(runNoise * SyntheticTrace.gaussian(random));
        int maps = tasks(job.inputBytes(), splitBytes);
        double mapSeconds = taskSeconds(job.inputBytes() / (double) maps, mapBytesPerSecond, noise);
        long reduceBytesTotal = job.shuffleBytes() + job.outputBytes();
        if (job.shuffleBytes() == 0) {
            return new SimJob.Stages(new int[] {maps}, new double[] {mapSeconds});
        }
        int reduces = tasks(reduceBytesTotal, reduceBytes);
        double reduceSeconds = taskSeconds(reduceBytesTotal / (double) reduces, reduceBytesPerSecond, noise);
        return new SimJob.Stages(new int[] {maps, reduces}, new double[] {mapSeconds, reduceSeconds});
    }

    private int tasks(long bytes, long per) {
        return (int) Math.max(1, Math.min(maxTasks, (bytes + per - 1) / per));
    }

    private double taskSeconds(double bytes, double rate, double noise) {
        return Math.max(minTaskSeconds, (taskStartSeconds + bytes / rate) * noise);
    }
}
