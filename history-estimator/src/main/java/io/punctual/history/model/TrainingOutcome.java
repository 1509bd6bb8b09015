package io.punctual.history.model;

import io.punctual.sizing.JobKey;

/** Training a job's model either gives a model or says why there is none. */
public sealed interface TrainingOutcome permits TrainingOutcome.Trained, TrainingOutcome.Untrained {

    record Trained(RuntimeModel model) implements TrainingOutcome {
    }

    /** No run of the job may train (all excluded, or none recorded). */
    record Untrained(JobKey jobKey, String reason) implements TrainingOutcome {
    }
}
