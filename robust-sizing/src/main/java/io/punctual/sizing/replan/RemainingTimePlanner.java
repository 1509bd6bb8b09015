package io.punctual.sizing.replan;

import io.punctual.sizing.rush.DemandDistribution;
import io.punctual.sizing.rush.GaussianEstimator;
import io.punctual.sizing.rush.Robustness;
import io.punctual.sizing.rush.WorstCaseDemandSearch;
import java.util.List;

/**
 * Re-planning a running job from its progress (DESIGN.md §9; issue 25): the remaining time at any executor count,
 * and the fewest executors that still meet the deadline at confidence θ.
 *
 * <p>Each stage's remaining work is RUSH's re-estimate (§IV, the Gaussian distribution estimator, accurate after
 * about 35% of the tasks): its {@code r} pending tasks need N(r·μ, r·s²) container-seconds, from the stage's own
 * finished task times (μ, s), and the KL-robust θ-quantile of that is the work planned for. A running task needs
 * what the stage's mean leaves of it. A stage with fewer than two finished tasks has no spread to learn from and
 * is planned at its expected task time, without inflation. At {@code S} slots (executors × cores) a stage takes its
 * work over min(S, tasks left) slots, and never less than one task; stages run one after another.
 *
 * <p>Hysteresis: a job shrinks only when the smaller count meets the deadline with {@code slack} of the time left
 * to spare, so that a job on the boundary is not resized back and forth.
 */
public final class RemainingTimePlanner {

    private static final int BINS = 400;
    /** A spread below this share of the expected work is rounding error, not variation between tasks. */
    private static final double SPREAD_FLOOR = 1e-9;

    private final Robustness robustness;
    private final double slack;

    /**
     * @param theta confidence the deadline must be met with (RUSH's θ)
     * @param delta RUSH's KL radius around the re-estimated distribution
     * @param slack share of the time left a shrink must keep spare, in [0, 1)
     */
    public RemainingTimePlanner(double theta, double delta, double slack) {
        if (!(slack >= 0 && slack < 1)) {
            throw new IllegalArgumentException("slack must be in [0, 1), got " + slack);
        }
        this.robustness = Robustness.of(theta, delta);
        this.slack = slack;
    }

    /** Seconds until the job ends at θ with {@code executors} executors of {@code cores} cores from now on. */
    public double remainingSeconds(List<StageProgress> stages, int executors, int cores) {
        return seconds(work(stages), executors, cores);
    }

    /**
     * The executor count from now on for a job running with {@code current} executors, {@code secondsLeft} before
     * its deadline, allowed up to {@code most} (its width, the team's cap and what the plan has free).
     */
    public Replan plan(List<StageProgress> stages, int current, int most, int cores, double secondsLeft) {
        if (current < 1 || most < current) {
            throw new IllegalArgumentException("need 1 <= current <= most, got " + current + ", " + most);
        }
        // The work left does not depend on the count: estimated once, then spread over each count tried.
        List<StageWork> work = work(stages);
        double now = seconds(work, current, cores);
        if (now > secondsLeft) {
            for (int n = current + 1; n <= most; n++) {
                double at = seconds(work, n, cores);
                if (at <= secondsLeft) {
                    return new Replan.Grow(n, at);
                }
            }
            double atMost = seconds(work, most, cores);
            return new Replan.PredictedMiss(most, atMost, atMost - Math.max(0, secondsLeft));
        }
        for (int n = 1; n < current; n++) {
            double at = seconds(work, n, cores);
            if (at <= secondsLeft * (1 - slack)) {
                return new Replan.Shrink(n, at);
            }
        }
        return new Replan.Keep(current, now);
    }

    /**
     * What a stage has left, whatever the count: its θ-work in container-seconds, the longest single task it must
     * still wait for, and how many tasks can run at once.
     */
    private record StageWork(double work, double oneTask, int tasksLeft) {
        double seconds(double slots) {
            return tasksLeft == 0 ? 0 : Math.max(work / Math.min(slots, tasksLeft), oneTask);
        }
    }

    private static double seconds(List<StageWork> work, int executors, int cores) {
        if (executors < 1 || cores < 1) {
            throw new IllegalArgumentException("executors and cores must be >= 1, got " + executors + ", " + cores);
        }
        double slots = (double) executors * cores;
        double total = 0;
        for (StageWork stage : work) {
            total += stage.seconds(slots);
        }
        return total;
    }

    private List<StageWork> work(List<StageProgress> stages) {
        return stages.stream().map(this::stageWork).toList();
    }

    private StageWork stageWork(StageProgress stage) {
        if (stage.done()) {
            return new StageWork(0, 0, 0);
        }
        double[] finished = stage.finishedSeconds();
        double mean = finished.length == 0 ? stage.expectedTaskSeconds() : mean(finished);
        double pendingWork = stage.pending() == 0 ? 0 : pendingWork(finished, stage.pending(), mean);
        double runningWork = 0;
        double longestRunning = 0;
        for (double elapsed : stage.runningElapsed()) {
            double left = Math.max(0, mean - elapsed);
            runningWork += left;
            longestRunning = Math.max(longestRunning, left);
        }
        int tasksLeft = stage.pending() + stage.runningElapsed().length;
        double oneTask = stage.pending() > 0 ? Math.max(mean, longestRunning) : longestRunning;
        return new StageWork(pendingWork + runningWork, oneTask, tasksLeft);
    }

    /** The KL-robust θ-quantile of N(r·μ, r·s²), or r·μ while fewer than two tasks have finished. */
    private double pendingWork(double[] finished, int pending, double mean) {
        if (finished.length < 2) {
            return pending * mean;
        }
        double variance = 0;
        for (double s : finished) {
            variance += (s - mean) * (s - mean);
        }
        variance /= finished.length - 1;
        double spread = Math.sqrt(pending * variance);
        // Equal task times leave only rounding error as spread: too narrow to bin, and nothing to be robust against.
        if (!(spread > SPREAD_FLOOR * pending * mean)) {
            return pending * mean;
        }
        DemandDistribution reference = GaussianEstimator.quantize(pending * mean, spread, BINS);
        return WorstCaseDemandSearch.search(reference, robustness).eta();
    }

    private static double mean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }
}
