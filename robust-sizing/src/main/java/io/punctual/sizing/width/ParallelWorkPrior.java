package io.punctual.sizing.width;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalDouble;

/**
 * The splits of the newest finished runs ({@value #KEPT} at most), which stand for a job history has not seen: its
 * need is taken to be a run drawn from them. For a job of a known width and window, each kept run gives the CPUs the
 * job would need were it that run, and the θ-quantile of those needs meets the deadline in θ of the cases the fleet
 * has shown. Runs of about the job's own width say more of it than the fleet as a whole ({@link #like}): a wide job
 * more often shuffles, so a second stage adds to its work per task, while most runs of a fleet are narrow. Immutable:
 * {@link #with} returns a new prior.
 *
 * @param runs the kept splits, oldest first
 */
public record ParallelWorkPrior(List<ParallelWork> runs) {

    /** How many of the newest runs are kept. */
    public static final int KEPT = 500;

    /** Fewer runs than this say too little about a job never seen, and Justice's fraction sizes it instead. */
    public static final int MIN_RUNS = 10;

    /** How many runs of the nearest widths stand for a job of a given width. */
    public static final int NEAREST = 50;

    public ParallelWorkPrior {
        runs = List.copyOf(runs);
    }

    public static ParallelWorkPrior empty() {
        return new ParallelWorkPrior(List.of());
    }

    /** This prior with {@code run} as its newest, the oldest dropped past {@value #KEPT}. */
    public ParallelWorkPrior with(ParallelWork run) {
        List<ParallelWork> next = new ArrayList<>(runs.subList(Math.max(0, runs.size() - KEPT + 1), runs.size()));
        next.add(run);
        return new ParallelWorkPrior(next);
    }

    /**
     * The {@value #NEAREST} runs whose widths are nearest the job's {@code tasks} on a log scale (newer first among
     * equally near; runs of unknown width last), or this prior when it holds no more than that.
     */
    public ParallelWorkPrior like(int tasks) {
        if (runs.size() <= NEAREST) {
            return this;
        }
        Integer[] order = new Integer[runs.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = order.length - 1 - i;
        }
        double log = Math.log(Math.max(1, tasks));
        Arrays.sort(order, Comparator.comparingDouble(i -> distance(runs.get(i), log)));
        List<ParallelWork> near = new ArrayList<>(NEAREST);
        for (int i = 0; i < NEAREST; i++) {
            near.add(runs.get(order[i]));
        }
        return new ParallelWorkPrior(near);
    }

    private static double distance(ParallelWork run, double log) {
        return run.width() == ParallelWork.UNKNOWN_WIDTH ? Double.POSITIVE_INFINITY
                : Math.abs(Math.log(run.width()) - log);
    }

    public boolean usable() {
        return runs.size() >= MIN_RUNS;
    }

    /**
     * The θ-quantile of the later-stage ratio ({@link ParallelWork#laterStageRatio}) over the {@value #NEAREST} runs
     * with later stages whose widths are nearest {@code width}: how much longer than its first stage's tasks a running
     * job's later stage, none of whose tasks has finished, is expected to take. Empty while fewer than
     * {@value #MIN_RUNS} runs had later stages.
     */
    public OptionalDouble laterStageRatio(int width, double theta) {
        List<ParallelWork> staged = runs.stream().filter(ParallelWork::hasLaterStages).toList();
        if (staged.size() < MIN_RUNS) {
            return OptionalDouble.empty();
        }
        List<ParallelWork> near = new ParallelWorkPrior(staged).like(width).runs();
        return OptionalDouble.of(quantile(near.stream().mapToDouble(ParallelWork::laterStageRatio)
                .toArray(), theta));
    }

    /** The θ-quantile of the CPUs a job of {@code width} tasks needs to end its tasks within {@code seconds}. */
    public double cpusWithin(int width, double seconds, double theta) {
        double[] needs = new double[runs.size()];
        for (int i = 0; i < needs.length; i++) {
            needs[i] = runs.get(i).cpusWithin(width, seconds);
        }
        return quantile(needs, theta);
    }

    /** The θ-quantile of the task seconds of a job of {@code width} tasks on {@code cpus} CPUs. */
    public double seconds(int width, double cpus, double theta) {
        double[] seconds = new double[runs.size()];
        for (int i = 0; i < seconds.length; i++) {
            seconds[i] = runs.get(i).seconds(width, cpus);
        }
        return quantile(seconds, theta);
    }

    /** The empirical θ-quantile: the smallest value at least θ of the values do not exceed. */
    static double quantile(double[] values, double theta) {
        if (values.length == 0) {
            throw new IllegalStateException("an empty prior has no quantile; check usable() first");
        }
        if (!(theta > 0 && theta <= 1)) {
            throw new IllegalArgumentException("a quantile's level is in (0, 1], got " + theta);
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(theta * sorted.length - 1e-9) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank))];
    }
}
