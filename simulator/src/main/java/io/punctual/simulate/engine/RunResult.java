package io.punctual.simulate.engine;

import java.util.List;

/**
 * One policy's run over a workload.
 *
 * @param peakCpus    the most CPUs in use at any instant (never above {@code capacity})
 * @param wallSeconds how long the simulation itself took
 */
public record RunResult(String policy, List<JobResult> jobs, Utilisation utilisation, int capacity, double peakCpus,
                        double wallSeconds) {
}
