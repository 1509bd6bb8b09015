package io.punctual.submit.gateway;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.ClusterUnreachable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether what the gateway cannot work without answers: the ResourceManager and the state directory. Each is asked
 * every {@link #EVERY} on a thread of its own and given {@link #PATIENCE} to answer, so a hung one is a fault after
 * that long even while its call still hangs (and no second call piles up behind it); a call the gateway made for other
 * reasons that found the ResourceManager gone says so at once ({@link #clusterFailed}). {@code /healthz} shows each
 * part, and requests that need a part that does not answer are refused at once instead of waiting for it.
 */
final class FaultWatch implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(FaultWatch.class);
    static final Duration EVERY = Duration.ofSeconds(5);
    static final Duration PATIENCE = Duration.ofSeconds(10);
    /** A tag no application carries: asking for it costs the ResourceManager a lookup and returns nothing. */
    private static final String PROBE_TAG = "punctual-health-check";
    private static final String PROBE_FILE = ".health-check";
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(5);

    /** A part that does not answer: since when, by the gateway's clock, and why, in words without host paths. */
    record Fault(String part, Instant since, String cause) {
    }

    private final Check resourceManager;
    private final Check stateDirectory;
    private final ScheduledExecutorService schedule;

    private FaultWatch(Check resourceManager, Check stateDirectory) {
        this.resourceManager = resourceManager;
        this.stateDirectory = stateDirectory;
        this.schedule = Executors.newSingleThreadScheduledExecutor(daemon("punctual-fault-watch"));
    }

    /** Watches {@code cluster} (unguarded: the watch must see it come back) and {@code stateDir}, once started. */
    static FaultWatch of(ClusterGateway cluster, Path stateDir, Clock clock) {
        return new FaultWatch(
                new Check("resourceManager", () -> cluster.applicationsTagged(PROBE_TAG), Throwable::getMessage, clock),
                new Check("stateDirectory", () -> writable(stateDir), e -> "the gateway's state directory cannot be"
                        + " written (" + e.getClass().getSimpleName() + "); the gateway's log has the path", clock));
    }

    /** Checks now and every {@link #EVERY} from now on. */
    void start() {
        schedule.scheduleWithFixedDelay(this::checkNow, 0, EVERY.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Both parts asked once, each waiting up to {@link #PATIENCE}; in turn, so one hung part delays the other's. */
    void checkNow() {
        resourceManager.run(PATIENCE);
        stateDirectory.run(PATIENCE);
    }

    /** A call made for other work found the ResourceManager not answering: a fault until a check finds it again. */
    void clusterFailed(String cause) {
        resourceManager.failed(cause);
    }

    Optional<Fault> resourceManager() {
        return resourceManager.fault();
    }

    Optional<Fault> stateDirectory() {
        return stateDirectory.fault();
    }

    /** Refuses a submission that would need a part that does not answer: it would wait for it, then fail. */
    void requireAnswering() {
        stateDirectory().ifPresent(f -> {
            throw StoreUnavailable.stateDirectory("the state directory does not answer: " + f.cause(), null);
        });
        resourceManager().ifPresent(f -> {
            throw new ClusterUnreachable("the ResourceManager does not answer: " + f.cause());
        });
    }

    boolean healthy() {
        return resourceManager().isEmpty() && stateDirectory().isEmpty();
    }

    /** Each part as {@code /healthz} shows it. */
    void report(ObjectNode node) {
        for (Check check : new Check[] {resourceManager, stateDirectory}) {
            ObjectNode part = node.putObject(check.part);
            part.put("answers", check.fault().isEmpty());
            check.fault().ifPresent(f -> part.put("since", f.since().toString()).put("cause", f.cause()));
        }
    }

    /** Creates, forces and deletes a small file: what the journal and learning need of the directory. */
    private static Void writable(Path dir) throws IOException {
        Path probe = dir.resolve(PROBE_FILE);
        try (FileChannel file = FileChannel.open(probe, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            file.write(ByteBuffer.wrap("ok\n".getBytes(StandardCharsets.US_ASCII)));
            file.force(true);
        }
        Files.delete(probe);
        return null;
    }

    /** Stops checking; waits briefly for a check under way, so none writes into the directory after this returns. */
    @Override
    public void close() {
        schedule.shutdownNow();
        for (Check check : new Check[] {resourceManager, stateDirectory}) {
            check.thread.shutdownNow();
            try {
                if (!check.thread.awaitTermination(CLOSE_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                    LOG.warn("the {} check did not stop within {}", check.part, CLOSE_WAIT);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return runnable -> {
            Thread thread = new Thread(runnable, name);
            thread.setDaemon(true);
            return thread;
        };
    }

    /** One part's checks: at most one under way; one that outlasts the patience is a fault for as long as it hangs. */
    private static final class Check {
        private final String part;
        private final Callable<?> probe;
        private final Function<Throwable, String> cause;
        private final Clock clock;
        private final ExecutorService thread;
        private Future<?> underWay;
        private volatile Fault fault;

        Check(String part, Callable<?> probe, Function<Throwable, String> cause, Clock clock) {
            this.part = part;
            this.probe = probe;
            this.cause = cause;
            this.clock = clock;
            this.thread = Executors.newSingleThreadExecutor(daemon("punctual-check-" + part));
        }

        /** Only the watch's own thread runs checks. */
        void run(Duration patience) {
            if (underWay == null) {
                underWay = thread.submit(probe);
            }
            try {
                underWay.get(patience.toMillis(), TimeUnit.MILLISECONDS);
                underWay = null;
                if (fault != null) {
                    LOG.info("{} answers again (it did not from {})", part, fault.since());
                }
                fault = null;
            } catch (TimeoutException hung) {
                failed("did not answer within " + patience.toSeconds() + " s");
            } catch (ExecutionException e) {
                underWay = null;
                if (fault == null) {
                    LOG.warn("{} does not answer", part, e.getCause());
                }
                failed(cause.apply(e.getCause()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        /** Keeps when the fault began; the cause is the latest. */
        void failed(String why) {
            Fault before = fault;
            fault = new Fault(part, before == null ? clock.instant() : before.since(), why);
        }

        Optional<Fault> fault() {
            return Optional.ofNullable(fault);
        }
    }
}
