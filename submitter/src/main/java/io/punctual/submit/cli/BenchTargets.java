package io.punctual.submit.cli;

import io.punctual.submit.home.PunctualHome;
import io.punctual.submit.assembly.Assembly;
import io.punctual.submit.bench.BenchTarget;
import io.punctual.submit.bench.EventLogs;
import io.punctual.submit.bench.GatewayClient;
import io.punctual.submit.bench.PolicyShares;
import io.punctual.submit.bench.QueueShare;
import io.punctual.submit.config.ConfigSource;
import io.punctual.submit.config.InvalidConfigException;
import io.punctual.submit.config.TeamConfig;
import io.punctual.submit.gateway.Gateway;
import io.punctual.yarn.ClientPatience;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.ClusterSnapshot;
import io.punctual.yarn.QueueSnapshot;
import io.punctual.yarn.embedded.EmbeddedYarnSpec;
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

    /** The embedded bench's configuration: conf/embedded with the team's queue given the plan queue's share. */
    static final String BENCH_CONF = "conf/bench";

    /**
     * What the embedded target will be, checked: its configuration loads and has a team for the token.
     *
     * @param vcores the cluster's vcores in all, when {@code --cluster-vcores} gave them; else the default shape's
     */
    record EmbeddedPlan(Path confDir, ConfigSource config, String token, TeamConfig team, Optional<Integer> vcores) {
    }

    static EmbeddedPlan checkEmbedded(Optional<String> confFlag, Optional<String> token, Optional<Integer> vcores,
                                      CliContext context) {
        Path confDir = ConfDirs.dir(confFlag, context, BENCH_CONF);
        ConfigSource config;
        try {
            config = ConfigSource.open(confDir, context.env(), context.clock());
        } catch (InvalidConfigException e) {
            throw new UsageException("the configuration in " + confDir + " is invalid:\n" + e.getMessage());
        }
        String secret = token.or(() -> Optional.ofNullable(context.env().get("PUNCTUAL_ANALYTICS_TOKEN")))
                .orElse(EMBEDDED_TOKEN);
        TeamConfig team = config.current().teamForToken(secret).orElseThrow(() -> new UsageException("no team in "
                + confDir + " has the token the bench would use; pass --token with the token of the team to run as"));
        return new EmbeddedPlan(confDir, config, secret, team, vcores);
    }

    /**
     * The embedded cluster the bench runs on: its plan queue gets the share of the team's queue (issue 26, item 1),
     * so that Punctual's reservations and the baselines' best-effort runs draw on equal parts of the cluster.
     */
    static EmbeddedYarnSpec clusterFor(EmbeddedPlan plan) {
        TeamConfig.Queue queue = plan.team().queue();
        EmbeddedYarnSpec spec = EmbeddedYarnSpec.defaults().withPlanShare((int) Math.round(queue.capacityPercent()),
                (int) Math.round(queue.maximumCapacityPercent()));
        return plan.vcores().map(spec::withVcores).orElse(spec);
    }

    /** Starts the embedded YARN and a gateway on a free local port, both living in the bench home. */
    static BenchTarget embedded(EmbeddedPlan plan, Path benchHome, CliContext context) {
        PunctualHome home = new PunctualHome(benchHome);
        CliContext inHome = new CliContext(context.env(), context.in(), context.out(), context.err(), context.clock(),
                home, context.cwd(), context.install());
        var site = plan.config().current().site();
        ClusterSession cluster = ClusterSession.embedded(clusterFor(plan), inHome, ClientPatience.COMMAND);
        try {
            Gateway gateway = Gateway.start(new Gateway.Setup(plan.config(), cluster.gateway(), cluster.confDir(),
                    home, Assembly.sparkRuntime(site.spark(), SubmissionRunner.runtime(inHome), true,
                    cluster.confDir()), context.clock(), "127.0.0.1", 0,
                    Optional.of(cluster.teamQueues(site.cluster().bestEffortQueue()))));
            ClusterSnapshot snapshot = cluster.gateway().snapshot();
            Resources total = snapshot.total();
            Path eventLogs = Path.of(URI.create(site.history().eventLogUri(home)));
            return new BenchTarget(new GatewayClient(URI.create("http://127.0.0.1:" + gateway.port()), plan.token()),
                    "embedded", new EventLogs(eventLogs), Optional.of((int) total.vcores()),
                    Optional.of(total.memoryMb()), site.cluster().bestEffortQueue(),
                    context.install().requireWorkloadsJar().toString(), benchHome,
                    shares(snapshot, ClusterSession.teamLayout(site.cluster().bestEffortQueue())
                            .queueOf(plan.team().name()).leaf(), site.cluster().bestEffortQueue(), cluster.planQueue()),
                    Optional.of(Runtime.getRuntime().availableProcessors()), () -> {
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

    /**
     * The team's queue (else the best-effort queue, where a team's batches run when its queue could not be made) and
     * the plan queue as the cluster reports them; empty when the cluster has neither.
     */
    static Optional<PolicyShares> shares(ClusterSnapshot snapshot, String teamQueue, String bestEffortQueue,
                                         String planQueue) {
        return snapshot.queue(teamQueue).or(() -> snapshot.queue(bestEffortQueue)).flatMap(team -> snapshot
                .queue(planQueue)
                .map(plan -> new PolicyShares(share(team), share(plan))));
    }

    private static QueueShare share(QueueSnapshot queue) {
        return new QueueShare(queue.name(), queue.parent(), queue.capacity() * 100, queue.maximumCapacity() * 100);
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
                total.map(Resources::memoryMb).filter(m -> m > 0), r.bestEffortQueue(), jar, benchHome,
                Optional.empty(), Optional.empty(), () -> { });
    }
}
