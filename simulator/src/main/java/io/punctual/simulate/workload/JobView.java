package io.punctual.simulate.workload;

/**
 * What a policy may know of a job at its arrival: no task times (those it must learn or guess).
 *
 * @param maxParallelism its widest stage's task count (Justice's {@code requestedTasks})
 * @param inputBytes     the bytes it reads: what a gateway would find by measuring its input paths (0 when unknown)
 */
public record JobView(int index, String id, String key, double arrival, double deadlineSeconds, int maxParallelism,
                      long inputBytes) {

    /** A job whose input is not known. */
    public JobView(int index, String id, String key, double arrival, double deadlineSeconds, int maxParallelism) {
        this(index, id, key, arrival, deadlineSeconds, maxParallelism, 0);
    }

    public double due() {
        return arrival + deadlineSeconds;
    }
}
