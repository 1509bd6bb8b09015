package io.punctual.submit.learn;

import io.punctual.history.IngestProgress;
import io.punctual.history.IngestReport;
import io.punctual.history.RunHistory;
import io.punctual.history.model.RuntimeModel;
import io.punctual.history.model.CurveOutcome;
import io.punctual.history.run.RunRecord;
import io.punctual.sizing.JobKey;
import io.punctual.sizing.justice.CompletedJob;
import io.punctual.sizing.justice.ErrorSmoothing;
import io.punctual.sizing.justice.JusticeState;
import io.punctual.sizing.width.ParallelWorkPrior;
import io.punctual.yarn.AppState;
import io.punctual.sizing.sizer.JobHistory;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@link Learning} over stores: runs in the history store (event logs ingested as applications finish), and Justice's
 * state, the observed launch overheads and the work-per-task prior among the {@link LearnedTexts}. By default both are
 * under Punctual's home; gateways sharing a database keep both there, so a run learnt through one sizes the next
 * submission through any of them.
 */
public final class StoredLearning implements Learning {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(StoredLearning.class);
    private final RunHistory history;
    private final ErrorSmoothing smoothing;
    private final StoredJusticeState justice;
    private final LaunchOverheads overheads;
    private final StoredParallelWork parallelWork;
    private final Map<JobKey, Trained> models = new ConcurrentHashMap<>();

    private record Trained(CurveOutcome outcome, Object version) {
    }

    /**
     * @param smoothing how Justice averages its past errors ({@code punctual.sizing.justice.*})
     * @param clock     what says which launch overheads are still fresh ({@link LaunchOverheads#FRESH})
     */
    public StoredLearning(RunHistory history, LearnedTexts texts, ErrorSmoothing smoothing, Clock clock) {
        this.smoothing = smoothing;
        this.history = history;
        this.justice = new StoredJusticeState(texts, smoothing);
        this.overheads = new LaunchOverheads(texts, clock);
        this.parallelWork = new StoredParallelWork(texts);
    }

    /** Runs under {@code <punctualHome>/history}, the rest as files in {@code storeDir}. */
    public static StoredLearning open(Path punctualHome, Path storeDir, ErrorSmoothing smoothing, Clock clock) {
        return new StoredLearning(RunHistory.open(punctualHome), new LearnedFiles(storeDir), smoothing, clock);
    }

    /** The names of the texts learning keeps, for copying them from one store to another. */
    public static java.util.List<String> textNames() {
        return java.util.List.of(StoredJusticeState.NAME, LaunchOverheads.NAME, StoredParallelWork.NAME);
    }

    /** How Justice averages its past estimation errors here ({@code punctual.sizing.justice.*}). */
    public ErrorSmoothing smoothing() {
        return smoothing;
    }

    @Override
    public Optional<JobHistory> history(JobKey job) {
        if (!(model(job) instanceof CurveOutcome.Chosen chosen)) {
            return Optional.empty();
        }
        RuntimeModel model = chosen.curve().replay();
        return Optional.of(new JobHistory(model.trainingRuns().size(), model.runDemands(), chosen.curve(),
                launchOverhead(), model.p99TaskSeconds(), model.maxParallelism()));
    }

    @Override
    public String whyNoHistory(JobKey job) {
        return model(job) instanceof CurveOutcome.NoCurve none ? none.reason() : "it has history";
    }

    /**
     * The job's curve, chosen again only when its stored runs changed: a run learnt here, or through another gateway
     * sharing the store, is what the next submission is sized with.
     */
    private CurveOutcome model(JobKey job) {
        Object version = history.store().version(job);
        Trained cached = models.get(job);
        if (cached != null && cached.version().equals(version)) {
            return cached.outcome();
        }
        CurveOutcome outcome = history.curve(job);
        models.put(job, new Trained(outcome, version));
        return outcome;
    }

    @Override
    public JusticeState justice() {
        return justice.read();
    }

    @Override
    public ParallelWorkPrior parallelWork() {
        return parallelWork.read();
    }

    @Override
    public Duration launchOverhead() {
        return overheads.estimate();
    }

    /** A store that fails (a database gone, a full disk) is a problem in the report; the event log stays to ingest. */
    @Override
    public LearningReport learn(Completion completion) {
        try {
            return learnOrThrow(completion);
        } catch (RuntimeException e) {
            LOG.warn("could not record what {} taught", completion.eventLog().orElse(null), e);
            return new LearningReport(Optional.empty(), Optional.empty(), false, Optional.of("what the run taught"
                    + " could not be recorded (" + e.getMessage() + "); its event log "
                    + completion.eventLog().map(Path::toString).orElse("?") + " stays, and `punctual history ingest`"
                    + " of it (with the gateway's --conf-dir) stores the run"));
        }
    }

    private LearningReport learnOrThrow(Completion completion) {
        if (completion.eventLog().isEmpty()) {
            return new LearningReport(Optional.empty(), Optional.empty(), false,
                    Optional.of("no event log was found, so the run taught nothing"));
        }
        IngestReport report = history.ingest(completion.eventLog().get().toString(), IngestProgress.SILENT);
        Optional<RunRecord> run = report.outcomes().stream()
                .filter(o -> o instanceof IngestReport.Stored).map(o -> ((IngestReport.Stored) o).runId())
                .findFirst().flatMap(id -> history.store().get(id));
        if (run.isEmpty()) {
            return new LearningReport(Optional.empty(), Optional.empty(), false, Optional.of(
                    "the event log was not stored: " + report.toText().lines().findFirst().orElse("")));
        }
        RunRecord record = run.get();
        // A best-effort run's start also waited for room in a shared queue: it would teach a launch overhead that
        // deadline jobs, which start in their own reservation, do not have.
        Optional<Duration> overhead = completion.launchOverhead(Instant.ofEpochMilli(record.startMs()));
        overhead.ifPresent(overheads::record);
        if (completion.state() == AppState.SUCCEEDED) {
            parallelWork.record(record);
        }
        boolean tracked = track(completion, record);
        return new LearningReport(Optional.of(record.id().toString()), overhead, tracked, Optional.empty());
    }

    /**
     * Justice learns only from deadline jobs that ran to completion (Justice, Algorithm 2, TRACK_JOB): a killed or
     * failed job's computation is unknown, and work without a deadline has no deadline to learn a fraction against.
     */
    private boolean track(Completion completion, RunRecord record) {
        Optional<CompletedJob> job = completion.justiceInput(record.totals().taskTimeMs() / 1000.0
                * record.taskCpus(), record.maxStageTasks(), completion.executors() * completion.coresPerExecutor());
        job.ifPresent(tracked -> justice.update(state -> state.track(tracked)));
        return job.isPresent();
    }
}
