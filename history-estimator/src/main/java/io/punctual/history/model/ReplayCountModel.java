package io.punctual.history.model;

import io.punctual.history.run.RunRecord;
import io.punctual.sizing.JobKey;
import java.util.List;
import java.util.Optional;

/** The DAG replay of {@link RuntimeModel}, with its executor scaling, as one candidate among the others. */
final class ReplayCountModel implements CountModel {

    static final String NAME = "replay";

    private final JobKey jobKey;
    private final ModelSettings settings;
    private final ReplayCache cache;

    ReplayCountModel(JobKey jobKey, ModelSettings settings, ReplayCache cache) {
        this.jobKey = jobKey;
        this.settings = settings;
        this.cache = cache;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Optional<CountFit> fit(List<RunRecord> runs) {
        if (!(RuntimeModels.train(jobKey, runs, settings, cache) instanceof TrainingOutcome.Trained trained)) {
            return Optional.empty();
        }
        RuntimeModel model = trained.model();
        return Optional.of(new CountFit(n -> model.wallSeconds(n, 0.5), model::wallSeconds));
    }
}
