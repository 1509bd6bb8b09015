package io.punctual.sizing.justice;

import java.time.Duration;

/**
 * ESTIMATE_REQ of the Justice paper (Algorithm 4, lines 21–30): the CPUs a job should get so it just meets its
 * deadline, as the learned fraction of its maximum parallelism, scaled up by {@code deadline / (deadline − queued)}
 * for the time it has already waited.
 *
 * <p>While fewer than {@link JusticeState#LEARNING_THRESHOLD} jobs have been tracked, a job gets its full maximum
 * parallelism and no queue scaling, as in the paper. {@code ceil} tolerates {@value #CEIL_TOLERANCE} of rounding
 * noise, so that e.g. 0.3 × 10 CPUs is 3 CPUs, not 4.
 */
public final class JusticeEstimator {

    static final double CEIL_TOLERANCE = 1e-9;

    private JusticeEstimator() {
    }

    /** The Sizer's entry point: CPUs and executors for {@code job} from what {@code state} has learned. */
    public static CpuEstimate estimate(JusticeState state, JobDemand job) {
        return estimate(state.allocationFraction(), job);
    }

    /**
     * ESTIMATE_REQ from an already computed fraction, which depends only on the learned state — so an admission
     * round computes it once for all queued jobs.
     */
    public static CpuEstimate estimate(AllocationFraction fraction, JobDemand job) {
        Duration timeLeft = job.timeToDeadline();
        if (timeLeft.isNegative() || timeLeft.isZero()) {
            return new CpuEstimate.Unmeetable(CpuEstimate.Reason.DEADLINE_PASSED, Double.POSITIVE_INFINITY,
                    job.maxCpus(), "the job has waited " + job.queued() + ", not less than its deadline "
                    + job.deadline() + "; no time is left to run it");
        }
        int maxCpus = job.maxCpus();
        double queueScale = fraction instanceof AllocationFraction.Learned
                ? Seconds.of(job.deadline()) / Seconds.of(timeLeft)
                : 1.0;
        double scaled = fraction.value() * queueScale;
        double needed = scaled * maxCpus;
        if (needed > maxCpus + CEIL_TOLERANCE) {
            return new CpuEstimate.Unmeetable(CpuEstimate.Reason.EXCEEDS_MAX_PARALLELISM, needed, maxCpus,
                    String.format("needs %.2f CPUs (fraction %.4f × queue scale %.4f × %d) but at most %d can work"
                            + " on it (min of %d tasks and %d CPUs of capacity)", needed, fraction.value(),
                            queueScale, maxCpus, maxCpus, job.maxParallelism(), job.capacityCpus()));
        }
        int cpus = Math.max((int) Math.ceil(needed - CEIL_TOLERANCE), 1);
        int executors = ceilDiv(cpus, job.coresPerExecutor());
        long granted = (long) executors * job.coresPerExecutor();
        if (granted > job.capacityCpus()) {
            return new CpuEstimate.Unmeetable(CpuEstimate.Reason.EXCEEDS_CAPACITY_IN_WHOLE_EXECUTORS, granted,
                    job.capacityCpus(), cpus + " CPUs need " + executors + " executors of " + job.coresPerExecutor()
                    + " cores = " + granted + " CPUs, more than the capacity of " + job.capacityCpus());
        }
        return new CpuEstimate.Sized(cpus, executors, (int) granted, maxCpus, scaled, queueScale, fraction);
    }

    private static int ceilDiv(int dividend, int divisor) {
        return -Math.floorDiv(-dividend, divisor);
    }
}
