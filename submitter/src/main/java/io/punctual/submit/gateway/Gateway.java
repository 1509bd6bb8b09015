package io.punctual.submit.gateway;

import io.punctual.submit.assembly.Assembly;
import java.util.function.Supplier;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.punctual.submit.home.PunctualHome;
import io.punctual.submit.config.ConfigSource;
import io.punctual.submit.config.ReloadOutcome;
import io.punctual.submit.config.SiteConfig;
import io.punctual.submit.launch.SparkRuntime;
import io.punctual.submit.launch.Launcher;
import io.punctual.submit.launch.SparkSubmitLauncher;
import io.punctual.yarn.CachedReads;
import io.punctual.yarn.ClusterCircuit;
import io.punctual.yarn.hadoop.DefaultFileSystem;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.queues.TeamQueues;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A running gateway: the store, the batch service with its launch pool, the shared poller, recovery at start, and
 * the HTTP server. Closing it stops taking requests and stops following applications; the applications themselves
 * keep running on YARN, and the next gateway over the same store re-attaches to them.
 */
public final class Gateway implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Gateway.class);
    private static final Duration REAP_EVERY = Duration.ofSeconds(30);

    private final BatchService batches;
    private final BatchStore store;
    private final Lease lease;
    private final GatewayServer server;
    private final ScheduledExecutorService scheduler;
    private final FaultWatch faults;
    private final int[] recovered;

    /** What a gateway is started with. */
    public record Setup(ConfigSource config, ClusterGateway cluster, Path hadoopConfDir, PunctualHome home,
                        SparkRuntime runtime, Clock clock, String host, int port, Optional<TeamQueues> teamQueues,
                        Launcher launcher) {

        /** Launching with spark-submit, as a real gateway does. */
        public Setup(ConfigSource config, ClusterGateway cluster, Path hadoopConfDir, PunctualHome home,
                     SparkRuntime runtime, Clock clock, String host, int port, Optional<TeamQueues> teamQueues) {
            this(config, cluster, hadoopConfDir, home, runtime, clock, host, port, teamQueues,
                    new SparkSubmitLauncher(runtime));
        }
    }

    private Gateway(BatchService batches, BatchStore store, Lease lease, GatewayServer server,
                    ScheduledExecutorService scheduler, FaultWatch faults, int[] recovered) {
        this.faults = faults;
        this.batches = batches;
        this.store = store;
        this.lease = lease;
        this.server = server;
        this.scheduler = scheduler;
        this.recovered = recovered;
    }

    public static Gateway start(Setup given) throws IOException {
        var site = given.config().current().site();
        Path storeDir = site.gateway().stateDir(given.home());
        FaultWatch faults = FaultWatch.of(given.cluster(), storeDir, given.clock());
        // Sizing reads the cluster and the plan for every submission: a burst shares one read per second. No call
        // waits for a ResourceManager the watch knows does not answer.
        ClusterGateway guarded = new ClusterCircuit(given.cluster(),
                () -> faults.resourceManager().map(FaultWatch.Fault::cause), faults::clusterFailed);
        Setup setup = new Setup(given.config(), new CachedReads(guarded, Duration.ofSeconds(1)),
                given.hadoopConfDir(), given.home(), given.runtime(), given.clock(), given.host(), given.port(),
                given.teamQueues(), given.launcher());
        Stores stores = Stores.open(site, setup.home(), Files.createDirectories(storeDir), setup.clock());
        BatchStore store = stores.batches();
        Lease lease = stores.lease();
        LearningStores learnt = stores.learnt();
        Assembly first = Assembly.of(setup.config().current(), setup.home(), learnt.learning(), setup.clock(),
                Optional.empty());
        Supplier<Assembly> assembly = () -> first.reconfigured(setup.config().current());
        GatewayMetrics metrics = new GatewayMetrics();
        metrics.teams(setup.config().current().teams().keySet());
        QueueSetup queues = new QueueSetup(setup.teamQueues(), setup.cluster(),
                new QueueArrivals(learnt.texts()));
        Runnable placeQueues = () -> safely(() -> placeQueues(setup, queues));
        BatchService batches = new BatchService(store, assembly, pipelines(setup, assembly),
                setup.clock(), metrics, site.gateway().launchConcurrency(), storeDir.resolve("work"),
                queues, DefaultFileSystem.of(setup.hadoopConfDir()), setup.runtime());
        GatewayRecovery recovery = new GatewayRecovery(batches, setup.cluster(), setup.clock());
        LeaderDuties lead = new LeaderDuties(lease, batches, recovery,
                new AppPoller(store, batches.launcher(), setup.cluster(), batches.links(),
                        batches.admissions()), () -> faults.resourceManager().isEmpty());
        int[] recovered = lead.start();
        lead.whileLeading(placeQueues).run();
        faults.start();
        ScheduledExecutorService scheduler = schedule(site.gateway().pollInterval(), lead, recovery, setup.config(),
                placeQueues);
        GatewayServer server = new GatewayServer(new GatewayServer.Listen(setup.host(), setup.port(),
                site.gateway().tls(), site.gateway().idleTimeout()), batches, setup.config(), metrics,
                setup.clock(), () -> health(setup, store, batches, lead, faults), new Pages(),
                faults::requireAnswering);
        return new Gateway(batches, store, lease, server, scheduler, faults, recovered);
    }

    /** Where a gateway keeps batches and what it learns, and how it knows it leads: its home, or a shared database. */
    private record Stores(BatchStore batches, Lease lease, LearningStores learnt) {

        static Stores open(SiteConfig site, PunctualHome home, Path storeDir, Clock clock) {
            var database = site.gateway().database();
            var smoothing = site.sizing().errorSmoothing();
            if (!database.shared()) {
                return new Stores(JournalBatchStore.open(storeDir.resolve("batches")), Lease.SOLE,
                        LearningStores.local(home.root(), storeDir, smoothing, clock));
            }
            PostgresBatchStore batches = PostgresBatchStore.over(SqlPool.open(database));
            return new Stores(batches, PostgresLease.polledEvery(database, site.gateway().pollInterval()),
                    LearningStores.shared(batches.pool(), home.root(), storeDir, smoothing, clock));
        }
    }

    /** The lead's rounds, reaping, configuration reloads and queue placement, on one daemon thread. */
    private static ScheduledExecutorService schedule(Duration pollInterval, LeaderDuties lead,
                                                     GatewayRecovery recovery, ConfigSource config,
                                                     Runnable placeQueues) {
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "punctual-poller");
            thread.setDaemon(true);
            return thread;
        });
        long poll = pollInterval.toMillis();
        scheduler.scheduleWithFixedDelay(lead, poll, poll, TimeUnit.MILLISECONDS);
        scheduler.scheduleWithFixedDelay(lead.whileLeading(() -> safely(recovery::reap)), REAP_EVERY.toMillis(),
                REAP_EVERY.toMillis(), TimeUnit.MILLISECONDS);
        scheduler.scheduleWithFixedDelay(new ConfigWatch(config), 5, 5, TimeUnit.SECONDS);
        // BoPF's Hard groups reserve their next bursts: one gateway only, or each burst would be reserved twice.
        scheduler.scheduleWithFixedDelay(lead.whileLeading(placeQueues), 60, 60, TimeUnit.SECONDS);
        return scheduler;
    }

    /** Each batch's pipeline: the team's sizing knobs, the shared launcher and learning, its own event log. */
    private static PipelineFactory pipelines(Setup setup, Supplier<Assembly> assembly) {
        var launcher = setup.launcher();
        return (sizing, events) -> assembly.get().pipeline(setup.cluster(), launcher, setup.runtime(),
                setup.hadoopConfDir(), sizing, events);
    }

    /** BoPF classes for the teams' latency-sensitive groups, and the Hard groups' next bursts reserved. */
    private static void placeQueues(Setup setup, QueueSetup queues) {
        // The teams' queues first, before anything reserves: on Hadoop 3.3 a change to the queue tree can drop the
        // reservation queues that exist at that moment (a run launched ahead would then never enter its own).
        setup.config().current().teams().values().forEach(queues::teamQueue);
        var now = setup.clock().instant();
        String planQueue = setup.config().current().site().cluster().planQueue();
        queues.admit(setup.config().current(), setup.cluster().snapshot().planCapacity(planQueue),
                planQueue, now);
        queues.renew(now);
    }

    private static ObjectNode health(Setup setup, BatchStore store, BatchService batches, LeaderDuties lead,
                                     FaultWatch faults) {
        var health = setup.config().health();
        // Counting starved reservations asks YARN: not while it is known not to answer (the answer would be a wait).
        int starved = faults.resourceManager().isPresent() ? 0
                : ReservationHealth.withoutCapacity(store.unfinished(), setup.cluster(), setup.clock().instant());
        ObjectNode node = BatchJson.JSON.createObjectNode();
        node.put("status", health.healthy() && store.problems().isEmpty() && starved == 0 && faults.healthy()
                ? "ok" : "degraded");
        faults.report(node);
        node.put("reservationsWithoutCapacity", starved);
        ObjectNode config = node.putObject("config");
        config.put("directory", setup.config().directory().toString());
        config.put("loadedAt", health.loadedAt().toString());
        health.lastFailure().ifPresent(f -> {
            ObjectNode failure = config.putObject("lastFailure");
            failure.put("at", f.at().toString());
            var problems = failure.putArray("problems");
            f.problems().forEach(p -> problems.add(p.toString()));
        });
        List<String> found = store.problems();
        var problems = node.putArray("storeProblems");
        found.forEach(problems::add);
        if (!found.isEmpty()) {
            node.put("storeProblemsAcknowledge", "read them, then delete " + StoreProblems.FILE + " in the gateway's"
                    + " state directory");
        }
        node.put("leads", lead.leading());
        node.put("trackedBatches", batches.tracked());
        node.put("queuedLaunches", batches.queuedLaunches());
        return node;
    }

    private static void safely(Runnable work) {
        try {
            work.run();
        } catch (RuntimeException e) {
            LOG.warn("background work failed: {}", e.getMessage(), e);
        }
    }

    public int port() {
        return server.port();
    }

    /** {@code https} when the site configured TLS, else {@code http}. */
    public String scheme() {
        return server.scheme();
    }

    /** Batches re-attached and batches launched again when this gateway started. */
    public int[] recovered() {
        return recovered.clone();
    }

    @Override
    public void close() {
        server.close();
        scheduler.shutdownNow();
        faults.close();
        batches.close();
        lease.close();
        store.close();
    }

    /** Reloads the configuration when a file under its directory changes; a bad edit keeps the last good one. */
    private static final class ConfigWatch implements Runnable {
        private final ConfigSource config;
        private final AtomicLong lastSeen = new AtomicLong();

        ConfigWatch(ConfigSource config) {
            this.config = config;
            lastSeen.set(latestChange(config.directory()));
        }

        @Override
        public void run() {
            long latest = latestChange(config.directory());
            if (latest != lastSeen.getAndSet(latest)) {
                ReloadOutcome outcome = config.reload();
                LOG.info("configuration reloaded: {}", outcome);
            }
        }

        private static long latestChange(Path dir) {
            try (Stream<Path> files = Files.walk(dir)) {
                return files.filter(Files::isRegularFile).mapToLong(f -> f.toFile().lastModified()).max().orElse(0);
            } catch (IOException e) {
                return 0;
            }
        }
    }
}
