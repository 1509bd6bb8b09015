package io.punctual.history.model;

import io.punctual.history.run.RunRecord;
import java.util.List;
import java.util.Optional;

/**
 * The naive baseline: the job's runs' wall times as one distribution, whatever executor count each had. A model that
 * cannot beat this when predicting counts it has not seen should not pick executor counts.
 */
final class RuntimeDistribution implements CountModel {

    static final String NAME = "baseline";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Optional<CountFit> fit(List<RunRecord> runs) {
        if (runs.isEmpty()) {
            return Optional.empty();
        }
        double[] sorted = runs.stream().mapToDouble(CountModel::wallSeconds).sorted().toArray();
        return Optional.of(new CountFit(n -> Quantiles.nearestRank(sorted, 0.5), (n, q) -> Quantiles.nearestRank(sorted, q)));
    }
}
