package io.punctual.yarn.embedded;

import io.punctual.yarn.ClientPatience;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.GatewayException;
import io.punctual.yarn.hadoop.YarnGateways;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.resourcemanager.ResourceManager;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.Plan;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.ReservationConstants;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.SchedulerDynamicEditException;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CSQueue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.ReservationQueue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.common.QueueEntitlement;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.ResourceLimits;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler;

/**
 * A real YARN cluster in this JVM: one ResourceManager with the CapacityScheduler and the ReservationSystem on, a
 * reservable plan queue for deadline jobs and a best-effort queue, the scheduler configuration API enabled, and
 * NodeManagers that run real containers. Clients outside this JVM (spark-submit) reach it through the configuration
 * directory it writes.
 */
public final class EmbeddedYarn implements AutoCloseable {

    private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);
    /** Longer than a NodeManager's own waits on its way down; the cluster's stop then stops whatever is left. */
    private static final Duration NODE_STOP_WAIT = Duration.ofSeconds(60);

    private final EmbeddedYarnSpec spec;
    private final SingleJvmCluster cluster;
    private final Path confDir;
    private final Duration startup;
    private final URLClassLoader webLoader;

    private EmbeddedYarn(EmbeddedYarnSpec spec, SingleJvmCluster cluster, Path confDir, Duration startup,
                         URLClassLoader webLoader) {
        this.spec = spec;
        this.cluster = cluster;
        this.confDir = confDir;
        this.startup = startup;
        this.webLoader = webLoader;
    }

    /**
     * Starts the cluster and returns once it can hold reservations. Its client configuration is written to
     * {@code confDir} (created if needed). MiniYARNCluster keeps its own working files under {@code target/} of the
     * process's working directory.
     */
    public static EmbeddedYarn start(EmbeddedYarnSpec spec, Path confDir) {
        Instant began = Instant.now();
        OrphanedContainers.stop(spec.name());
        try {
            Files.createDirectories(confDir);
            write(EmbeddedConfiguration.scheduler(spec), confDir.resolve(YarnConfiguration.CS_CONFIGURATION_FILE));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the embedded cluster's configuration under " + confDir, e);
        }
        SingleJvmCluster cluster = new SingleJvmCluster(spec.name() + "-" + ProcessHandle.current().pid(),
                spec.nodeManagers());
        URLClassLoader webLoader = null;
        try (URLClassLoader startLoader = confLoader(confDir)) {
            withConfFiles(startLoader, () -> {
                YarnConfiguration conf = EmbeddedConfiguration.yarn(spec);
                conf.setClassLoader(startLoader);
                cluster.init(conf);
                cluster.start();
            });
            awaitReady(cluster, spec);
            write(withNodeLogDirs(cluster, spec.nodeManagers()), confDir.resolve("yarn-site.xml"));
            write(new Configuration(false), confDir.resolve("core-site.xml"));
            webLoader = confLoader(confDir);
            withConfFiles(webLoader, cluster::claimWebRoutes);
        } catch (RuntimeException | IOException e) {
            cluster.stop();
            closeQuietly(webLoader);
            throw new GatewayException("the embedded YARN cluster did not start: " + e.getMessage(), e);
        }
        return new EmbeddedYarn(spec, cluster, confDir, Duration.between(began, Instant.now()), webLoader);
    }

    private static URLClassLoader confLoader(Path confDir) throws IOException {
        return new URLClassLoader(new URL[] {confDir.toUri().toURL()}, Thread.currentThread().getContextClassLoader());
    }

    /**
     * Runs {@code body} with the configuration directory on the context class loader. With the scheduler
     * configuration API on, the ResourceManager reads capacity-scheduler.xml and yarn-site.xml only from the class
     * path: at start for the initial queues (a loader closed once the cluster is up, so the daemons' threads see
     * nothing afterwards, as before), and on every {@code scheduler-conf} request (validate builds a scratch scheduler
     * from them; a mutation reloads yarn-site.xml to refresh the queues). The web app is restarted inside a second
     * loader, open while the cluster runs, so its request threads inherit it and find both files.
     */
    private static void withConfFiles(URLClassLoader confLoader, Runnable body) {
        Thread thread = Thread.currentThread();
        ClassLoader original = thread.getContextClassLoader();
        try {
            thread.setContextClassLoader(confLoader);
            body.run();
        } finally {
            thread.setContextClassLoader(original);
        }
    }

    /**
     * Ready means: the RM has real ports, every NodeManager registered, and the plan holds its share of all of them.
     * The plan follower updates the plan's capacity a step after each node registers; a plan sized from the first
     * node alone refuses reservations that the whole cluster would take.
     */
    private static void awaitReady(SingleJvmCluster cluster, EmbeddedYarnSpec spec) {
        Instant giveUp = Instant.now().plus(READY_TIMEOUT);
        while (Instant.now().isBefore(giveUp)) {
            String rm = cluster.getConfig().get(YarnConfiguration.RM_ADDRESS, ":0");
            ResourceManager resourceManager = cluster.getResourceManager();
            if (!rm.endsWith(":0") && resourceManager != null
                    && resourceManager.getRMContext().getRMNodes().size() == spec.nodeManagers()
                    && planCapacity(resourceManager, spec.planQueue()) >= fullPlanMemoryMb(spec)) {
                return;
            }
            pause(100);
        }
        throw new GatewayException("the embedded YARN cluster was not ready after " + READY_TIMEOUT.toSeconds()
                + " s (ResourceManager ports, NodeManager registration, reservation plan)");
    }

    /** The plan queue's share of every node's memory, less a megabyte for the scheduler's rounding. */
    static long fullPlanMemoryMb(EmbeddedYarnSpec spec) {
        return (long) Math.floor((double) spec.nodeManagers() * spec.nodeMemoryMb() * spec.planPercent() / 100) - 1;
    }

    private static long planCapacity(ResourceManager rm, String planQueue) {
        var system = rm.getRMContext().getReservationSystem();
        Plan plan = system == null ? null : system.getPlan(planQueue);
        return plan == null ? 0 : plan.getTotalCapacity().getMemorySize();
    }

    /** A gateway onto this cluster that repairs zero-capacity reservation queues in-process, for a command. */
    public ClusterGateway gateway() {
        return gateway(ClientPatience.COMMAND);
    }

    /** As {@link #gateway()}, giving up on a ResourceManager that does not answer after {@code patience}. */
    public ClusterGateway gateway(ClientPatience patience) {
        return gateway(patience, resourceManagerAddress());
    }

    /**
     * As {@link #gateway(ClientPatience)}, reaching the ResourceManager's client port at {@code rmAddress} instead
     * (host:port of a link in front of it, which a test can cut).
     */
    public ClusterGateway gateway(ClientPatience patience, String rmAddress) {
        Configuration conf = new Configuration(cluster.getConfig());
        conf.set(YarnConfiguration.RM_ADDRESS, rmAddress);
        return YarnGateways.connect(conf, this::recomputeQueueResources, Clock.systemUTC(), patience);
    }

    /**
     * The in-process remedy for the Hadoop 3.3.x zero-capacity reservation queue: recompute every queue's effective
     * resources from the current cluster resource, which is what a cluster-resource change would do.
     */
    void recomputeQueueResources() {
        CapacityScheduler scheduler = (CapacityScheduler) cluster.getResourceManager().getResourceScheduler();
        releaseStrandedDefaultQueues(scheduler);
        Resource clusterResource = scheduler.getClusterResource();
        scheduler.getRootQueue().updateClusterResource(clusterResource, new ResourceLimits(clusterResource));
    }

    /**
     * Repairs a second Hadoop 3.3.4 fault, which the first one's remedy alone cannot: the plan follower names a
     * plan's default reservation queue after the plan's path ({@code root.sla-default}); once the scheduler's queues
     * are reinitialised (any scheduler-conf change, or {@code rmadmin -refreshQueues}) no lookup finds that name
     * any more, so the follower can never shrink the default queue, which keeps the whole plan, and every new
     * reservation queue is refused its share ("Sum of child queues should exceed 100%"). Handing the default queue's
     * share back lets the follower size reservation queues again.
     */
    private void releaseStrandedDefaultQueues(CapacityScheduler scheduler) {
        var system = cluster.getResourceManager().getRMContext().getReservationSystem();
        if (system == null) {
            return;
        }
        for (Plan plan : system.getAllPlans().values()) {
            String defaultQueue = plan.getQueueName() + ReservationConstants.DEFAULT_QUEUE_SUFFIX;
            CSQueue planQueue = scheduler.getQueue(plan.getQueueName());
            if (planQueue == null || scheduler.getQueue(defaultQueue) != null) {
                continue;
            }
            for (CSQueue child : planQueue.getChildQueues()) {
                if (child.getQueueName().equals(defaultQueue) && child instanceof ReservationQueue stranded
                        && stranded.getCapacity() > 0) {
                    try {
                        stranded.setEntitlement(new QueueEntitlement(0f, 1f));
                    } catch (SchedulerDynamicEditException e) {
                        throw new GatewayException("could not release the stranded default queue " + defaultQueue
                                + " of plan " + plan.getQueueName() + ": " + e.getMessage(), e);
                    }
                }
            }
        }
    }

    public EmbeddedYarnSpec spec() {
        return spec;
    }

    /** Directory with yarn-site.xml, core-site.xml and capacity-scheduler.xml: a HADOOP_CONF_DIR for clients. */
    public Path confDir() {
        return confDir;
    }

    public String resourceManagerAddress() {
        return cluster.getConfig().get(YarnConfiguration.RM_ADDRESS);
    }

    /** host:port of the ResourceManager's web services (REST API, scheduler configuration API). */
    public String resourceManagerWebAddress() {
        return cluster.getConfig().get(YarnConfiguration.RM_WEBAPP_ADDRESS);
    }

    public Duration startupTime() {
        return startup;
    }

    @Override
    public void close() {
        stopNodeManagersTogether();
        cluster.stop();
        closeQuietly(webLoader);
        deleteQuietly(cluster.getTestWorkDir().toPath());
    }

    /**
     * Stops every NodeManager at once, ahead of the cluster's own stop (which then finds them stopped). Each one waits
     * on its way down, for the applications whose logs it still keeps (its kill wait, about 7 s) and for its log
     * handler's scheduled deletions (10 s): MiniYARNCluster stops them one after the other, 17 s a node.
     */
    private void stopNodeManagersTogether() {
        List<Thread> stopping = new ArrayList<>();
        for (int i = 0; i < spec.nodeManagers(); i++) {
            var nodeManager = cluster.getNodeManager(i);
            if (nodeManager != null) {
                Thread stop = new Thread(nodeManager::stop, "stop-node-manager-" + i);
                stop.start();
                stopping.add(stop);
            }
        }
        for (Thread stop : stopping) {
            try {
                stop.join(NODE_STOP_WAIT.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static void closeQuietly(URLClassLoader loader) {
        if (loader == null) {
            return;
        }
        try {
            loader.close();
        } catch (IOException ignored) {
            // It only reads two small files from a local directory; nothing to release that outlives the JVM.
        }
    }

    /**
     * The cluster's configuration with its NodeManagers' log directories, which MiniYARNCluster sets on each node's own
     * copy: clients on this machine read a finished driver's log there (the embedded nodes serve no container logs).
     */
    private static Configuration withNodeLogDirs(SingleJvmCluster cluster, int nodeManagers) {
        Configuration conf = new Configuration(cluster.getConfig());
        java.util.List<String> dirs = new java.util.ArrayList<>();
        for (int i = 0; i < nodeManagers; i++) {
            dirs.addAll(cluster.getNodeManager(i).getConfig().getTrimmedStringCollection(
                    YarnConfiguration.NM_LOG_DIRS));
        }
        if (!dirs.isEmpty()) {
            conf.set(YarnConfiguration.NM_LOG_DIRS, String.join(",", dirs));
        }
        return conf;
    }

    private static void write(Configuration conf, Path file) throws IOException {
        Path partial = file.resolveSibling(file.getFileName() + ".tmp");
        try (OutputStream out = Files.newOutputStream(partial)) {
            conf.writeXml(out);
        }
        Files.move(partial, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    private static void deleteQuietly(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // Leftover scratch files under target/ are harmless; a failed cleanup must not mask the shutdown.
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GatewayException("interrupted while starting the embedded YARN cluster", e);
        }
    }
}
