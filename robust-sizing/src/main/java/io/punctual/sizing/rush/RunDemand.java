package io.punctual.sizing.rush;

/**
 * One past run's demand and the executor count it ran with: RUSH's demand v (RUSH §II) is container-time, and how
 * much of it a run needs depends on how many executors it had (start-up per executor, contention), so a run's demand
 * is only comparable with runs at its own count.
 *
 * @param executors   executors the run had, at least 1
 * @param coreSeconds its demand in executor-core-seconds, at least 0
 */
public record RunDemand(int executors, double coreSeconds) {

    public RunDemand {
        if (executors < 1) {
            throw new IllegalArgumentException("a run had at least one executor, got " + executors);
        }
        if (!(coreSeconds >= 0) || Double.isInfinite(coreSeconds)) {
            throw new IllegalArgumentException("a run's demand is finite and >= 0, got " + coreSeconds);
        }
    }
}
