package io.punctual.submit.gateway;

import io.punctual.submit.home.Install;
import io.punctual.submit.home.PunctualHome;
import io.punctual.submit.assembly.Assembly;
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
    /** The configuration directory the gateway reads (a copy of {@code conf/embedded}'s when lines were added). */
    final Path confDir;

    private EmbeddedGateway(EmbeddedYarn yarn, ClusterGateway cluster, Gateway gateway, String jar, Path confDir) {
        this.confDir = confDir;
        this.yarn = yarn;
        this.cluster = cluster;
        this.gateway = gateway;
        this.base = "http://127.0.0.1:" + gateway.port();
        this.jar = jar;
    }

    static EmbeddedGateway start(Path work) throws IOException {
        return start(work, "");
    }

    /** A gateway whose site file is {@code conf/embedded}'s with {@code siteLines} added at its end. */
    static EmbeddedGateway start(Path work, String siteLines) throws IOException {
        return start(work, siteLines, Optional.empty());
    }

    /**
     * As above, the teams also allowed to ship the files of {@code teamDir}. The site's {@code punctual.spark}
     * settings apply to the runtime as {@code punctual serve} applies them.
     */
    static EmbeddedGateway start(Path work, String siteLines, Optional<Path> teamDir) throws IOException {
        Install install = Install.fromSystemProperty().orElseThrow();
        Files.createDirectories(work);
        Path confDir = install.root().resolve("conf/embedded");
        if (!siteLines.isEmpty() || teamDir.isPresent()) {
            confDir = copyConf(confDir, work.resolve("conf-" + System.nanoTime()), siteLines, teamDir);
        }
        PunctualHome home = new PunctualHome(work.resolve("home-" + System.nanoTime()));
        EmbeddedYarn yarn = EmbeddedYarn.start(EmbeddedYarnSpec.defaults(), work.resolve("conf"));
        ClusterGateway cluster = yarn.gateway();
        ConfigSource config = ConfigSource.open(confDir, Map.of(), Clock.systemUTC());
        SparkRuntime runtime = Assembly.sparkRuntime(config.current().site().spark(),
                SparkRuntime.thin(work.resolve("spark"), install.requireSparkClasspath(),
                        Path.of(System.getProperty("java.home"), "bin", "java")), true, yarn.confDir());
        var teamQueues = new DonorTeamQueues(SchedulerConfRest.at(yarn.resourceManagerWebAddress(),
                System.getProperty("user.name")), TeamQueueLayout.underRoot("adhoc"), QueueOccupancy.of(cluster));
        Gateway gateway = Gateway.start(new Gateway.Setup(config, cluster, yarn.confDir(), home, runtime,
                Clock.systemUTC(), "127.0.0.1", 0, Optional.of(teamQueues)));
        return new EmbeddedGateway(yarn, cluster, gateway, install.requireWorkloadsJar().toString(), confDir);
    }

    /**
     * A copy of the configuration directory with lines added to its site file; the teams' relative local-dirs are
     * made absolute, so they still point at the installation's workloads.
     */
    private static Path copyConf(Path from, Path to, String siteLines, Optional<Path> teamDir) throws IOException {
        String extra = teamDir.map(d -> ", \"" + d.toAbsolutePath() + "\"").orElse("");
        Files.createDirectories(to.resolve("teams"));
        Files.writeString(to.resolve("site.conf"), Files.readString(from.resolve("site.conf")) + "\n" + siteLines
                + "\n");
        try (var teams = Files.list(from.resolve("teams"))) {
            for (Path team : teams.toList()) {
                Files.writeString(to.resolve("teams").resolve(team.getFileName()), Files.readString(team)
                        .replace("\"../../workloads/target\"", "\"" + from.resolve("../../workloads/target")
                                .normalize() + "\"" + extra));
            }
        }
        return to;
    }

    @Override
    public void close() {
        gateway.close();
        cluster.close();
        yarn.close();
    }
}
