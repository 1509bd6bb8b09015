package io.punctual.submit.cli;

import io.punctual.submit.config.ConfigSource;
import io.punctual.submit.config.InvalidConfigException;
import io.punctual.submit.gateway.Gateway;
import io.punctual.yarn.ClientPatience;
import io.punctual.submit.assembly.Assembly;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;

/**
 * {@code punctual serve}: the long-running gateway, a drop-in for Livy's batch API with deadlines, in front of the
 * YARN that HADOOP_CONF_DIR describes or an embedded one.
 */
public final class ServeCommand implements Command {

    static final String USAGE = """
            Usage: punctual serve [--embedded] [--port <n>] [--conf-dir <dir>]

            Runs the gateway until stopped (Ctrl-C or SIGTERM): Livy's /batches API with spark.deadline.* in conf,
            /metrics, /healthz, and the jobs page at /. Teams authenticate with "Authorization: Bearer <token>"
            from their configuration file (its previous-token too, during a rotation); a request runs as ?doAs=,
            else its proxyUser, else the team's run-as, each one of the team's proxy-users. /metrics shows team and
            job labels only to punctual.gateway.metrics-token. The configuration directory is --conf-dir, else $PUNCTUAL_CONF_DIR,
            else conf/embedded (with --embedded) or conf of this installation. State lives under $PUNCTUAL_HOME.
            """;

    @Override
    public String summary() {
        return "run the gateway: Livy-compatible REST with deadlines, metrics, jobs page";
    }

    @Override
    public int run(List<String> argv, CliContext context) {
        Flags flags = Flags.parse(argv, Set.of("--port", "--conf-dir"), Set.of("--embedded", "--help"), "serve");
        if (flags.has("--help")) {
            context.out().print(USAGE);
            return 0;
        }
        boolean embedded = flags.has("--embedded");
        Path confDir = ConfDirs.dir(flags.value(ConfDirs.FLAG), context, embedded);
        ConfigSource config;
        try {
            config = ConfigSource.open(confDir, context.env(), context.clock());
        } catch (InvalidConfigException e) {
            context.err().println("punctual: the configuration in " + confDir + " is invalid:\n" + e.getMessage());
            return 1;
        }
        var site = config.current().site();
        int port = flags.whole("--port", site.gateway().port());
        // A gateway answers requests: a ResourceManager that does not answer is told within seconds (FaultWatch).
        try (ClusterSession cluster = ClusterSession.open(embedded, context, ClientPatience.SERVING);
             Gateway gateway = Gateway.start(new Gateway.Setup(config, cluster.gateway(), cluster.confDir(),
                     context.home(), Assembly.sparkRuntime(site.spark(), SubmissionRunner.runtime(context), embedded,
                             cluster.confDir()), context.clock(), site.gateway().host(), port,
                     Optional.of(cluster.teamQueues(site.cluster().bestEffortQueue()))))) {
            int[] recovered = gateway.recovered();
            context.out().println("punctual: gateway listening on " + gateway.scheme() + "://" + site.gateway().host() + ":"
                    + gateway.port() + " (" + config.current().summary() + "; configuration " + confDir + ")");
            if (recovered[0] + recovered[1] > 0) {
                context.out().println("punctual: recovered " + recovered[0] + " running batch(es), relaunching "
                        + recovered[1]);
            }
            awaitShutdown();
            return 0;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the gateway on port " + port + ": " + e.getMessage()
                    + "; is another gateway (or Livy) using it? pass --port", e);
        }
    }

    /** Blocks until the JVM is asked to stop; closing the gateway then runs in the try-with-resources. */
    private static void awaitShutdown() {
        CountDownLatch stop = new CountDownLatch(1);
        Thread main = Thread.currentThread();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stop.countDown();
            try {
                main.join(20_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "punctual-serve-stop"));
        try {
            stop.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
