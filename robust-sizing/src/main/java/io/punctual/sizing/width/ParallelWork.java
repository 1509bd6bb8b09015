package io.punctual.sizing.width;

/**
 * One finished run's task time split into the part more CPUs shorten and the part they do not. By Graham's bound for
 * list scheduling, a stage whose tasks take {@code t} seconds in all, the longest {@code m}, ends on {@code k} CPUs
 * within {@code (t − m) / k + m}. Summed over the stages, with {@code τ = Σ t / width} and {@code tail = Σ m}, the
 * run's task time on {@code k} CPUs is at most {@code tail + (width · τ − tail) / k}. A job of another width is taken
 * to do {@code τ} per task with the same tail, or all of its work as tail when it does less work than that.
 *
 * @param perTaskSeconds {@code τ}: task seconds per task of the widest stage (a one-task run's task time)
 * @param tailSeconds    {@code Σ m}: the stages' longest tasks, which no width shortens
 * @param width          the run's widest stage in tasks, or {@value #UNKNOWN_WIDTH} when it was not recorded
 * @param laterStageRatio how much longer a task of its later stages took than a task of its first (their mean task
 *                       times' ratio), or {@value #ONE_STAGE} for a run of one stage or one recorded before: what a
 *                       running job's stage none of whose tasks has finished is expected to take (issue 25)
 */
public record ParallelWork(double perTaskSeconds, double tailSeconds, int width, double laterStageRatio) {

    /** The width of a run recorded before widths were (it is then the least like any job). */
    public static final int UNKNOWN_WIDTH = 0;

    /** The later-stage ratio of a run with one stage, or recorded before ratios were: it says nothing of one. */
    public static final double ONE_STAGE = 0;

    public ParallelWork {
        if (!(perTaskSeconds >= 0) || !(tailSeconds >= 0) || Double.isInfinite(perTaskSeconds)
                || Double.isInfinite(tailSeconds) || width < 0) {
            throw new IllegalArgumentException("a run's work per task and tail are finite seconds ≥ 0 and its width"
                    + " ≥ 0, got " + perTaskSeconds + ", " + tailSeconds + " and " + width);
        }
        if (!(laterStageRatio >= 0) || Double.isInfinite(laterStageRatio)) {
            throw new IllegalArgumentException("a run's later-stage ratio is finite and ≥ 0, got " + laterStageRatio);
        }
    }

    /** A run of one stage, or whose later stages were not recorded. */
    public ParallelWork(double perTaskSeconds, double tailSeconds, int width) {
        this(perTaskSeconds, tailSeconds, width, ONE_STAGE);
    }

    /** A run whose width was not recorded. */
    public ParallelWork(double perTaskSeconds, double tailSeconds) {
        this(perTaskSeconds, tailSeconds, UNKNOWN_WIDTH);
    }

    /** Whether the run had later stages whose tasks' time it recorded. */
    public boolean hasLaterStages() {
        return laterStageRatio > ONE_STAGE;
    }

    /**
     * The split of a run from its stages, in the order they ran.
     *
     * @param stageSeconds  each stage's total task seconds
     * @param longestSecond each stage's longest task, in the same order
     * @param stageTasks    each stage's tasks, in the same order
     * @param width         tasks of the widest stage, at least 1
     */
    public static ParallelWork of(double[] stageSeconds, double[] longestSecond, int[] stageTasks, int width) {
        if (stageSeconds.length != longestSecond.length || stageSeconds.length != stageTasks.length || width < 1) {
            throw new IllegalArgumentException("need one longest task and one task count per stage and a width ≥ 1,"
                    + " got " + stageSeconds.length + " stages, " + longestSecond.length + " longest tasks, "
                    + stageTasks.length + " task counts, width " + width);
        }
        double work = 0;
        double tail = 0;
        for (int s = 0; s < stageSeconds.length; s++) {
            work += stageSeconds[s];
            tail += Math.min(longestSecond[s], stageSeconds[s]);
        }
        return new ParallelWork(work / width, tail, width, laterStageRatio(stageSeconds, stageTasks));
    }

    /** The later stages' mean task time over the first stage's; {@value #ONE_STAGE} when there is nothing to compare. */
    private static double laterStageRatio(double[] stageSeconds, int[] stageTasks) {
        double laterSeconds = 0;
        long laterTasks = 0;
        for (int s = 1; s < stageSeconds.length; s++) {
            laterSeconds += stageSeconds[s];
            laterTasks += stageTasks[s];
        }
        if (laterTasks == 0 || stageTasks[0] < 1 || !(stageSeconds[0] > 0) || !(laterSeconds > 0)) {
            return ONE_STAGE;
        }
        return (laterSeconds / laterTasks) / (stageSeconds[0] / stageTasks[0]);
    }

    /** The bound on task seconds for a job of {@code tasks} tasks on {@code cpus} CPUs, were it this run. */
    public double seconds(int tasks, double cpus) {
        double tail = tail(tasks);
        return tail + (tasks * perTaskSeconds - tail) / cpus;
    }

    /**
     * The fewest CPUs (a real number, possibly below 1) with which a job of {@code tasks} tasks would end its tasks
     * within {@code seconds}, were it this run; infinite when no number of CPUs is enough.
     */
    public double cpusWithin(int tasks, double seconds) {
        double tail = tail(tasks);
        double spreadable = tasks * perTaskSeconds - tail;
        if (seconds < tail || (seconds == tail && spreadable > 0)) {
            return Double.POSITIVE_INFINITY;
        }
        return spreadable > 0 ? spreadable / (seconds - tail) : 0;
    }

    /** A narrower job than this run does less work than its tail: then all of its work is tail. */
    private double tail(int tasks) {
        return Math.min(tailSeconds, tasks * perTaskSeconds);
    }
}
