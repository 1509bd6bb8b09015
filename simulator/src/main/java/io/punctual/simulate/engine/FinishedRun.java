package io.punctual.simulate.engine;

import io.punctual.simulate.workload.JobView;
import io.punctual.simulate.workload.SimJob;

/**
 * A run that completed, as its event log would tell it: when it ran, on what, what its tasks took.
 *
 * @param cpus       its allocation (the time average, when a sharing policy moved it)
 * @param cpuSeconds CPU-seconds it held
 * @param stages     its stages as they ran: task counts and task seconds
 */
public record FinishedRun(JobView job, double start, double finish, double cpus, double cpuSeconds, boolean met,
                          SimJob.Stages stages, double launchSeconds) {
}
