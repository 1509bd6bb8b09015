package io.punctual.submit.gateway;

import io.punctual.submit.Install;
import io.punctual.submit.PunctualHome;
import io.punctual.submit.config.ConfigSource;
import io.punctual.submit.launch.SparkRuntime;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.embedded.EmbeddedYarn;
import io.punctual.yarn.embedded.EmbeddedYarnSpec;
import io.punctual.yarn.queues.DonorTeamQueues;
import io.punctual.yarn.queues.QueueOccupancy;
import io.punctual.yarn.queues.SchedulerConfRest;
import io.punctual.yarn.queues.TeamQueueLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;

/**
 * A gateway in the test JVM over a real embedded YARN, configured with {@code conf/embedded}: what a test class that
 * talks to the gateway over HTTP starts once in {@code @BeforeAll} and closes in {@code @AfterAll}.
 */
final class EmbeddedGateway implements AutoCloseable {

    final EmbeddedYarn yarn;
    final ClusterGateway cluster;
    final Gateway gateway;
    final String base;
    final String jar;

    private EmbeddedGateway(EmbeddedYarn yarn, ClusterGateway cluster, Gateway gateway, String jar) {
        this.yarn = yarn;
        this.cluster = cluster;
        this.gateway = gateway;
        this.base = "http://127.0.0.1:" + gateway.port();
        this.jar = jar;
    }

    static EmbeddedGateway start(Path work) throws IOException {
        Install install = Install.fromSystemProperty().orElseThrow();
        Files.createDirectories(work);
        PunctualHome home = new PunctualHome(work.resolve("home-" + System.nanoTime()));
        EmbeddedYarn yarn = EmbeddedYarn.start(EmbeddedYarnSpec.defaults(), work.resolve("conf"));
        ClusterGateway cluster = yarn.gateway();
        ConfigSource config = ConfigSource.open(install.root().resolve("conf/embedded"), Map.of(), Clock.systemUTC());
        SparkRuntime runtime = SparkRuntime.thin(work.resolve("spark"), install.requireSparkClasspath(),
                Path.of(System.getProperty("java.home"), "bin", "java"));
        var teamQueues = new DonorTeamQueues(SchedulerConfRest.at(yarn.resourceManagerWebAddress(),
                System.getProperty("user.name")), TeamQueueLayout.underRoot("adhoc"), QueueOccupancy.of(cluster));
        Gateway gateway = Gateway.start(new Gateway.Setup(config, cluster, yarn.confDir(), home, runtime,
                Clock.systemUTC(), "127.0.0.1", 0, Optional.of(teamQueues)));
        return new EmbeddedGateway(yarn, cluster, gateway, install.requireWorkloadsJar().toString());
    }

    @Override
    public void close() {
        gateway.close();
        cluster.close();
        yarn.close();
    }
}
