package io.punctual.submit.gateway;

import io.punctual.submit.assembly.Assembly;
import java.util.function.Supplier;

import io.punctual.sizing.JobKey;
import io.punctual.submit.pipeline.Decision;
import io.punctual.submit.pipeline.SizingSettings;
import io.punctual.submit.request.SparkSettings;
import io.punctual.submit.request.Submission;
import io.punctual.submit.pipeline.SubmissionEvent;
import io.punctual.submit.pipeline.SubmissionPipeline;
import io.punctual.yarn.AppId;
import io.punctual.submit.pipeline.Conductor;
import io.punctual.submit.pipeline.Observation;
import io.punctual.submit.pipeline.SubmissionState;
import io.punctual.submit.pipeline.SubmissionOutcome;
import io.punctual.submit.pipeline.ReservationPlan;
import io.punctual.yarn.AppReport;
import io.punctual.yarn.ClusterUnreachable;
import java.util.Set;
import java.util.concurrent.Executor;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drives the gateway's batches through the one {@link SubmissionMachine}: the launch pool advances a batch from
 * recorded to running (sizing, reserving, waiting for the queue, spark-submit), the shared poller feeds it YARN's
 * reports and the clock's ticks, recovery tells it the gateway restarted, and a DELETE asks it to stop. Every state it
 * passes through is written to the batch's record before the next action is taken, and a batch ended meanwhile (a
 * DELETE while it launched) wins over what a slower thread would write.
 */
final class BatchLaunch {

    private static final Logger LOG = LoggerFactory.getLogger(BatchLaunch.class);

    private final BatchStore store;
    private final PipelineFactory pipelines;
    private final Supplier<Assembly> assembly;
    private final Clock clock;
    private final GatewayMetrics metrics;
    private final TransitionCounts counts;
    private final Path workingDir;
    private final QueueSetup queues;
    private final Executor pool;
    private final Map<Integer, Object> locks = new ConcurrentHashMap<>();
    private final Map<Integer, SubmissionState> live = new ConcurrentHashMap<>();
    private final Map<Integer, Conductor> conductors = new ConcurrentHashMap<>();
    private final Set<Integer> busy = ConcurrentHashMap.newKeySet();
    private volatile long epoch;
    private final Set<Integer> ticking = ConcurrentHashMap.newKeySet();
    private final Set<Integer> interrupted = ConcurrentHashMap.newKeySet();

    BatchLaunch(BatchStore store, PipelineFactory pipelines, Supplier<Assembly> assembly, Clock clock, GatewayMetrics metrics, Path workingDir, QueueSetup queues, Executor pool) {
        this.store = store;
        this.pipelines = pipelines;
        this.assembly = assembly;
        this.clock = clock;
        this.metrics = metrics;
        this.counts = new TransitionCounts(metrics);
        this.workingDir = workingDir;
        this.queues = queues;
        this.pool = pool;
    }

    /** A recorded batch's first steps, on the launch pool: size, reserve, launch. */
    void run(int id) {
        try {
            change(id, b -> b.state() == BatchState.NOT_STARTED ? b.withState(BatchState.STARTING, now()) : b);
        } catch (StoreUnavailable e) {
            pause(id, e);
            return;
        }
        advance(id, new Observation.Tick(), true);
    }

    /** After a restart: the batch carries on from its recorded state (a launch in flight is looked for first). */
    void restarted(int id) {
        advance(id, new Observation.Restarted(), true);
    }

    /** The poller's report of a batch's application (empty when YARN does not know it). */
    void observed(int id, AppId app, Optional<AppReport> report) {
        if (!busy.contains(id)) {
            advance(id, conductor(id).seen(app, report), true);
        }
    }

    /** A queued batch's turn in an admission round, on the caller's thread (skipped while another step holds it). */
    void turn(int id, Observation turn) {
        advance(id, turn, true);
    }

    /** Time passed: a batch waiting for its reservation's queue, or to ask YARN again, tries on the launch pool. */
    void tick(int id) {
        SubmissionState state = state(id);
        boolean waiting = state instanceof SubmissionState.Reserved
                || state instanceof SubmissionState.Sized sized && sized.retryAt().isPresent();
        // One queued tick per batch at most: a busy pool must not fill up with the same waiting batch, round after round.
        if (waiting && !busy.contains(id) && ticking.add(id)) {
            pool.execute(() -> {
                ticking.remove(id);
                advance(id, new Observation.Tick(), true);
            });
        }
    }

    /** Kills what the batch started and releases what it holds; the batch ends killed. */
    void kill(int id, String why) {
        if (state(id).isEnded()) {
            return;
        }
        change(id, b -> b.logged(clock.instant() + " killed: " + why, now()));
        advance(id, new Observation.KillAsked(why), false);
    }

    /**
     * One step of the machine for the batch. {@code exclusive} steps (everything but a kill) never run twice at once
     * for a batch; a kill goes through whatever else is under way, and the recording rule sorts out the race.
     */
    private void advance(int id, Observation observation, boolean exclusive) {
        if (exclusive && !busy.add(id)) {
            return;
        }
        try {
            SubmissionState state = state(id);
            if (!state.isEnded()) {
                conductor(id).advance(state, observation, next -> record(id, next));
            }
        } catch (ClusterUnreachable e) {
            if (!exclusive) {
                // A kill YARN was not told of: the caller is told so (a 503), rather than the kill being forgotten.
                throw e;
            }
            // Nothing was decided: the batch carries on from its recorded state once YARN answers again.
            pause(id, e);
        } catch (StoreUnavailable e) {
            pause(id, e);
        } catch (LeadLost e) {
            // Nothing was launched: the new lead adopts the batch from its record and carries it on.
            LOG.warn("{}", e.getMessage());
            live.remove(id);
            conductors.remove(id);
        } catch (RuntimeException e) {
            LOG.warn("batch {} failed", id, e);
            fail(id, "failed while launching: " + e.getMessage());
        } finally {
            if (exclusive) {
                busy.remove(id);
            }
        }
    }

    /**
     * Ends the batch failed, with the reason. A record the machine cannot read back (an older or damaged one) is
     * ended directly, so one bad batch never stops the rest.
     */
    void fail(int id, String reason) {
        try {
            Submission submission = state(id).submission();
            record(id, new SubmissionState.Ended(submission, new SubmissionOutcome.Failed(submission, reason)));
        } catch (RuntimeException unreadable) {
            LOG.warn("batch {} cannot be read back; ending it failed", id, unreadable);
            live.remove(id);
            conductors.remove(id);
            change(id, b -> b.isFinal() ? b : b.toBuilder().state(BatchState.DEAD).reason(CallerText.of(reason))
                    .finished(now(), b.bestEffort() ? null : false).build()
                    .logged(clock.instant() + " failed: " + CallerText.of(reason), now()));
        }
    }

    /**
     * A step met an unavailable store (its outcome may not be recorded, and failing the batch could not be recorded
     * either) or a ResourceManager that did not answer (nothing was decided, and failing the batch would end it for
     * an outage). The batch carries on from its last recorded state, as after a restart (an application it started is
     * found by its tag), once the lead hands it out again ({@link #takeInterrupted}).
     */
    private void pause(int id, RuntimeException e) {
        LOG.warn("batch {} paused until {} answers: {}", id, e instanceof StoreUnavailable ? "the store" : "YARN",
                e.getMessage());
        live.remove(id);
        conductors.remove(id);
        interrupted.add(id);
    }

    /** Batches whose last step met an unavailable store, each handed out once to be carried on. */
    java.util.List<Integer> takeInterrupted() {
        java.util.List<Integer> taken = new java.util.ArrayList<>();
        for (Integer id : interrupted) {
            if (interrupted.remove(id)) {
                taken.add(id);
            }
        }
        return taken;
    }

    /** Drops what this gateway remembers of every batch's state; the store is read again. */
    void forgetAll() {
        live.clear();
        conductors.clear();
    }

    SubmissionState state(int id) {
        SubmissionState known = live.get(id);
        if (known != null) {
            return known;
        }
        BatchRecord batch = stored(id);
        return BatchStates.of(batch, workingDir);
    }

    /** Writes the state into the batch's record, unless the batch ended meanwhile; returns what now stands. */
    private SubmissionState record(int id, SubmissionState next) {
        synchronized (locks.computeIfAbsent(id, k -> new Object())) {
            BatchRecord before = stored(id);
            if (before.isFinal() && !next.isEnded()) {
                return BatchStates.of(before, workingDir);
            }
            if (before.isFinal()) {
                return next;
            }
            // The end and its log line in one write: a client that sees the batch ended must also see why. The
            // launch record is the lead's alone: a gateway that lost the lead unawares is refused it (LeadLost).
            change(id, b -> endLogged(BatchStates.write(b, next, now()).build(), next),
                    next instanceof SubmissionState.Launching);
            counts.count(store.get(id), live.get(id), next);
            if (next.isEnded()) {
                live.remove(id);
                conductors.remove(id);
            } else {
                live.put(id, next);
            }
            return next;
        }
    }

    private BatchRecord endLogged(BatchRecord written, SubmissionState next) {
        if (!(next instanceof SubmissionState.Ended ended)) {
            return written;
        }
        return BatchLog.endLine(ended.outcome()).map(line -> written.logged(clock.instant() + line, now())).orElse(written);
    }

    private Conductor conductor(int id) {
        return conductors.computeIfAbsent(id, k -> {
            BatchRecord batch = stored(id);
            // The queue a run launched ahead starts in is made before the batch reserves (see Gateway.placeQueues);
            // if YARN cannot make it now, the conductor asks again when it needs it.
            try {
                teamQueue(batch);
            } catch (RuntimeException e) {
                LOG.debug("team queue for batch {} not made yet: {}", id, e.getMessage());
            }
            return pipeline(batch).conductor(s -> batch.bestEffort() ? Optional.of(bestEffortQueue(batch))
                    : Optional.empty(), s -> teamQueue(batch), took -> metrics.sized(took.toNanos()));
        });
    }

    /** What a submission would get, for a dry run: sizing, and for a deadline batch the reservation plan. */
    DryRun dryRun(BatchRecord batch, SizingSettings sizing) {
        SubmissionPipeline pipeline = pipelines.pipeline(sizing, e -> { });
        Submission submission = BatchRuns.submission(batch, workingDir);
        Decision decision = pipeline.decide(submission, batch.bestEffort() ? Optional.of(bestEffortQueue(batch))
                : Optional.empty());
        Optional<ReservationPlan> plan = decision.sized().filter(s -> !batch.bestEffort())
                .map(s -> pipeline.plan(submission, decision.sizingFor(s)));
        return DryRun.of(batch, decision, batch.bestEffort(), plan, sizing.admission());
    }

    SubmissionPipeline pipeline(BatchRecord batch) {
        return pipelines.pipeline(sizingSettings(batch), event -> log(batch.id(), event));
    }

    /** The team's sizing knobs, resolved again from the stored command line (so a restart needs nothing else). */
    SizingSettings sizingSettings(BatchRecord batch) {
        Assembly current = assembly.get();
        return current.sizing(current.settings(JobKey.parse(batch.jobKey()), SparkSettings.effective(batch.request())));
    }

    /**
     * Work without a deadline runs in the site's best-effort queue when the request named it; a Hard latency-sensitive
     * group's, in the reservation holding its burst now; else in its team's own queue (created on first use), else the
     * site's best-effort one.
     */
    private String bestEffortQueue(BatchRecord batch) {
        var current = assembly.get().config();
        String siteQueue = current.site().cluster().bestEffortQueue();
        if (siteQueue.equals(SparkSettings.effective(batch.request()).get("spark.yarn.queue"))) {
            return siteQueue;
        }
        Optional<String> hard = current.team(batch.team()).flatMap(team -> GroupPlacement.of(current, team,
                JobKey.parse(batch.jobKey()).name(), queues.classes()))
                .filter(p -> p.queueClass() == io.punctual.sizing.bopf.QueueClass.HARD)
                .flatMap(p -> queues.hardQueueNow(batch.team(), p.group(), assembly.get().planQueue(), clock.instant()));
        return hard.orElseGet(() -> teamQueue(batch));
    }

    /** The team's own queue (created on first use), else the site's best-effort one: where its late runs go too. */
    private String teamQueue(BatchRecord batch) {
        var current = assembly.get().config();
        return current.team(batch.team()).flatMap(queues::teamQueue)
                .orElse(current.site().cluster().bestEffortQueue());
    }

    /** Every event but task progress, which would crowd the steps out of the log's last lines. */
    private void log(int id, SubmissionEvent event) {
        if (event instanceof SubmissionEvent.Progress) {
            return;
        }
        change(id, b -> b.logged(BatchLog.line(clock.instant(), event), now()));
    }

    /** Applies a change to the stored batch under the batch's own lock and returns what was stored. */
    BatchRecord change(int id, UnaryOperator<BatchRecord> update) {
        return change(id, update, false);
    }

    private BatchRecord change(int id, UnaryOperator<BatchRecord> update, boolean asLead) {
        synchronized (locks.computeIfAbsent(id, k -> new Object())) {
            BatchRecord current = stored(id);
            BatchRecord next = update.apply(current);
            if (next != current) {
                next = next.toBuilder().updatedAt(now()).build();
                if (asLead) {
                    store.updateAsLead(next, epoch);
                } else {
                    store.update(next);
                }
            }
            return next;
        }
    }

    /** The lead's epoch this gateway launches under, from the lease ({@link Lease#epoch()}). */
    void leadAs(long epoch) {
        this.epoch = epoch;
    }

    private BatchRecord stored(int id) {
        return store.get(id).orElseThrow(() -> new IllegalStateException("no batch " + id));
    }

    private long now() {
        return clock.millis();
    }
}
