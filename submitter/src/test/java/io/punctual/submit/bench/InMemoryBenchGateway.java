package io.punctual.submit.bench;

import io.punctual.submit.home.Install;
import io.punctual.submit.home.PunctualHome;
import io.punctual.submit.config.ConfigSource;
import io.punctual.submit.gateway.Gateway;
import io.punctual.submit.launch.InMemoryLauncher;
import io.punctual.submit.launch.SparkJars;
import io.punctual.submit.launch.SparkRuntime;
import io.punctual.yarn.memory.ClusterLayout;
import io.punctual.yarn.memory.InMemoryClusterGateway;
import io.punctual.yarn.memory.ManualClock;
import io.punctual.submit.DirectoryCopy;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A real gateway (configured with a copy of {@code conf/embedded}) over the in-memory cluster, whose clock runs
 * {@code speed} times faster than the wall clock and whose applications run for {@code runTime} of it: what the bench's unit tests
 * drive over HTTP, as the bench drives a gateway. The team's local files ({@code ../../workloads/target}) hold the
 * test's jar; the team sizes its jobs to one executor at most.
 */
final class InMemoryBenchGateway implements AutoCloseable {

    final ManualClock clock = new ManualClock(Instant.now());
    final InMemoryClusterGateway cluster = new InMemoryClusterGateway(ClusterLayout.embedded(), clock);
    final InMemoryLauncher launcher;
    final Gateway gateway;
    final GatewayClient client;
    final Path jar;
    private final ScheduledExecutorService time = Executors.newSingleThreadScheduledExecutor();

    /** @param speed how many times faster than the wall clock the cluster's clock runs */
    InMemoryBenchGateway(Path tmp, Duration runTime, int speed) throws IOException {
        Path confDir = DirectoryCopy.of(Install.fromSystemProperty().orElseThrow().root().resolve("conf/embedded"),
                tmp.resolve("conf/embedded"));
        // Small reservations, so that two of the team's jobs fit in the plan side by side.
        Files.writeString(confDir.resolve("teams/analytics.conf"), "\npunctual.team.max-executors = 1\n",
                java.nio.file.StandardOpenOption.APPEND);
        jar = Files.writeString(Files.createDirectories(tmp.resolve("workloads/target")).resolve("job.jar"), "jar");
        time.scheduleAtFixedRate(() -> clock.advance(Duration.ofMillis(20L * speed)), 20, 20, TimeUnit.MILLISECONDS);
        launcher = InMemoryLauncher.running(cluster, runTime);
        gateway = Gateway.start(new Gateway.Setup(ConfigSource.open(confDir, Map.of(), clock), cluster, tmp,
                new PunctualHome(tmp.resolve("gateway-home")), new SparkRuntime(tmp.resolve("spark"),
                new SparkJars.FromDistribution(), List.of()), clock, "127.0.0.1", 0, Optional.empty(), launcher));
        client = new GatewayClient(URI.create("http://127.0.0.1:" + gateway.port()), "analytics-local-token-0001");
    }


    @Override
    public void close() {
        time.shutdownNow();
        gateway.close();
    }
}
