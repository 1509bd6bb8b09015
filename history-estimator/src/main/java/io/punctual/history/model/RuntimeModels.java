package io.punctual.history.model;

import io.punctual.sizing.JobKey;
import io.punctual.history.run.RunRecord;

import java.util.List;

/** Trains {@link RuntimeModel}s from stored runs. */
public final class RuntimeModels {

    private RuntimeModels() {
    }

    /**
     * Trains the model of {@code jobKey} from those of {@code runs} that belong to it and may train (runs excluded
     * for being incomplete, lossy, Spark 1.x or empty are left out).
     */
    public static TrainingOutcome train(JobKey jobKey, List<RunRecord> runs, ModelSettings settings) {
        return train(jobKey, runs, settings, new ReplayCache(1));
    }

    /** As {@link #train(JobKey, List, ModelSettings)}, reusing replays of runs {@code cache} has seen. */
    public static TrainingOutcome train(JobKey jobKey, List<RunRecord> runs, ModelSettings settings, ReplayCache cache) {
        List<RunRecord> mine = runs.stream().filter(r -> r.jobKey().equals(jobKey)).toList();
        List<RunRecord> training = mine.stream().filter(RunRecord::trainable).toList();
        if (training.isEmpty()) {
            String why = mine.isEmpty() ? "no runs recorded for " + jobKey
                    : "none of the " + mine.size() + " recorded runs of " + jobKey + " may train (all excluded)";
            return new TrainingOutcome.Untrained(jobKey, why);
        }
        InputDrift drift = InputDrift.fit(training);
        if (settings.expectedInputBytes().isPresent()) {
            drift = drift.withReference(settings.expectedInputBytes().getAsLong());
        }
        ExecutorScaling scaling = settings.fitExecutorScaling() ? ExecutorScaling.fit(training, drift)
                : ExecutorScaling.neutral("switched off in the model settings");
        List<RunReplay> replays = training.stream().map(cache::replay).toList();
        return new TrainingOutcome.Trained(new RuntimeModel(jobKey, replays, drift, scaling, settings));
    }
}
