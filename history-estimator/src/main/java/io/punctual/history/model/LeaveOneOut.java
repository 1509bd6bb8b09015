package io.punctual.history.model;

import io.punctual.sizing.JobKey;
import io.punctual.history.run.RunId;
import io.punctual.history.run.RunRecord;

import java.util.ArrayList;
import java.util.List;

/**
 * How well a job's model predicts runs it has not seen: each training run in turn is left out, the model is
 * trained on the others and asked for the median wall time at the executor count the run had; the error is
 * |predicted − actual| / actual. This is the accuracy measure of issue 3 ("predict each run from the others").
 */
public final class LeaveOneOut {

    /** One held-out run: what it took, and what the others predicted for it. */
    public record Trial(RunId runId, int executors, double actualSeconds, double predictedSeconds) {
        public double relativeError() {
            return Math.abs(predictedSeconds - actualSeconds) / actualSeconds;
        }
    }

    /** All trials of a job, with the median and p90 relative error (nearest rank). */
    public record Result(JobKey jobKey, List<Trial> trials) implements RelativeErrors {
        public Result {
            trials = List.copyOf(trials);
        }

        @Override
        public java.util.stream.DoubleStream relativeErrors() {
            return trials.stream().mapToDouble(Trial::relativeError);
        }
    }

    private LeaveOneOut() {
    }

    /** Runs the trials over the job's trainable runs; with fewer than two there is nothing to predict from. */
    public static Result evaluate(JobKey jobKey, List<RunRecord> runs, ModelSettings settings) {
        List<RunRecord> training = runs.stream().filter(r -> r.jobKey().equals(jobKey) && r.trainable()).toList();
        List<Trial> trials = new ArrayList<>();
        for (RunRecord heldOut : training) {
            List<RunRecord> others = training.stream().filter(r -> !r.id().equals(heldOut.id())).toList();
            if (others.isEmpty()) {
                continue;
            }
            TrainingOutcome outcome = RuntimeModels.train(jobKey, others,
                    settings.withCoresPerExecutor(heldOut.coresPerExecutor()));
            if (outcome instanceof TrainingOutcome.Trained trained) {
                int executors = Math.max(1, heldOut.executorsMax());
                RuntimeModel model = heldOut.totals().inputBytes() > 0
                        ? trained.model().forInputBytes(heldOut.totals().inputBytes()) : trained.model();
                trials.add(new Trial(heldOut.id(), executors, heldOut.wallTimeMs().orElseThrow() / 1000.0,
                        model.wallSeconds(executors, 0.5)));
            }
        }
        return new Result(jobKey, trials);
    }
}
