package io.punctual.history;

import io.punctual.sizing.JobKey;
import io.punctual.history.eventlog.EventLogParser;
import io.punctual.history.model.ModelSettings;
import io.punctual.history.model.ReplayCache;
import io.punctual.history.model.RuntimeModels;
import io.punctual.history.model.CurveOutcome;
import io.punctual.history.model.TrainingOutcome;
import io.punctual.history.model.ValidatedCurve;
import io.punctual.history.run.RunRecord;
import io.punctual.history.source.RunSource;
import io.punctual.history.store.FileHistoryStore;
import io.punctual.history.store.HistoryStore;
import io.punctual.history.store.StoreScan;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The logic of {@code punctual history ingest | show | predict}, returning values the CLI prints ({@code toText()}
 * or {@code toJson()}), and the model the submission pipeline sizes with. Not the CLI's argument parsing.
 */
public final class RunHistory {

    private static final Logger LOG = LoggerFactory.getLogger(RunHistory.class);

    private final HistoryStore store;
    private final SourceResolver sources;
    private final ModelSettings settings;
    private final EventLogParser parser = new EventLogParser();
    private final ReplayCache replays = new ReplayCache(512);

    public RunHistory(HistoryStore store, SourceResolver sources, ModelSettings settings) {
        this.store = Objects.requireNonNull(store, "store");
        this.sources = Objects.requireNonNull(sources, "sources");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /** The default setup: the file store under {@code <punctualHome>/history}, default sources and settings. */
    public static RunHistory open(Path punctualHome) {
        return new RunHistory(FileHistoryStore.open(punctualHome.resolve("history")), SourceResolver.defaults(),
                ModelSettings.DEFAULT);
    }

    public HistoryStore store() {
        return store;
    }

    /**
     * {@code history ingest <dir|file|hdfs://...|http://shs:18080>}: reads every log found and stores its run.
     * Problems with single logs or places are outcomes in the report, never exceptions; only a target that names
     * no usable source at all (a malformed URI) throws {@link IllegalArgumentException}.
     */
    public IngestReport ingest(String target, IngestProgress progress) {
        RunSource source;
        try {
            source = sources.resolve(target);
        } catch (IOException e) {
            return new IngestReport(target, List.of(new IngestReport.Unreachable(target,
                    "cannot open the file system: " + e.getMessage())));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("cannot ingest '" + target + "': " + e.getMessage(), e);
        }
        try {
            return new Ingestion(store, parser).run(source, progress);
        } finally {
            try {
                source.close();
            } catch (IOException e) {
                LOG.warn("could not close {} after ingesting from it: {}", source.describe(), e.toString());
            }
        }
    }

    /** {@code history show [jobKey]}: every stored run (of one job key, or all) and each job's model summary. */
    public ShowReport show(Optional<JobKey> jobKey) {
        StoreScan scan = store.runs(jobKey);
        Map<JobKey, List<RunRecord>> byKey = new LinkedHashMap<>();
        scan.runs().stream().sorted(java.util.Comparator.comparing(RunRecord::jobKey))
                .forEach(r -> byKey.computeIfAbsent(r.jobKey(), k -> new ArrayList<>()).add(r));
        List<ModelSummary> models = new ArrayList<>();
        byKey.forEach((key, runs) -> models.add(ModelSummary.of(key, runs, curve(key, runs))));
        if (jobKey.isPresent() && byKey.isEmpty()) {
            models.add(ModelSummary.of(jobKey.get(), List.of(), curve(jobKey.get(), List.of())));
        }
        return new ShowReport(scan.runs().stream().map(ShowReport.RunRow::of).toList(), models, scan.problems());
    }

    /** {@code history predict <jobKey> --executors N}: wall-time quantiles at N, demand, and the curve around it. */
    public PredictReport predict(JobKey jobKey, int executors) {
        if (executors < 1) {
            throw new IllegalArgumentException("--executors must be at least 1, got " + executors);
        }
        CurveOutcome outcome = curve(jobKey);
        if (outcome instanceof CurveOutcome.Chosen chosen) {
            return PredictReport.Prediction.of(chosen.curve(), executors);
        }
        return new PredictReport.NoModel(jobKey, ((CurveOutcome.NoCurve) outcome).reason());
    }

    /**
     * The job's runtime curve as sizing uses it: the replay model trained from its stored runs, and the candidate
     * that predicts executor counts left out best ({@link ValidatedCurve}).
     */
    public CurveOutcome curve(JobKey jobKey) {
        return curve(jobKey, store.runs(Optional.of(jobKey)).runs());
    }

    private CurveOutcome curve(JobKey jobKey, List<RunRecord> runs) {
        TrainingOutcome outcome = RuntimeModels.train(jobKey, runs, settings, replays);
        if (outcome instanceof TrainingOutcome.Untrained untrained) {
            return new CurveOutcome.NoCurve(jobKey, untrained.reason());
        }
        List<RunRecord> trainable = runs.stream().filter(r -> r.jobKey().equals(jobKey) && r.trainable()).toList();
        return ValidatedCurve.choose(jobKey, trainable, ((TrainingOutcome.Trained) outcome).model(), settings,
                replays);
    }

    /** The job's model, trained from its stored runs: what sizing uses. */
    public TrainingOutcome model(JobKey jobKey) {
        return RuntimeModels.train(jobKey, store.runs(Optional.of(jobKey)).runs(), settings, replays);
    }
}
