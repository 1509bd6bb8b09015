package io.punctual.history;

import io.punctual.sizing.JobKey;
import io.punctual.history.model.FittedDistribution;
import io.punctual.history.model.RuntimeModel;
import io.punctual.history.model.CountValidation;
import io.punctual.history.model.CurveOutcome;
import io.punctual.history.model.ValidatedCurve;

import io.punctual.history.run.RunRecord;
import java.util.List;
import java.util.Optional;

/**
 * A job's model at a glance, for {@code history show}. Untrained jobs carry only the reason.
 *
 * @param demandP50 executor-core-seconds, empirical over training runs (likewise p90, p99)
 * @param wallP50AtMaxUseful predicted median wall seconds at the max useful executor count
 * @param validation how the runtime curve was chosen: leave-one-count-out errors, coverage, what runs cannot tell
 * @param achieved   the share of finished runs that met their deadlines, next to the confidence asked
 */
public record ModelSummary(JobKey jobKey, int runs, int trainingRuns, Optional<String> untrainedReason,
                           double demandP50, double demandP90, double demandP99, Optional<FittedDistribution> fit,
                           double p99TaskSeconds, int maxParallelism, int maxUsefulExecutors, int coresPerExecutor,
                           double driverOnlySeconds, double inputElasticity, String inputDriftMethod,
                           double wallP50AtMaxUseful, double wallP90AtMaxUseful,
                           Optional<CountValidation> validation, Optional<AchievedConfidence> achieved) {

    static ModelSummary of(JobKey key, List<RunRecord> runs, CurveOutcome outcome) {
        Optional<AchievedConfidence> achieved = AchievedConfidence.of(runs);
        if (outcome instanceof CurveOutcome.NoCurve none) {
            return new ModelSummary(key, runs.size(), 0, Optional.of(none.reason()), Double.NaN, Double.NaN, Double.NaN,
                    Optional.empty(), Double.NaN, 0, 0, 0, Double.NaN, 0, "", Double.NaN, Double.NaN, Optional.empty(),
                    achieved);
        }
        ValidatedCurve curve = ((CurveOutcome.Chosen) outcome).curve();
        RuntimeModel m = curve.replay();
        int top = m.maxUsefulExecutors();
        return new ModelSummary(key, runs.size(), m.trainingRuns().size(), Optional.empty(),
                m.demand().empiricalQuantile(0.5), m.demand().empiricalQuantile(0.9), m.demand().empiricalQuantile(0.99),
                m.demand().fitted(), m.p99TaskSeconds(), m.maxParallelism(), top, m.coresPerExecutor(),
                m.driverOnlySeconds(), m.inputDrift().elasticity(), m.inputDrift().method(), curve.wallSeconds(top, 0.5),
                curve.wallSeconds(top, 0.9), Optional.of(curve.validation()), achieved);
    }
}
