package io.punctual.sizing.justice;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Everything Justice has learned from completed jobs: the state behind TRACK_JOB (Algorithm 1) and the fraction
 * calculation, correction and validation (Algorithms 2 and 3) of the Justice paper. Immutable: {@link #track}
 * returns a new state. {@link JusticeStateCodec} turns it into text and back so it survives restarts.
 *
 * <p>Choices where the paper leaves room, so the numbers can be checked by hand:
 * <ul>
 *   <li>{@code minReqRate = (compTime / deadline) / maxCPUs} is clamped to [0, 1] before it is recorded. The paper
 *       assumes feasible deadlines, under which it never exceeds 1; a job that could not have met its deadline even
 *       at full parallelism would otherwise push {@code MinCPUFrac} above 1 and leave VALIDATE_FRACTION's range
 *       [min, 1] empty.</li>
 *   <li>{@code LastCPUFrac = numCPUsAllocd / maxCPUs} is capped at 1: CPUs beyond the job's parallelism do no
 *       work.</li>
 *   <li>The error is {@code minReqRate − LastCPUFrac} (Algorithm 1, line 10): negative when the last job got more
 *       than it needed, so adding the smoothed error (Algorithm 3) moves the next fraction toward the need.</li>
 *   <li>The paper keeps every error in a list; here the {@link ErrorSmoothing} keeps its running value
 *       ({@link #smoothedError}), which is the same average over all errors, and only the most recent
 *       {@value #RECENT_ERRORS_KEPT} errors are kept ({@link #recentErrors}) for explanation and for
 *       {@link #withSmoothing}. The persisted text therefore stays bounded however many jobs complete.</li>
 * </ul>
 *
 * <p>Before the first tracked job every number is 0 and {@code lastSuccess} is false; they are not used until
 * {@link #LEARNING_THRESHOLD} jobs have been tracked.
 *
 * @param smoothing     how past errors are averaged
 * @param trackedJobs   completed jobs tracked so far
 * @param minFraction   {@code MinCPUFrac}: the least {@code minReqRate} seen, in [0, 1]
 * @param maxFraction   {@code MaxCPUFrac}: the greatest {@code minReqRate} seen, in [minFraction, 1]
 * @param lastFraction  {@code LastCPUFrac}: the allocated share of the last tracked job, in (0, 1]
 * @param lastSuccess   {@code LastSuccess}: whether the last tracked job met its deadline
 * @param smoothedError the smoothed average of all errors so far, in [−1, 1]
 * @param recentErrors  the newest errors, oldest first, at most {@value #RECENT_ERRORS_KEPT}
 */
public record JusticeState(ErrorSmoothing smoothing, long trackedJobs, double minFraction, double maxFraction,
                           double lastFraction, boolean lastSuccess, double smoothedError,
                           List<Double> recentErrors) {

    /** How many of the newest errors are kept verbatim. */
    public static final int RECENT_ERRORS_KEPT = 256;

    /** ESTIMATE_REQ learns only once more than one job has completed ({@code CompletedJobs > 1}). */
    public static final int LEARNING_THRESHOLD = 2;

    public JusticeState {
        Objects.requireNonNull(smoothing, "smoothing");
        recentErrors = List.copyOf(recentErrors);
        if (trackedJobs < 0) {
            throw new IllegalArgumentException("trackedJobs cannot be negative, got " + trackedJobs);
        }
        if (trackedJobs == 0) {
            requireEmpty(minFraction, maxFraction, lastFraction, lastSuccess, smoothedError, recentErrors);
        } else {
            requireLearned(trackedJobs, minFraction, maxFraction, lastFraction, smoothedError, recentErrors);
        }
    }

    /** A state that has tracked nothing yet. */
    public static JusticeState initial(ErrorSmoothing smoothing) {
        return new JusticeState(smoothing, 0, 0, 0, 0, false, 0, List.of());
    }

    /** TRACK_JOB (Algorithm 1): the state after learning from {@code job}. This state is left unchanged. */
    public JusticeState track(CompletedJob job) {
        double maxCpus = job.maxCpus();
        double deadlineCpus = job.cpuSeconds() / Seconds.of(job.deadline());
        double minReqRate = clamp(deadlineCpus / maxCpus, 0, 1);
        double allocated = Math.min(1.0, job.cpusAllocated() / maxCpus);
        double error = minReqRate - allocated;
        long count = trackedJobs + 1;
        boolean first = trackedJobs == 0;
        return new JusticeState(smoothing, count,
                first ? minReqRate : Math.min(minFraction, minReqRate),
                first ? minReqRate : Math.max(maxFraction, minReqRate),
                allocated, job.metDeadline(),
                clamp(smoothing.next(smoothedError, error, count), -1, 1),
                appendBounded(recentErrors, error));
    }

    /** Algorithms 2 and 3: the validated share of maximum parallelism for the next job, with every term. */
    public AllocationFraction allocationFraction() {
        if (trackedJobs < LEARNING_THRESHOLD) {
            return new AllocationFraction.Bootstrap(trackedJobs);
        }
        double anchor = lastSuccess ? minFraction : maxFraction;
        double base = (lastFraction + anchor) / 2;
        double validated = clamp(base + smoothedError, minFraction, 1);
        return new AllocationFraction.Learned(lastFraction, anchor, base, smoothedError, validated);
    }

    /**
     * This state under another smoothing, its smoothed error recomputed from the retained
     * {@link #recentErrors} (older errors are no longer known individually). Use it when the configured smoothing
     * differs from the one the stored state was learned with.
     */
    public JusticeState withSmoothing(ErrorSmoothing newSmoothing) {
        Objects.requireNonNull(newSmoothing, "newSmoothing");
        if (newSmoothing.equals(smoothing)) {
            return this;
        }
        double smoothed = 0;
        long count = 0;
        for (double error : recentErrors) {
            smoothed = newSmoothing.next(smoothed, error, ++count);
        }
        return new JusticeState(newSmoothing, trackedJobs, minFraction, maxFraction, lastFraction, lastSuccess,
                clamp(smoothed, -1, 1), recentErrors);
    }

    private static List<Double> appendBounded(List<Double> errors, double error) {
        int keep = Math.min(errors.size(), RECENT_ERRORS_KEPT - 1);
        List<Double> next = new ArrayList<>(keep + 1);
        next.addAll(errors.subList(errors.size() - keep, errors.size()));
        next.add(error);
        return next;
    }

    static double clamp(double value, double low, double high) {
        return Math.max(low, Math.min(high, value));
    }

    private static void requireEmpty(double min, double max, double last, boolean success, double smoothed,
                                     List<Double> errors) {
        if (min != 0 || max != 0 || last != 0 || success || smoothed != 0 || !errors.isEmpty()) {
            throw new IllegalArgumentException("a state that has tracked no job must have every fraction and error 0,"
                    + " lastSuccess false and no errors; use JusticeState.initial(smoothing)");
        }
    }

    private static void requireLearned(long tracked, double min, double max, double last, double smoothed,
                                       List<Double> errors) {
        if (!(0 <= min && min <= max && max <= 1)) {
            throw new IllegalArgumentException("need 0 ≤ minFraction ≤ maxFraction ≤ 1, got min " + min + ", max " + max);
        }
        if (!(last > 0 && last <= 1)) {
            throw new IllegalArgumentException("lastFraction must be in (0, 1], got " + last);
        }
        if (!(smoothed >= -1 && smoothed <= 1)) {
            throw new IllegalArgumentException("smoothedError must be in [-1, 1], got " + smoothed);
        }
        long expected = Math.min(tracked, RECENT_ERRORS_KEPT);
        if (errors.size() != expected) {
            throw new IllegalArgumentException("expected the newest " + expected + " errors for " + tracked
                    + " tracked jobs, got " + errors.size());
        }
        for (double error : errors) {
            if (!(error >= -1 && error <= 1)) {
                throw new IllegalArgumentException("every error must be in [-1, 1], got " + error);
            }
        }
    }
}
