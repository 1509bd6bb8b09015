package io.punctual.sizing.outcome;

import org.apache.commons.math3.distribution.BetaDistribution;

/**
 * How well a policy met deadlines, in figures that refusing cannot improve: deadlines met over <em>all</em> deadline
 * jobs (a refusal counts as a miss), misses nobody was told of in advance (admitted, then late or killed) over the
 * admitted, with a one-sided 95% upper bound, and the CPU time spent per deadline met (wasted time on missed jobs
 * included). The simulator's summary, the weekly benchmark's summary and the gateway's {@code /metrics} report these
 * same figures under the same names.
 *
 * @param deadlineJobs    jobs that had a deadline, refused ones included
 * @param met             those that finished by it
 * @param admitted        those admitted (given capacity), whatever became of them
 * @param unannounced     admitted ones that then missed: finished late, were killed or failed
 * @param executorSeconds CPU- (executor-) seconds every deadline job held, met or not
 */
public record OutcomeFigures(long deadlineJobs, long met, long admitted, long unannounced, double executorSeconds) {

    /** The confidence of {@link #unannouncedMissRateUpper95()}. */
    public static final double CONFIDENCE = 0.95;

    public OutcomeFigures {
        if (deadlineJobs < 0 || met < 0 || admitted < 0 || unannounced < 0 || met > deadlineJobs
                || admitted > deadlineJobs || unannounced > admitted || met + unannounced > admitted
                || !(executorSeconds >= 0)) {
            throw new IllegalArgumentException("inconsistent outcome counts: " + deadlineJobs + " jobs, " + met
                    + " met, " + admitted + " admitted, " + unannounced + " unannounced misses, " + executorSeconds
                    + " executor-seconds");
        }
    }

    /** Deadlines met over every deadline job; 0 when there were none. */
    public double sdrAll() {
        return deadlineJobs == 0 ? 0 : met / (double) deadlineJobs;
    }

    /** Unannounced misses over the admitted; 0 when nothing was admitted. */
    public double unannouncedMissRate() {
        return admitted == 0 ? 0 : unannounced / (double) admitted;
    }

    /**
     * The one-sided {@value #CONFIDENCE} upper bound of the unannounced miss rate (Clopper-Pearson): the rate the
     * admitted jobs cannot rule out. 1 when nothing was admitted, since then nothing is known.
     */
    public double unannouncedMissRateUpper95() {
        if (admitted == 0 || unannounced == admitted) {
            return 1.0;
        }
        return new BetaDistribution(null, unannounced + 1.0, (double) (admitted - unannounced))
                .inverseCumulativeProbability(CONFIDENCE);
    }

    /** CPU-seconds per deadline met; infinite when none was met. */
    public double executorSecondsPerMet() {
        return met == 0 ? Double.POSITIVE_INFINITY : executorSeconds / met;
    }
}
