package io.punctual.history.model;

import io.punctual.history.run.RunRecord;
import io.punctual.sizing.JobKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeSet;

/**
 * Leave-one-count-out cross-validation: for each executor count a job ran at, every candidate is fitted to the runs
 * at the other counts and predicts the median wall time at the held-out one — the question sizing asks for a count
 * it has not tried, with extrapolation bounded as {@link ValidatedCurve} bounds it, so the ends of the range are judged
 * as sizing will use them. The candidate with the lowest median relative error wins; the baseline (the runs' plain
 * distribution, executors ignored) is listed first and wins ties, so the winner is never worse than it in
 * cross-validation. Leave-one-run-out ({@link LeaveOneOut}) always keeps runs at the held-out count in training and
 * so cannot show whether a model extrapolates.
 *
 * <p>Coverage: for each held-out run, whether it finished under the p90 the fold predicted — the model's own, and the
 * one corrected by conformal ratios (actual / predicted median of the winner's held-out runs at the <em>other</em>
 * counts), which is the spread {@link ValidatedCurve} uses.
 */
public final class CountCrossValidation {

    private CountCrossValidation() {
    }

    /** The candidates for a job, the baseline first. */
    static List<CountModel> candidates(JobKey jobKey, ModelSettings settings, ReplayCache cache) {
        return List.of(new RuntimeDistribution(), new ReplayCountModel(jobKey, settings, cache),
                DriverPlusPowerLaw.amdahl(), DriverPlusPowerLaw.powerLaw());
    }

    /** Cross-validates the candidates over {@code usable} runs (already screened by {@link RunScreen}). */
    static CountValidation evaluate(JobKey jobKey, List<RunRecord> usable, List<CountModel> candidates,
                                    List<String> doubts) {
        TreeSet<Integer> counts = new TreeSet<>();
        usable.forEach(r -> counts.add(r.executorsMax()));
        List<CountValidation.Score> scores = new ArrayList<>();
        for (CountModel candidate : candidates) {
            scores.add(score(candidate, usable, counts));
        }
        String winner = RuntimeDistribution.NAME;
        double best = Double.POSITIVE_INFINITY;
        for (CountValidation.Score s : scores) {
            if (s.unfit().isEmpty() && !s.trials().isEmpty() && s.medianError() < best) {
                best = s.medianError();
                winner = s.model();
            }
        }
        CountValidation.Score won = scores.stream().filter(s -> s.model().equals(RuntimeDistribution.NAME))
                .findFirst().orElseThrow();
        for (CountValidation.Score s : scores) {
            won = s.model().equals(winner) ? s : won;
        }
        return new CountValidation(jobKey, scores, winner, counts.size(), rawCoverage(won.trials()),
                calibratedCoverage(won.trials()), doubts);
    }

    private static CountValidation.Score score(CountModel candidate, List<RunRecord> runs, TreeSet<Integer> counts) {
        List<CountValidation.Trial> trials = new ArrayList<>();
        if (counts.size() < 2) {
            return new CountValidation.Score(candidate.name(), trials, Optional.empty());
        }
        for (int held : counts) {
            List<RunRecord> training = runs.stream().filter(r -> r.executorsMax() != held).toList();
            Optional<CountModel.CountFit> fit = candidate.fit(training);
            if (fit.isEmpty()) {
                return new CountValidation.Score(candidate.name(), List.of(), Optional.of("cannot be fitted without"
                        + " the runs at " + held + " executors"));
            }
            int fewest = training.stream().mapToInt(RunRecord::executorsMax).min().orElseThrow();
            int most = training.stream().mapToInt(RunRecord::executorsMax).max().orElseThrow();
            double median = fit.get().boundedMedian(held, fewest, most);
            int inside = Math.max(fewest, Math.min(most, held));
            double p90 = median * fit.get().quantileSeconds(inside, CountValidation.COVERED)
                    / fit.get().medianSeconds(inside);
            for (RunRecord run : runs) {
                if (run.executorsMax() == held) {
                    trials.add(new CountValidation.Trial(run.id(), held, CountModel.wallSeconds(run), median, p90));
                }
            }
        }
        return new CountValidation.Score(candidate.name(), trials, Optional.empty());
    }

    private static OptionalDouble rawCoverage(List<CountValidation.Trial> trials) {
        if (trials.isEmpty()) {
            return OptionalDouble.empty();
        }
        long covered = trials.stream().filter(t -> t.actualSeconds() <= t.predictedP90()).count();
        return OptionalDouble.of((double) covered / trials.size());
    }

    /** Coverage of the conformal p90: each run judged by the ratios of runs at other counts only. */
    private static OptionalDouble calibratedCoverage(List<CountValidation.Trial> trials) {
        int judged = 0;
        int covered = 0;
        for (CountValidation.Trial t : trials) {
            double[] others = trials.stream().filter(o -> o.executors() != t.executors())
                    .mapToDouble(o -> o.actualSeconds() / o.predictedSeconds()).sorted().toArray();
            OptionalDouble factor = ConformalSpread.factor(others, CountValidation.COVERED);
            if (factor.isPresent()) {
                judged++;
                covered += t.actualSeconds() <= t.predictedSeconds() * factor.getAsDouble() ? 1 : 0;
            }
        }
        return judged == 0 ? OptionalDouble.empty() : OptionalDouble.of((double) covered / judged);
    }
}
