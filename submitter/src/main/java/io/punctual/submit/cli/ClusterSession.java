package io.punctual.submit.cli;

import io.punctual.yarn.ClientPatience;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.queues.DonorTeamQueues;
import io.punctual.yarn.queues.QueueOccupancy;
import io.punctual.yarn.queues.SchedulerConfRest;
import io.punctual.yarn.queues.SchedulerConfiguration;
import io.punctual.yarn.queues.TeamQueueLayout;
import io.punctual.yarn.queues.TeamQueues;
import io.punctual.yarn.hadoop.YarnGateways;
import io.punctual.yarn.embedded.EmbeddedYarn;
import io.punctual.yarn.embedded.EmbeddedYarnSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * The cluster a command works against: the one HADOOP_CONF_DIR/YARN_CONF_DIR describes, or an embedded one
 * started for this command and stopped with it.
 *
 * @param confDir   the cluster's client configuration, handed to spark-submit
 * @param embedded  the in-process cluster, when this session started one
 */
public record ClusterSession(ClusterGateway gateway, Path confDir, Optional<EmbeddedYarn> embedded,
                             String planQueue) implements AutoCloseable {

    /** The reservable queue deadline jobs reserve in when the command names none. */
    public static final String DEFAULT_PLAN_QUEUE = "sla";

    public static ClusterSession open(boolean embedded, CliContext context) {
        return open(embedded, context, ClientPatience.COMMAND);
    }

    /** As {@link #open(boolean, CliContext)}, giving up on a ResourceManager that does not answer after {@code patience}. */
    public static ClusterSession open(boolean embedded, CliContext context, ClientPatience patience) {
        if (embedded) {
            return embedded(EmbeddedYarnSpec.defaults(), context, patience);
        }
        Path confDir = YarnGateways.confDirFrom(context.env()).orElseThrow(() -> new UsageException(
                "no cluster to submit to: set HADOOP_CONF_DIR (or YARN_CONF_DIR) to your YARN client configuration,"
                        + " or pass --embedded to use an in-process cluster"));
        ClusterGateway gateway = YarnGateways.fromConfDir(confDir, context.clock(), patience);
        return new ClusterSession(gateway, confDir, Optional.empty(), DEFAULT_PLAN_QUEUE);
    }

    /** An embedded cluster of the given shape, started for this command and stopped with it. */
    public static ClusterSession embedded(EmbeddedYarnSpec spec, CliContext context, ClientPatience patience) {
        EmbeddedYarn yarn = EmbeddedYarn.start(spec, context.home().embeddedConf());
        try {
            return new ClusterSession(yarn.gateway(patience), yarn.confDir(), Optional.of(yarn),
                    yarn.spec().planQueue());
        } catch (RuntimeException e) {
            yarn.close();
            throw e;
        }
    }

    /**
     * The team queues of this cluster, managed through the Capacity Scheduler's configuration API as the current
     * user; new team queues take their capacity from {@code bestEffortQueue}.
     */
    public TeamQueues teamQueues(String bestEffortQueue) {
        String user = System.getProperty("user.name");
        SchedulerConfiguration scheduler = embedded
                .<SchedulerConfiguration>map(yarn -> SchedulerConfRest.at(yarn.resourceManagerWebAddress(), user))
                .orElseGet(() -> YarnGateways.schedulerConfiguration(confDir, user));
        return new DonorTeamQueues(scheduler, teamLayout(bestEffortQueue), QueueOccupancy.of(gateway));
    }

    /** Where team queues go on a cluster whose best-effort queue is {@code bestEffortQueue}, and what they are named. */
    public static TeamQueueLayout teamLayout(String bestEffortQueue) {
        return TeamQueueLayout.underRoot(bestEffortQueue);
    }

    public Optional<Duration> startupTime() {
        return embedded.map(EmbeddedYarn::startupTime);
    }

    @Override
    public void close() {
        try {
            gateway.close();
        } finally {
            embedded.ifPresent(EmbeddedYarn::close);
        }
    }
}
