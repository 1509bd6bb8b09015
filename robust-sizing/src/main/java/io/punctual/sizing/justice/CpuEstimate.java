package io.punctual.sizing.justice;

/** The outcome of ESTIMATE_REQ for one job: a size, or the reason no size can meet the deadline. */
public sealed interface CpuEstimate permits CpuEstimate.Sized, CpuEstimate.Unmeetable {

    /**
     * CPUs that should let the job meet its deadline.
     *
     * @param cpus        {@code reqCpus = max(ceil(fraction × maxCpus), 1)}, in [1, maxCpus]
     * @param executors   {@code ceil(cpus / coresPerExecutor)}
     * @param grantedCpus {@code executors × coresPerExecutor}: what the job really takes from the cluster
     * @param maxCpus     {@code min(maxParallelism, capacity)}
     * @param fraction    the share of {@code maxCpus} applied: {@code basis.value() × queueScale}
     * @param queueScale  {@code deadline / (deadline − queued)} (Algorithm 4, line 26); 1 while bootstrapping
     * @param basis       the learned fraction before the queue-time adjustment, with its terms
     */
    record Sized(int cpus, int executors, int grantedCpus, int maxCpus, double fraction, double queueScale,
                 AllocationFraction basis) implements CpuEstimate {
    }

    /**
     * No allocation can meet the deadline.
     *
     * @param reason      which condition failed
     * @param neededCpus  CPUs the job would need (infinite when its deadline has passed)
     * @param limitCpus   the bound it exceeds (max parallelism, or cluster capacity)
     * @param explanation one sentence for operators
     */
    record Unmeetable(Reason reason, double neededCpus, int limitCpus, String explanation) implements CpuEstimate {
    }

    /** Why a job cannot be sized to meet its deadline. */
    enum Reason {
        /** The time already spent queued is at least the deadline: no time is left. */
        DEADLINE_PASSED,
        /**
         * The fraction scaled for queue time needs more CPUs than {@code min(tasks, capacity)}
         * (Algorithm 4, line 5): more CPUs could not make it faster.
         */
        EXCEEDS_MAX_PARALLELISM,
        /** The CPUs fit, but rounded up to whole executors they exceed the cluster's capacity. */
        EXCEEDS_CAPACITY_IN_WHOLE_EXECUTORS
    }
}
