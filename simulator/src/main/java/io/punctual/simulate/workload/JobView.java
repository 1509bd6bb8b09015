package io.punctual.simulate.workload;

/**
 * What a policy may know of a job at its arrival: no task times (those it must learn or guess).
 *
 * @param maxParallelism its widest stage's task count (Justice's {@code requestedTasks})
 */
public record JobView(int index, String id, String key, double arrival, double deadlineSeconds, int maxParallelism) {

    public double due() {
        return arrival + deadlineSeconds;
    }
}
