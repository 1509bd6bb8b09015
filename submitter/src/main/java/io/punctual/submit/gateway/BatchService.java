package io.punctual.submit.gateway;

import io.punctual.submit.assembly.Assembly;
import io.punctual.submit.launch.SparkRuntime;
import java.util.function.Supplier;

import io.punctual.submit.request.DeadlineKeys;
import io.punctual.submit.request.InvalidRequest;
import io.punctual.submit.config.TeamConfig;
import io.punctual.submit.request.Submission;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The gateway's batches: recorded durably before anything is launched, launched by a bounded pool (the rest wait in
 * a queue), followed by one shared poller, and never visible to another team.
 */
public final class BatchService implements AutoCloseable {

    private final BatchStore store;
    private final Supplier<Assembly> assembly;
    private final Clock clock;
    private final GatewayMetrics metrics;
    private final ThreadPoolExecutor launches;
    private final AdmissionRounds admissions;
    private final BatchLaunch launch;
    /** Under the working directory, beside each batch's own: the gateway's copies of shipped local files. */
    static final String SHIPPED = "shipped";

    private final Path workingDir;
    private final WorkingDirectories work;
    private final ShippedCopies copies;
    private final QueueSetup queues;
    private final SparkRuntime runtime;
    private final AppLinks links = new AppLinks();
    private final URI defaultFs;
    /** Batches this gateway launches or follows; another gateway's batches are adopted when this one leads. */
    private final java.util.Set<Integer> owned = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private volatile boolean leading = true;

    /** @param runtime the Spark the gateway launches with, which a Python batch must be able to run on */
    public BatchService(BatchStore store, Supplier<Assembly> assembly, PipelineFactory pipelines, Clock clock, GatewayMetrics metrics, int launchConcurrency, Path workingDir,
                        QueueSetup queues, URI defaultFs, SparkRuntime runtime) {
        this.runtime = runtime;
        this.store = store;
        this.defaultFs = defaultFs;
        this.assembly = assembly;
        this.clock = clock;
        this.metrics = metrics;
        this.workingDir = workingDir;
        this.work = new WorkingDirectories(workingDir);
        this.copies = work.copies();
        this.launches = new ThreadPoolExecutor(launchConcurrency, launchConcurrency, 60, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), runnable -> {
                    Thread thread = new Thread(runnable, "punctual-launch");
                    thread.setDaemon(true);
                    return thread;
                });
        this.queues = queues;
        this.launch = new BatchLaunch(store, pipelines, assembly, clock, metrics, workingDir, queues,
                launches);
        this.admissions = new AdmissionRounds(store, launch, clock, launches);
    }

    /** Cleans the working directory of what no batch that may still launch needs ({@link WorkingDirectories}). */
    WorkingDirectories.Swept sweepWork(List<BatchRecord> all) throws java.io.IOException {
        return work.sweep(all);
    }

    /** Every line of the batch's log as Livy's {@code /log} pages it ({@link LivyLog}). */
    List<String> logLines(BatchRecord batch) {
        return LivyLog.lines(batch, io.punctual.submit.pipeline.SubmissionPipeline.submitOutput(
                assembly.get().submissionLogs(), batch.submissionId()));
    }

    /**
     * Records a batch and queues its launch; the same idempotency key from the same team returns the batch it
     * created first, never a second application.
     */
    public BatchStore.Created submit(TeamConfig team, BatchRequest request, Optional<String> idempotencyKey) {
        Received received = receive(team, request);
        BatchIntake intake = received.intake();
        String planQueue = received.planQueue();
        String submissionId = "gw-" + Submission.newId();
        long submittedMs = intake.submittedAt().toEpochMilli();
        long deadlineMs = received.deadlineMs();
        BatchStore.Created created = store.createOnce(team.name(), idempotencyKey.orElse(null), id ->
                warned(BatchRecord.recorded(id, team.name(), submissionId, idempotencyKey.orElse(null),
                        request.name().orElse(null), request.proxyUser().orElse(null), intake.request(),
                        intake.jobKey().toString(), submittedMs, deadlineMs, planQueue, intake.deadline().isEmpty()),
                        intake));
        metrics.submitted(team.name(), created.isNew());
        if (created.isNew()) {
            if (leading) {
                enqueue(created.record().id());
            }
        } else if (!created.record().isLost() && !sameRequest(created.record(), intake, request)) {
            throw new IdempotencyConflict("Idempotency-Key '" + idempotencyKey.orElse("") + "' already created batch "
                    + created.record().id() + " from a different request; send that request again to get the batch,"
                    + " or use a new key for a new batch");
        }
        return created;
    }

    private static BatchRecord warned(BatchRecord recorded, BatchIntake intake) {
        BatchRecord record = recorded;
        for (String warning : intake.warnings()) {
            record = record.logged(intake.submittedAt() + " " + warning, intake.submittedAt().toEpochMilli());
        }
        return record;
    }

    /**
     * Whether a replay carries the request that created the batch, as both resolve: the same command line, name and
     * proxy user, and a deadline or none alike (a relative deadline is a later instant on every retry).
     */
    private static boolean sameRequest(BatchRecord first, BatchIntake again, BatchRequest request) {
        return first.request().equals(again.request()) && first.bestEffort() == again.deadline().isEmpty()
                && java.util.Objects.equals(first.name(), request.name().orElse(null))
                && java.util.Objects.equals(first.proxyUser(), request.proxyUser().orElse(null));
    }

    /** Sizing, admission verdict and the reservation that would be asked for, without recording or launching. */
    public DryRun dryRun(TeamConfig team, BatchRequest request) {
        Received received = receive(team, request);
        BatchIntake intake = received.intake();
        var record = BatchRecord.recorded(-1, team.name(), "gw-dry-run", null, request.name().orElse(null),
                request.proxyUser().orElse(null),
                intake.request(), intake.jobKey().toString(), intake.submittedAt().toEpochMilli(),
                received.deadlineMs(), received.planQueue(), intake.deadline().isEmpty());
        return launch.dryRun(record, intake.sizing());
    }

    /**
     * Work of a latency-sensitive group runs as BoPF classed its group ({@link GroupPlacement}): its YARN priority goes
     * into its conf, and its log says why. A request's own priority is kept.
     */
    private BatchIntake grouped(BatchIntake intake, TeamConfig team, Assembly current) {
        if (intake.deadline().isPresent() || intake.request().conf().containsKey(GroupPlacement.PRIORITY)) {
            return intake;
        }
        Optional<GroupPlacement> placement = GroupPlacement.of(current.config(), team, intake.jobKey().name(),
                queues.classes());
        if (placement.isEmpty()) {
            return intake;
        }
        var args = intake.request();
        java.util.Map<String, String> conf = new java.util.LinkedHashMap<>(args.conf());
        conf.put(GroupPlacement.PRIORITY, Integer.toString(placement.get().priority()));
        List<String> warnings = new java.util.ArrayList<>(intake.warnings());
        warnings.add(placement.get().note() + " (YARN priority " + placement.get().priority() + ")");
        return new BatchIntake(new io.punctual.submit.request.SubmitArguments(args.sparkOptions(), conf,
                args.primaryResource(), args.appArgs(), args.embedded()), intake.jobKey(), intake.submittedAt(),
                intake.deadline(), intake.sizing(), intake.settings(), warnings);
    }

    /** A request as a submission and a dry run both read it: checked, resolved, and placed in a plan queue. */
    private record Received(BatchIntake intake, String planQueue, long deadlineMs) {
    }

    /**
     * The edge where a request's values are read: a value the intake cannot use (a deadline already past, a conf the
     * settings refuse) is the caller's 400. Past this edge an {@link IllegalArgumentException} is Punctual's own
     * fault and is answered 500, with its cause logged.
     */
    private Received receive(TeamConfig team, BatchRequest request) {
        try {
            return intake(team, request);
        } catch (IllegalArgumentException unusable) {
            throw new InvalidRequest(unusable.getMessage());
        }
    }

    private Received intake(TeamConfig team, BatchRequest request) {
        Assembly current = assembly.get();
        runtime.requirePython(request.file());
        BatchIntake intake = grouped(BatchIntake.of(request, team, current, clock, defaultFs, copies), team, current);
        String planQueue = RequestedQueue.planQueue(request.queue(), team, current.config().site().cluster(),
                intake.deadline().isEmpty());
        long deadlineMs = intake.deadline().orElse(intake.submittedAt().plus(BatchIntake.BEST_EFFORT_HORIZON))
                .toEpochMilli();
        return new Received(intake, planQueue, deadlineMs);
    }

    /** Launches a recorded batch on the pool, unless this gateway already took it on. */
    void enqueue(int id) {
        if (owned.add(id)) {
            launches.execute(() -> launch.run(id));
        }
    }

    /** After a restart: the batch carries on from its recorded state, on the launch pool. */
    void restart(int id) {
        owned.add(id);
        launches.execute(() -> launch.restarted(id));
    }

    /**
     * Whether this gateway leads the ones sharing its store: only the lead launches. One that does not lead records
     * a batch and leaves it to the lead, which {@linkplain #adoptUnowned adopts} it.
     */
    void lead(boolean leads, long epoch) {
        launch.leadAs(epoch);
        if (leads && !leading) {
            // What this gateway remembers of batches it followed before may be stale: another gateway led since.
            owned.clear();
            launch.forgetAll();
        }
        leading = leads;
    }

    /**
     * The lead carries on the batches a store outage interrupted, and takes on unfinished batches no gateway
     * launches: the ones recorded by the other gateways.
     */
    void adoptUnowned() {
        launch.takeInterrupted().forEach(this::restart);
        for (BatchRecord batch : store.unfinished()) {
            if (!owned.contains(batch.id())) {
                if (batch.state() == BatchState.NOT_STARTED) {
                    enqueue(batch.id());
                } else {
                    restart(batch.id());
                }
            }
        }
    }

    /** The caller's batch; another team's batch is "not found", so ids do not leak. */
    public Optional<BatchRecord> get(String team, int id) {
        return store.get(id).filter(b -> team == null || b.team().equals(team));
    }

    /**
     * The caller's batches as {@code GET /batches} lists them: a finished one only until the site's retention has
     * passed since it ended, as Livy drops it after {@code state-retain.sec}; it stays in the store, so
     * {@link #get} still finds it.
     */
    public List<BatchRecord> list(String team) {
        long listedSince = clock.millis() - assembly.get().config().site().gateway().finishedRetention().toMillis();
        return store.all().stream().filter(b -> team == null || b.team().equals(team))
                .filter(b -> !b.isFinal() || endedAtMs(b) > listedSince).toList();
    }

    /** When a finished batch ended: its finish, else (a rejection has none) its last change, the verdict. */
    private static long endedAtMs(BatchRecord batch) {
        return batch.finishedAtMs() != null ? batch.finishedAtMs() : batch.updatedAtMs();
    }

    /** Kills the batch's application and releases its reservation; the batch stays, killed. */
    public Optional<BatchRecord> delete(String team, int id) {
        Optional<BatchRecord> batch = get(team, id);
        batch.ifPresent(b -> launch.kill(b.id(), "deleted by team " + b.team()));
        return batch.flatMap(b -> store.get(b.id()));
    }

    public int tracked() {
        return store.unfinished().size();
    }

    public int queuedLaunches() {
        return launches.getQueue().size();
    }

    /** The caller's queues: its team queue, and its latency-sensitive groups' BoPF classes. */
    QueueView queues(TeamConfig team) {
        return new QueueView(team.name(), queues.known(team.name()),
                queues.classes().stream().filter(c -> c.team().equals(team.name())).toList());
    }

    /** What {@code GET /queues} shows a team. */
    record QueueView(String team, Optional<io.punctual.yarn.queues.TeamQueue> queue,
                     List<QueueSetup.GroupClass> groups) {
    }

    AppLinks links() {
        return links;
    }

    AdmissionRounds admissions() {
        return admissions;
    }

    BatchLaunch launcher() {
        return launch;
    }

    BatchStore store() {
        return store;
    }


    /**
     * Stops launching: launches under way get a few seconds to reach YARN (and be recorded), then any spark-submit
     * this gateway started and still runs is stopped, so none outlives the gateway. Batches left unlaunched are
     * launched again by the next gateway over the same store.
     */
    @Override
    public void close() {
        ExecutorService pool = launches;
        pool.shutdown();
        try {
            if (!pool.awaitTermination(15, TimeUnit.SECONDS)) {
                pool.shutdownNow();
            }
        } catch (InterruptedException e) {
            pool.shutdownNow();
            Thread.currentThread().interrupt();
        }
        ProcessHandle.current().descendants()
                .filter(p -> p.info().commandLine().map(c -> c.contains(DeadlineKeys.SUBMISSION_ID + "=gw-")).orElse(false))
                .forEach(ProcessHandle::destroyForcibly);
    }
}
