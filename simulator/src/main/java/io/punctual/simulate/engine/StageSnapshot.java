package io.punctual.simulate.engine;

/**
 * One stage of a running job as its event log would show it now: what a re-planning policy may read of it. A stage's
 * tasks all take the run's task time, so a finished task's duration is that time; a stage not reached yet shows
 * none finished and none running.
 *
 * @param taskSeconds what each of its finished tasks took (meaningful once {@code finished > 0})
 * @param runningFor  how long its running tasks have run
 */
public record StageSnapshot(int tasks, int finished, int running, double taskSeconds, double runningFor) {

    public StageSnapshot {
        if (tasks < 1 || finished < 0 || running < 0 || finished + running > tasks) {
            throw new IllegalArgumentException("a stage of " + tasks + " tasks cannot have " + finished
                    + " finished and " + running + " running");
        }
    }
}
