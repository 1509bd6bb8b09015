package io.punctual.submit.launch;

import io.punctual.submit.request.SubmitArguments;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.memory.ClusterLayout;
import io.punctual.yarn.memory.InMemoryClusterGateway;
import io.punctual.yarn.memory.ManualClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;

/** The in-memory launcher keeps the launcher contract on the in-memory cluster. */
class InMemoryLauncherContractTest extends LauncherContract {

    private final ManualClock clock = new ManualClock(Instant.parse("2026-11-24T09:00:00Z"));
    private final InMemoryClusterGateway cluster = new InMemoryClusterGateway(ClusterLayout.embedded(), clock);
    private final InMemoryLauncher launcher = InMemoryLauncher.running(cluster, Duration.ofSeconds(30));

    @TempDir
    Path tmp;

    @Override
    Launcher launcher() {
        return launcher;
    }

    @Override
    ClusterGateway cluster() {
        return cluster;
    }

    @Override
    String queue() {
        return "adhoc";
    }

    @Override
    SparkRuntime runtime() {
        return new SparkRuntime(tmp.resolve("spark"), new io.punctual.submit.launch.SparkJars.FromDistribution(), java.util.List.of());
    }

    @Override
    Path work() {
        return tmp;
    }

    @Override
    SubmitArguments application() {
        return SubmitArguments.parse(List.of("--class", "io.punctual.workloads.SyntheticStages", "app.jar", "1", "1",
                "100"));
    }

    @Override
    void passTime(Duration duration) {
        clock.advance(duration);
    }
}
