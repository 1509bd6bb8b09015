package io.punctual.submit.cli;

import io.punctual.submit.home.PunctualHome;
import io.punctual.submit.assembly.Assembly;
import io.punctual.submit.bench.BenchTarget;
import io.punctual.submit.bench.EventLogs;
import io.punctual.submit.bench.GatewayClient;
import io.punctual.submit.config.ConfigSource;
import io.punctual.submit.config.InvalidConfigException;
import io.punctual.submit.gateway.Gateway;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.hadoop.YarnGateways;
import io.punctual.sizing.Resources;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The gateway {@code punctual bench run} measures through: by default one started in this process over an embedded
 * YARN, both under the bench home (as {@code punctual serve --embedded} runs them), or a running one given by URL.
 * Whatever can be checked without starting anything (the configuration, the token, the gateway answering) is
 * checked first.
 */
final class BenchTargets {

    /** The embedded configuration's local token for team analytics (conf/embedded/teams/analytics.conf). */
    static final String EMBEDDED_TOKEN = "analytics-local-token-0001";

    private BenchTargets() {
    }

    /** What the embedded target will be, checked: its configuration loads and has a team for the token. */
    record EmbeddedPlan(Path confDir, ConfigSource config, String token) {
    }

    static EmbeddedPlan checkEmbedded(Optional<String> confFlag, Optional<String> token, CliContext context) {
        Path confDir = ConfDirs.dir(confFlag, context, true);
        ConfigSource config;
        try {
            config = ConfigSource.open(confDir, context.env(), context.clock());
        } catch (InvalidConfigException e) {
            throw new UsageException("the configuration in " + confDir + " is invalid:\n" + e.getMessage());
        }
        String secret = token.or(() -> Optional.ofNullable(context.env().get("PUNCTUAL_ANALYTICS_TOKEN")))
                .orElse(EMBEDDED_TOKEN);
        if (config.current().teamForToken(secret).isEmpty()) {
            throw new UsageException("no team in " + confDir + " has the token the bench would use; pass --token"
                    + " with the token of the team to run as");
        }
        return new EmbeddedPlan(confDir, config, secret);
    }

    /** Starts the embedded YARN and a gateway on a free local port, both living in the bench home. */
    static BenchTarget embedded(EmbeddedPlan plan, Path benchHome, CliContext context) {
        PunctualHome home = new PunctualHome(benchHome);
        CliContext inHome = new CliContext(context.env(), context.in(), context.out(), context.err(), context.clock(),
                home, context.cwd(), context.install());
        var site = plan.config().current().site();
        ClusterSession cluster = ClusterSession.open(true, inHome);
        try {
            Gateway gateway = Gateway.start(new Gateway.Setup(plan.config(), cluster.gateway(), cluster.confDir(),
                    home, Assembly.sparkRuntime(site.spark(), SubmissionRunner.runtime(inHome), true,
                    cluster.confDir()), context.clock(), "127.0.0.1", 0,
                    Optional.of(cluster.teamQueues(site.cluster().bestEffortQueue()))));
            Resources total = cluster.gateway().snapshot().total();
            Path eventLogs = Path.of(URI.create(site.history().eventLogUri(home)));
            return new BenchTarget(new GatewayClient(URI.create("http://127.0.0.1:" + gateway.port()), plan.token()),
                    "embedded", new EventLogs(eventLogs), Optional.of((int) total.vcores()),
                    Optional.of(total.memoryMb()), site.cluster().bestEffortQueue(),
                    context.install().requireWorkloadsJar().toString(), benchHome, () -> {
                        gateway.close();
                        cluster.close();
                    });
        } catch (IOException e) {
            cluster.close();
            throw new UncheckedIOException("cannot start the bench's gateway: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    /** What a running gateway needs beside its URL and token. */
    record Remote(URI url, String token, Optional<Path> eventLogDir, Optional<Integer> clusterVcores,
                  String bestEffortQueue, Optional<String> jar) {
    }

    /**
     * A running gateway, checked to answer and take the token. The cluster's size comes from {@code --cluster-vcores},
     * else from the YARN that HADOOP_CONF_DIR names; event logs from {@code --event-log-dir}, else
     * {@code $PUNCTUAL_EVENT_LOG_DIR}, else this user's Punctual home (a gateway on this machine).
     */
    static BenchTarget remote(Remote r, Path benchHome, CliContext context) {
        GatewayClient client = new GatewayClient(r.url(), r.token());
        client.checkAccess();
        Optional<Resources> total = r.clusterVcores().map(v -> Resources.of(v, 0))
                .or(() -> YarnGateways.confDirFrom(context.env()).map(dir -> {
                    try (ClusterGateway yarn = YarnGateways.fromConfDir(dir, context.clock())) {
                        return yarn.snapshot().total();
                    }
                }));
        Path logs = r.eventLogDir().or(() -> Optional.ofNullable(context.env().get("PUNCTUAL_EVENT_LOG_DIR"))
                .map(d -> d.startsWith("file:") ? Path.of(URI.create(d)) : Path.of(d)))
                .orElseGet(() -> context.home().eventLogs());
        String jar = r.jar().orElseGet(() -> context.install().requireWorkloadsJar().toString());
        return new BenchTarget(client, r.url().toString(), new EventLogs(logs), total.map(t -> (int) t.vcores()),
                total.map(Resources::memoryMb).filter(m -> m > 0), r.bestEffortQueue(), jar, benchHome, () -> { });
    }
}
