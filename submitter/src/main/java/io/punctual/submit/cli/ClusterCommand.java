package io.punctual.submit.cli;

import io.punctual.yarn.embedded.EmbeddedYarn;
import io.punctual.yarn.embedded.EmbeddedYarnSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;

/**
 * {@code punctual cluster}: the embedded YARN cluster on its own, until stopped. Other processes (a gateway, a
 * {@code punctual submit}) use it as a real cluster through the configuration directory it writes, and outlive or
 * survive each other: how the gateway's crash recovery is tested.
 */
public final class ClusterCommand implements Command {

    static final String USAGE = """
            Usage: punctual cluster [--conf-dir <dir>]

            Starts the in-process YARN cluster (ResourceManager with the ReservationSystem, two NodeManagers, queues
            sla and adhoc) and keeps it running until Ctrl-C or SIGTERM. Its client configuration is written to
            --conf-dir (default $PUNCTUAL_HOME/embedded/conf): point HADOOP_CONF_DIR there to use it.
            """;

    @Override
    public String summary() {
        return "run the embedded YARN cluster on its own (HADOOP_CONF_DIR for other processes)";
    }

    @Override
    public int run(List<String> argv, CliContext context) {
        Flags flags = Flags.parse(argv, Set.of("--conf-dir"), Set.of("--help"), "cluster");
        if (flags.has("--help")) {
            context.out().print(USAGE);
            return 0;
        }
        Path confDir = flags.value("--conf-dir").map(context::resolve).orElse(context.home().embeddedConf());
        CountDownLatch stop = new CountDownLatch(1);
        try (EmbeddedYarn yarn = EmbeddedYarn.start(EmbeddedYarnSpec.defaults(), confDir)) {
            context.out().println("punctual: embedded YARN cluster up in " + yarn.startupTime().toMillis()
                    + " ms; HADOOP_CONF_DIR=" + yarn.confDir() + " (ResourceManager " + yarn.resourceManagerAddress()
                    + ", web http://" + yarn.resourceManagerWebAddress() + ")");
            context.out().flush();
            Thread main = Thread.currentThread();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                stop.countDown();
                try {
                    main.join(30_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "punctual-cluster-stop"));
            stop.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }
}
