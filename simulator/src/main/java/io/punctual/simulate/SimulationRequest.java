package io.punctual.simulate;

import io.punctual.simulate.cluster.ClusterSpec;
import io.punctual.simulate.workload.DeadlineType;
import io.punctual.simulate.workload.TaskModel;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One {@code punctual simulate} invocation: the trace ({@code synthetic:<spec>} or a SWIM file), the cluster, the
 * policies to compare on the same jobs, the deadline type, the seed and where to write the report.
 */
public record SimulationRequest(String trace, ClusterSpec cluster, List<String> policies, DeadlineType deadlines,
                                long seed, Optional<Path> reportDir, TaskModel model) {

    public SimulationRequest {
        Objects.requireNonNull(trace, "trace");
        Objects.requireNonNull(cluster, "cluster");
        policies = List.copyOf(policies);
        Objects.requireNonNull(deadlines, "deadlines");
        Objects.requireNonNull(reportDir, "reportDir");
        Objects.requireNonNull(model, "model");
    }
}
