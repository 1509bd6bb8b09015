package io.punctual.submit.bench;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Ctrl-C and SIGTERM during a run: a shutdown hook deletes every batch the run still has going through the gateway
 * (which kills its application and releases its reservation), then records the run as interrupted; the rows already
 * written stay, and {@code --resume} carries on from them. The run's loops ask {@link #stopping} between steps.
 */
public final class RunGuard implements AutoCloseable {

    private final GatewayClient client;
    private final Set<Integer> active = ConcurrentHashMap.newKeySet();
    private final List<Runnable> onStop = new CopyOnWriteArrayList<>();
    private final Thread hook;
    private volatile boolean stopping;

    private RunGuard(GatewayClient client, boolean install) {
        this.client = client;
        this.hook = new Thread(() -> stop("the bench was stopped"), "punctual-bench-stop");
        if (install) {
            Runtime.getRuntime().addShutdownHook(hook);
        }
    }

    /** A guard with its shutdown hook installed. */
    public static RunGuard install(GatewayClient client) {
        return new RunGuard(client, true);
    }

    /** A guard without a hook, stopped only by {@link #stop}: for tests. */
    static RunGuard detached(GatewayClient client) {
        return new RunGuard(client, false);
    }

    /** Runs once the batches are deleted, when the run is stopped (records the run as interrupted). */
    public void onStop(Runnable action) {
        onStop.add(action);
    }

    public void track(int batchId) {
        active.add(batchId);
    }

    public void done(int batchId) {
        active.remove(batchId);
    }

    public boolean stopping() {
        return stopping;
    }

    /**
     * Deletes every batch still going, then runs the stop actions; what fails to delete is left to YARN. A second
     * caller (the run's own thread, seeing {@link #stopping}) waits here until the first is done, so that nothing the
     * deletions need (an embedded gateway) is closed under them.
     */
    public synchronized void stop(String why) {
        if (stopping) {
            return;
        }
        stopping = true;
        List<Integer> going = List.copyOf(active);
        int deleted = 0;
        for (Integer id : going) {
            try {
                client.delete(id);
                active.remove(id);
                deleted++;
            } catch (RuntimeException e) {
                System.err.println("punctual: could not delete batch " + id + " (" + e.getMessage() + ")");
            }
        }
        System.err.println("punctual: " + why + "; deleted " + deleted + " of " + going.size() + " running batch(es),"
                + " kept the rows of what finished (--resume continues)");
        onStop.forEach(Runnable::run);
    }

    /** Sleeps, waking early when the run is stopped; returns whether the run goes on. */
    public boolean sleep(long millis) {
        long until = System.currentTimeMillis() + Math.max(0, millis);
        while (!stopping && System.currentTimeMillis() < until) {
            try {
                Thread.sleep(Math.min(200, Math.max(1, until - System.currentTimeMillis())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return !stopping;
    }

    /** The run ended by itself: the hook is no longer needed. */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException | IllegalArgumentException shuttingDownOrNeverInstalled) {
            // nothing to remove
        }
    }
}
