package io.punctual.yarn.hadoop;

import io.punctual.yarn.AgentForecast;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.ClusterSnapshot;
import io.punctual.yarn.GatewayException;
import io.punctual.yarn.PlanAgent;
import io.punctual.yarn.ReservationSpec;
import io.punctual.yarn.queues.SchedulerConfRest;
import io.punctual.yarn.web.ResourceManagerWebApp;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds which reservation agent, sharing policy and resource calculator a ResourceManager uses, and runs them on a
 * copy of its plan ({@link AgentReplica}). The configuration is read from the ResourceManager's scheduler
 * configuration API; where that is closed (a file-based scheduler configuration), from the client's
 * capacity-scheduler.xml; failing both, YARN's defaults are assumed and the batch's log says so.
 */
final class ClusterAgent {

    private static final Logger LOG = LoggerFactory.getLogger(ClusterAgent.class);
    private static final Duration REREAD = Duration.ofMinutes(1);

    private final Configuration clientConf;
    private final ResourceManagerWebApp webApp;
    private final Clock clock;
    private AgentReplica replica;
    private Instant readAt = Instant.MIN;

    ClusterAgent(Configuration clientConf, ResourceManagerWebApp webApp, Clock clock) {
        this.clientConf = clientConf;
        this.webApp = webApp;
        this.clock = clock;
    }

    /**
     * YARN's answer now to {@code inTurn}, asked one after another, on the plan {@code cluster} holds (read once);
     * empty when the agent is not runnable here.
     */
    Optional<AgentForecast> forecast(ClusterGateway cluster, List<ReservationSpec> inTurn) {
        String planQueue = inTurn.get(0).planQueue();
        ClusterSnapshot snapshot = cluster.snapshot();
        var state = new AgentReplica.PlanState(snapshot.planCapacity(planQueue), cluster.minimumAllocation(),
                snapshot.total(), cluster.reservations(planQueue), clock.millis());
        return replica().forecast(state, inTurn, user());
    }

    /** The agent YARN uses for {@code planQueue}. */
    PlanAgent agent(String planQueue) {
        return replica().agent(planQueue);
    }

    private synchronized AgentReplica replica() {
        Instant now = clock.instant();
        if (replica == null || now.isAfter(readAt.plus(REREAD))) {
            replica = read();
            readAt = now;
        }
        return replica;
    }

    private AgentReplica read() {
        long step = clientConf.getLong(YarnConfiguration.RM_RESERVATION_SYSTEM_PLAN_FOLLOWER_TIME_STEP,
                YarnConfiguration.DEFAULT_RM_RESERVATION_SYSTEM_PLAN_FOLLOWER_TIME_STEP);
        long periodicity = clientConf.getLong(YarnConfiguration.RM_RESERVATION_SYSTEM_MAX_PERIODICITY,
                YarnConfiguration.DEFAULT_RM_RESERVATION_SYSTEM_MAX_PERIODICITY);
        try {
            Map<String, String> live = SchedulerConfRest.at(webApp, user()).read().properties();
            return new AgentReplica(live, "read from the ResourceManager's scheduler configuration", step,
                    periodicity);
        } catch (GatewayException | IllegalArgumentException closed) {
            Map<String, String> local = new TreeMap<>(clientConf.getPropsWithPrefix(AgentReplica.PREFIX));
            if (!local.isEmpty()) {
                Map<String, String> prefixed = new TreeMap<>();
                local.forEach((k, v) -> prefixed.put(AgentReplica.PREFIX + k, v));
                return new AgentReplica(prefixed, "read from the client's capacity-scheduler.xml", step, periodicity);
            }
            LOG.warn("cannot read the scheduler configuration ({}); assuming YARN's default reservation agent",
                    closed.getMessage());
            return new AgentReplica(Map.of(), "YARN's defaults, assumed: the scheduler configuration could not be"
                    + " read (" + closed.getMessage() + ")", step, periodicity);
        }
    }

    private static String user() {
        try {
            return UserGroupInformation.getCurrentUser().getShortUserName();
        } catch (IOException unknown) {
            return System.getProperty("user.name", "punctual");
        }
    }
}
