package io.punctual.simulate.engine;

/**
 * One job's fate under one policy: a row of {@code jobs.csv}, from which every metric can be recomputed.
 *
 * @param arrival       seconds from the trace's start
 * @param deadline      the absolute deadline, in the same seconds
 * @param start         when it started running (NaN if it never did)
 * @param finish        when it ended: finished or killed (NaN if it never ran)
 * @param cpuSeconds    CPU-seconds it held (wasted when it missed)
 * @param allocatedCpus its allocation, time-averaged over its run (0 if it never ran)
 * @param dropped       refused or dropped without running
 * @param reason        why it was dropped or killed, else empty
 * @param requestedCpus its demand: the widest stage's task count (the denominator of Justice's fairness)
 */
public record JobResult(String policy, String job, double arrival, double deadline, boolean admitted, double start,
                        double finish, boolean metDeadline, double cpuSeconds, double allocatedCpus, boolean dropped,
                        String reason, int requestedCpus) {

    public boolean ran() {
        return !Double.isNaN(start);
    }

    public boolean killed() {
        return ran() && !metDeadline && !reason.isEmpty();
    }
}
