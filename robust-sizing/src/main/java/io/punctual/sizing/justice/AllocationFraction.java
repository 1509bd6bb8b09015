package io.punctual.sizing.justice;

/**
 * The share of a job's maximum parallelism Justice would give a new job before the queue-time adjustment
 * (Algorithms 2 and 3 of the Justice paper). Every term is kept so {@code explain} can show it.
 */
public sealed interface AllocationFraction permits AllocationFraction.Bootstrap, AllocationFraction.Learned {

    /** The fraction in [0, 1] to multiply the job's maximum CPUs by. */
    double value();

    /**
     * Too few jobs tracked to learn from (ESTIMATE_REQ's {@code CompletedJobs > 1} test fails): the job gets its
     * full maximum parallelism, as the paper bootstraps the system.
     *
     * @param trackedJobs completed jobs tracked so far (0 or 1)
     */
    record Bootstrap(long trackedJobs) implements AllocationFraction {
        @Override
        public double value() {
            return 1.0;
        }
    }

    /**
     * A fraction learned from tracked jobs.
     *
     * @param lastFraction {@code LastCPUFrac}: the allocated share of the last completed job
     * @param anchor       {@code MinCPUFrac} after a success, {@code MaxCPUFrac} after a miss (Algorithm 2)
     * @param base         {@code (lastFraction + anchor) / 2} (Algorithm 2, line 7)
     * @param correction   the smoothed average of past errors added to {@code base} (Algorithm 3, line 2)
     * @param validated    {@code base + correction} clamped to [{@code MinCPUFrac}, 1] (VALIDATE_FRACTION)
     */
    record Learned(double lastFraction, double anchor, double base, double correction, double validated)
            implements AllocationFraction {
        @Override
        public double value() {
            return validated;
        }
    }
}
