package io.punctual.submit.bench;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The gateway a weekly run goes through, and what the bench needs to know around it: an in-process gateway over an
 * embedded YARN under the bench home (started by the command, closed with this), or a running one.
 *
 * @param label           {@code embedded}, or the running gateway's URL (what {@code run.json} records)
 * @param eventLogs       where the gateway's applications leave their event logs
 * @param clusterVcores   the cluster's vcores, when known (contention needs them)
 * @param clusterMemoryMb the cluster's memory, when known
 * @param bestEffortQueue the site's queue for work without a deadline, where the background runs
 * @param jar             the workloads jar, as the gateway reads it
 * @param shares          the team's queue and the plan queue as YARN reported them, when the bench could read them
 * @param hostCores       the cores of the machine an embedded cluster runs on; empty through a running gateway
 * @param resources       what closing the target stops (the embedded gateway and cluster)
 */
public record BenchTarget(GatewayClient client, String label, EventLogs eventLogs, Optional<Integer> clusterVcores,
                          Optional<Long> clusterMemoryMb, String bestEffortQueue, String jar, Path benchHome,
                          Optional<PolicyShares> shares, Optional<Integer> hostCores, AutoCloseable resources)
        implements AutoCloseable {

    /** This target with the background load in {@code queue}. */
    public BenchTarget withBestEffortQueue(String queue) {
        return new BenchTarget(client, label, eventLogs, clusterVcores, clusterMemoryMb, queue, jar, benchHome, shares,
                hostCores, resources);
    }

    @Override
    public void close() {
        try {
            resources.close();
        } catch (Exception e) {
            throw new IllegalStateException("could not stop the bench's gateway: " + e.getMessage(), e);
        }
    }
}
