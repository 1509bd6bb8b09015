package io.punctual.yarn.hadoop;

import io.punctual.yarn.ClientPatience;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.GatewayException;
import io.punctual.yarn.ZeroCapacityRemedy;
import io.punctual.yarn.queues.SchedulerConfRest;
import io.punctual.yarn.queues.SchedulerConfiguration;
import io.punctual.yarn.web.ResourceManagerWebApp;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.yarn.conf.HAUtil;
import org.apache.hadoop.yarn.conf.YarnConfiguration;

/** Ways to obtain a {@link YarnGateway} without handling Hadoop types outside this module. */
public final class YarnGateways {

    private YarnGateways() {
    }

    /** A gateway onto the cluster whose configuration directory is {@code confDir} (a HADOOP_CONF_DIR), for a command. */
    public static ClusterGateway fromConfDir(Path confDir, Clock clock) {
        return fromConfDir(confDir, clock, ClientPatience.COMMAND);
    }

    /** As {@link #fromConfDir(Path, Clock)}, giving up on a ResourceManager that does not answer after {@code patience}. */
    public static ClusterGateway fromConfDir(Path confDir, Clock clock, ClientPatience patience) {
        YarnConfiguration conf = load(confDir);
        return connect(conf, new NodeResourceRefresh(conf), clock, patience);
    }

    /**
     * The scheduler configuration API of the cluster whose configuration directory is {@code confDir}, acting as
     * {@code user} (who must be a YARN admin to change queues), at the web address YARN's own clients would use
     * ({@link ResourceManagerWebApp}: HTTPS under {@code yarn.http.policy} HTTPS_ONLY, every ResourceManager of an
     * HA pair in turn).
     */
    public static SchedulerConfiguration schedulerConfiguration(Path confDir, String user) {
        return SchedulerConfRest.at(ResourceManagerWebApp.of(load(confDir)), user);
    }

    /**
     * The client address of the ResourceManager a configuration names, for messages: with HA, every id's (as
     * {@code rm1=host:port, rm2=host:port}), which YARN's client tries in turn.
     */
    public static String describeAddresses(Configuration conf) {
        if (!HAUtil.isHAEnabled(conf)) {
            return conf.get(YarnConfiguration.RM_ADDRESS, YarnConfiguration.DEFAULT_RM_ADDRESS);
        }
        List<String> named = new ArrayList<>();
        for (String id : HAUtil.getRMHAIds(conf)) {
            String address = conf.get(HAUtil.addSuffix(YarnConfiguration.RM_ADDRESS, id));
            String host = conf.get(HAUtil.addSuffix(YarnConfiguration.RM_HOSTNAME, id), "?");
            named.add(id + "=" + (address != null ? address : host + ":" + YarnConfiguration.DEFAULT_RM_PORT));
        }
        return String.join(", ", named);
    }

    /**
     * The client configuration in {@code confDir} as a gateway uses it, for this module's other clients of the same
     * ResourceManager: giving up after {@code patience}.
     */
    public static Configuration clientConfiguration(Path confDir, ClientPatience patience) {
        return bounded(load(confDir), patience);
    }

    static YarnConfiguration load(Path confDir) {
        if (!Files.isDirectory(confDir)) {
            throw new GatewayException("the YARN configuration directory " + confDir
                    + " does not exist; set HADOOP_CONF_DIR (or YARN_CONF_DIR) to your cluster's configuration, or use --embedded");
        }
        YarnConfiguration conf = new YarnConfiguration();
        // capacity-scheduler.xml, where a client has a copy, tells which reservation agent the cluster runs when
        // its ResourceManager does not serve its scheduler configuration.
        for (String file : new String[] {"core-site.xml", "hdfs-site.xml", "yarn-site.xml", "capacity-scheduler.xml"}) {
            Path path = confDir.resolve(file);
            if (Files.isRegularFile(path)) {
                conf.addResource(new org.apache.hadoop.fs.Path(path.toUri()));
            }
        }
        return conf;
    }

    /** The directory named by YARN_CONF_DIR or HADOOP_CONF_DIR in {@code env}, if either is set. */
    public static java.util.Optional<Path> confDirFrom(Map<String, String> env) {
        for (String key : new String[] {"YARN_CONF_DIR", "HADOOP_CONF_DIR"}) {
            String value = env.get(key);
            if (value != null && !value.isBlank()) {
                return java.util.Optional.of(Path.of(value));
            }
        }
        return java.util.Optional.empty();
    }

    /** For this module's embedded cluster, which hands over its own configuration and in-process remedy. */
    public static ClusterGateway connect(Configuration conf, ZeroCapacityRemedy remedy, Clock clock,
                                         ClientPatience patience) {
        return new YarnGateway(bounded(conf, patience), remedy, clock);
    }

    /**
     * A copy of {@code given} whose client gives up on a ResourceManager that does not answer after {@code patience}
     * (a site's shorter wait to connect is kept, never lengthened). A call then fails within about
     * {@code connect + 2 * answer}. Inside each of the ResourceManager
     * proxy's retries Hadoop's IPC client would retry a refused connection ten times more, and a timed-out one 45
     * times: the proxy's retries alone bound the wait.
     */
    static Configuration bounded(Configuration given, ClientPatience patience) {
        YarnConfiguration conf = new YarnConfiguration(given);
        long connect = patience.connect().toMillis();
        if (conf.get(YarnConfiguration.RESOURCEMANAGER_CONNECT_MAX_WAIT_MS) == null
                || conf.getLong(YarnConfiguration.RESOURCEMANAGER_CONNECT_MAX_WAIT_MS, 0) > connect
                || conf.getLong(YarnConfiguration.RESOURCEMANAGER_CONNECT_MAX_WAIT_MS, 0) < 0) {
            conf.setLong(YarnConfiguration.RESOURCEMANAGER_CONNECT_MAX_WAIT_MS, connect);
        }
        // The proxy's retries are counted (max-wait / interval), and each may wait a whole answer timeout: with an
        // answer timeout, one retry only, so a hung ResourceManager costs two timeouts, not six (measured: 95 s).
        long interval = patience.answer().isZero() ? Math.min(1_000, connect) : connect;
        conf.setLong(YarnConfiguration.RESOURCEMANAGER_CONNECT_RETRY_INTERVAL_MS, interval);
        conf.setLong(YarnConfiguration.YARN_CLIENT_APPLICATION_CLIENT_PROTOCOL_POLL_TIMEOUT_MS, 60_000);
        conf.setInt(CommonConfigurationKeys.IPC_CLIENT_CONNECT_MAX_RETRIES_KEY, 0);
        conf.setInt(CommonConfigurationKeys.IPC_CLIENT_CONNECT_MAX_RETRIES_ON_SOCKET_TIMEOUTS_KEY, 0);
        conf.setInt(CommonConfigurationKeys.IPC_CLIENT_CONNECT_TIMEOUT_KEY, (int) Math.min(2_000, connect));
        if (!patience.answer().isZero()) {
            conf.setInt(CommonConfigurationKeys.IPC_CLIENT_RPC_TIMEOUT_KEY, (int) patience.answer().toMillis());
        }
        if (HAUtil.isHAEnabled(conf) && conf.get(YarnConfiguration.CLIENT_FAILOVER_MAX_ATTEMPTS) == null) {
            // With HA the proxy counts failovers instead of retries (max-wait / interval, here one): enough to try
            // each ResourceManager once more after the first, so a dead first id never hides a live second one.
            conf.setInt(YarnConfiguration.CLIENT_FAILOVER_MAX_ATTEMPTS, HAUtil.getRMHAIds(conf).size());
        }
        return conf;
    }
}
