package io.punctual.history;

import io.punctual.sizing.JobKey;
import io.punctual.history.model.FittedDistribution;
import io.punctual.history.model.RuntimeModel;
import io.punctual.history.model.TrainingOutcome;

import java.util.Optional;

/**
 * A job's model at a glance, for {@code history show}. Untrained jobs carry only the reason.
 *
 * @param demandP50 executor-core-seconds, empirical over training runs (likewise p90, p99)
 * @param wallP50AtMaxUseful predicted median wall seconds at the max useful executor count
 */
public record ModelSummary(JobKey jobKey, int runs, int trainingRuns, Optional<String> untrainedReason,
                           double demandP50, double demandP90, double demandP99, Optional<FittedDistribution> fit,
                           double p99TaskSeconds, int maxParallelism, int maxUsefulExecutors, int coresPerExecutor,
                           double driverOnlySeconds, double inputElasticity, String inputDriftMethod,
                           double wallP50AtMaxUseful, double wallP90AtMaxUseful) {

    static ModelSummary of(JobKey key, int runs, TrainingOutcome outcome) {
        if (outcome instanceof TrainingOutcome.Untrained untrained) {
            return new ModelSummary(key, runs, 0, Optional.of(untrained.reason()), Double.NaN, Double.NaN, Double.NaN,
                    Optional.empty(), Double.NaN, 0, 0, 0, Double.NaN, 0, "", Double.NaN, Double.NaN);
        }
        RuntimeModel m = ((TrainingOutcome.Trained) outcome).model();
        int top = m.maxUsefulExecutors();
        return new ModelSummary(key, runs, m.trainingRuns().size(), Optional.empty(),
                m.demand().empiricalQuantile(0.5), m.demand().empiricalQuantile(0.9), m.demand().empiricalQuantile(0.99),
                m.demand().fitted(), m.p99TaskSeconds(), m.maxParallelism(), top, m.coresPerExecutor(),
                m.driverOnlySeconds(), m.inputDrift().elasticity(), m.inputDrift().method(), m.wallSeconds(top, 0.5),
                m.wallSeconds(top, 0.9));
    }
}
