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
 */
public record ParallelWork(double perTaskSeconds, double tailSeconds) {

    public ParallelWork {
        if (!(perTaskSeconds >= 0) || !(tailSeconds >= 0) || Double.isInfinite(perTaskSeconds)
                || Double.isInfinite(tailSeconds)) {
            throw new IllegalArgumentException("a run's work per task and tail are finite seconds ≥ 0, got "
                    + perTaskSeconds + " and " + tailSeconds);
        }
    }

    /**
     * The split of a run from its stages.
     *
     * @param stageSeconds  each stage's total task seconds
     * @param longestSecond each stage's longest task, in the same order
     * @param width         tasks of the widest stage, at least 1
     */
    public static ParallelWork of(double[] stageSeconds, double[] longestSecond, int width) {
        if (stageSeconds.length != longestSecond.length || width < 1) {
            throw new IllegalArgumentException("need one longest task per stage and a width ≥ 1, got "
                    + stageSeconds.length + " stages, " + longestSecond.length + " longest tasks, width " + width);
        }
        double work = 0;
        double tail = 0;
        for (int s = 0; s < stageSeconds.length; s++) {
            work += stageSeconds[s];
            tail += Math.min(longestSecond[s], stageSeconds[s]);
        }
        return new ParallelWork(work / width, tail);
    }

    /** The bound on task seconds for a job of {@code width} tasks on {@code cpus} CPUs, were it this run. */
    public double seconds(int width, double cpus) {
        double tail = tail(width);
        return tail + (width * perTaskSeconds - tail) / cpus;
    }

    /**
     * The fewest CPUs (a real number, possibly below 1) with which a job of {@code width} tasks would end its tasks
     * within {@code seconds}, were it this run; infinite when no number of CPUs is enough.
     */
    public double cpusWithin(int width, double seconds) {
        double tail = tail(width);
        double spreadable = width * perTaskSeconds - tail;
        if (seconds < tail || (seconds == tail && spreadable > 0)) {
            return Double.POSITIVE_INFINITY;
        }
        return spreadable > 0 ? spreadable / (seconds - tail) : 0;
    }

    /** A narrower job than this run does less work than its tail: then all of its work is tail. */
    private double tail(int width) {
        return Math.min(tailSeconds, width * perTaskSeconds);
    }
}
