package io.punctual.submit.gateway;

import io.punctual.yarn.AppReport;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.ReservationId;
import io.punctual.yarn.ReservationInfo;
import io.punctual.submit.request.DeadlineKeys;
import io.punctual.submit.request.SparkSettings;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a gateway does when it starts over its store: stops any spark-submit a killed gateway left behind (so no
 * application is started twice, nor one kept retrying a ResourceManager that died with the gateway), re-attaches to
 * the applications its batches started (found by their tags), launches again the batches that never reached YARN,
 * releases reservations no batch will use, and kills gateway applications that no batch owns (their client is gone).
 * In client mode spark-submit is the driver: one whose application YARN has is left to run.
 */
final class GatewayRecovery {

    private static final Logger LOG = LoggerFactory.getLogger(GatewayRecovery.class);

    /** Written to a batch's log at each restart that finds it not yet in YARN: counted to break a crash loop. */
    static final String RESTARTED_EARLY = "the gateway restarted before YARN had the application";

    /** A batch whose launch was under way at this many restarts is not launched again: it may be the cause. */
    static final int MAX_EARLY_RESTARTS = 2;

    /** How long a killed orphan may take to go (SIGKILL: no time at all, unless the host is thrashing). */
    private static final Duration ORPHAN_EXIT = Duration.ofSeconds(5);

    private final BatchService batches;
    private final ClusterGateway gateway;
    private final Clock clock;

    GatewayRecovery(BatchService batches, ClusterGateway gateway, Clock clock) {
        this.batches = batches;
        this.gateway = gateway;
        this.clock = clock;
    }

    /**
     * Every unfinished batch carries on from its recorded state on the launch pool (a launch that was in flight is
     * looked for by its tag first, and its orphaned spark-submit stopped). Returns how many batches had an application
     * to re-attach to and how many had not reached YARN yet.
     */
    int[] recover() {
        int attached = 0;
        int relaunched = 0;
        for (BatchRecord batch : batches.store().unfinished()) {
            stopOrphans(batch);
            try {
                if (batch.appId() == null) {
                    long before = batch.log().stream().filter(line -> line.contains(RESTARTED_EARLY)).count();
                    if (before >= MAX_EARLY_RESTARTS) {
                        batches.launcher().fail(batch.id(), "the gateway restarted " + (before + 1) + " times while"
                                + " this batch was being launched, so it is not launched again (it may be what stops"
                                + " the gateway); submit it again, and if it recurs, report it to the site");
                        continue;
                    }
                    batches.launcher().change(batch.id(), b -> b.logged(clock.instant() + " " + RESTARTED_EARLY
                            + "; carrying on from " + b.state().livyName(), clock.millis()));
                }
                batches.restart(batch.id());
                attached += batch.appId() != null ? 1 : 0;
                relaunched += batch.appId() == null ? 1 : 0;
            } catch (RuntimeException e) {
                LOG.warn("batch {} cannot carry on after the restart", batch.id(), e);
                batches.launcher().fail(batch.id(), "the gateway restarted and could not carry this batch on: "
                        + e.getMessage());
            }
        }
        reap();
        return new int[] {attached, relaunched};
    }

    /**
     * Stops a spark-submit a killed gateway left behind for the batch, whether or not YARN had its application: after
     * {@code kill -9} of {@code serve --embedded} its YARN is gone with the gateway, so the spark-submit retries a
     * ResourceManager that will never know its application, for as long as its client's patience lasts, or submits
     * it to the new one. Found by the batch's mark on its command line, as the launch looks for one too.
     */
    private static void stopOrphans(BatchRecord batch) {
        if (batch.appId() != null && !SparkSettings.clusterMode(SparkSettings.effective(batch.request()))) {
            return;
        }
        String mark = DeadlineKeys.SUBMISSION_ID + "=" + batch.submissionId();
        ProcessHandle self = ProcessHandle.current();
        ProcessHandle.allProcesses().filter(p -> !p.equals(self))
                .filter(p -> p.info().commandLine().map(c -> c.contains(mark)).orElse(false))
                .forEach(orphan -> {
                    LOG.warn("stopping process {}: a spark-submit of batch {} that a previous gateway left behind",
                            orphan.pid(), batch.id());
                    orphan.descendants().forEach(ProcessHandle::destroyForcibly);
                    orphan.destroyForcibly();
                    awaitExit(orphan);
                });
    }

    /** A batch launched again must not race the old spark-submit's last steps. */
    private static void awaitExit(ProcessHandle process) {
        try {
            process.onExit().get(ORPHAN_EXIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            LOG.warn("process {} did not exit within {}", process.pid(), ORPHAN_EXIT);
        }
    }

    /**
     * Kills gateway applications whose batch is over or unknown, and releases gateway reservations no running batch
     * holds. Only what carries the gateway's own marks is touched: CLI submissions are left alone.
     */
    void reap() {
        List<BatchRecord> all = batches.store().all();
        Set<String> live = all.stream().filter(b -> !b.isFinal()).map(BatchRecord::submissionId)
                .collect(Collectors.toSet());
        for (AppReport app : gateway.applicationsTagged(BatchIntake.GATEWAY_TAG)) {
            boolean owned = app.tags().stream().anyMatch(t -> t.startsWith("punctual-sub-")
                    && live.contains(t.substring("punctual-sub-".length())));
            if (!app.state().isFinal() && !owned) {
                LOG.warn("killing {}: no live batch owns it (its client is gone)", app.id());
                killQuietly(app.id());
            }
        }
        Set<String> held = all.stream().filter(b -> !b.isFinal() && b.reservationId() != null)
                .map(BatchRecord::reservationId).collect(Collectors.toSet());
        // Only deadline batches reserve; a best-effort batch of an older journal may name a queue with no plan.
        Set<String> queues = all.stream().filter(b -> !b.bestEffort()).map(BatchRecord::planQueue)
                .collect(Collectors.toSet());
        for (String queue : queues) {
            for (ReservationInfo reservation : reservationsIn(queue)) {
                if (reservation.name().startsWith("punctual gw-") && !held.contains(reservation.id().value())) {
                    LOG.warn("releasing {}: no live batch holds it", reservation.id());
                    releaseQuietly(reservation.id());
                }
            }
        }
        sweepWork(all);
    }

    private void sweepWork(List<BatchRecord> all) {
        try {
            var swept = batches.sweepWork(all);
            if (swept.batchDirectories() + swept.copies() > 0) {
                LOG.info("working directory: deleted {} ended batches' directories and {} shipped copies no batch"
                        + " that may still launch names", swept.batchDirectories(), swept.copies());
            }
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            LOG.warn("could not clean the working directory ({}); it is tried again at the next reaping",
                    e.getMessage());
        }
    }

    /** One queue YARN cannot list (not reservable, or gone) must not stop the others being cleaned up. */
    private List<ReservationInfo> reservationsIn(String queue) {
        try {
            return gateway.reservations(queue);
        } catch (RuntimeException e) {
            LOG.warn("cannot list the reservations in queue {} ({}); leaving them to expire", queue, e.getMessage());
            return List.of();
        }
    }

    private void killQuietly(io.punctual.yarn.AppId app) {
        try {
            gateway.kill(app, "Punctual gateway: no batch owns this application any more");
        } catch (RuntimeException e) {
            LOG.warn("could not kill {} ({}); the next round tries again", app, e.getMessage());
        }
    }

    /** A reservation that cannot be released now expires at its deadline; recovery must go on regardless. */
    private void releaseQuietly(ReservationId id) {
        try {
            gateway.release(id);
        } catch (io.punctual.yarn.GatewayException e) {
            LOG.warn("could not release {} ({}); YARN drops it at its deadline", id, e.getMessage());
        }
    }
}
