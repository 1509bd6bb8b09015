package io.punctual.submit.learn;

import io.punctual.sizing.JobKey;
import io.punctual.sizing.justice.JusticeState;
import io.punctual.sizing.width.ParallelWorkPrior;
import io.punctual.sizing.sizer.JobHistory;
import java.time.Duration;
import java.util.Optional;

/**
 * What Punctual has learned from the applications it ran, and the loop that keeps learning: every completion feeds
 * the job's run history (its RuntimeModel) and Justice's fraction.
 */
public interface Learning {

    /** The job's history as sizing reads it, when it has a trained model. */
    Optional<JobHistory> history(JobKey job);

    /** Why a job has no usable history, for {@code explain}. */
    String whyNoHistory(JobKey job);

    /** Justice's learned state. */
    JusticeState justice();

    /** The newest finished runs' work per task and serial tail, which size a job history has not seen. */
    ParallelWorkPrior parallelWork();

    /** The time from submission to the application's start that applications have been seeing. */
    Duration launchOverhead();

    /** Learns from a finished application. Problems are reported, never thrown: a run must not fail for its lesson. */
    LearningReport learn(Completion completion);

    /** What one completion taught. */
    record LearningReport(Optional<String> ingested, Optional<Duration> launchOverhead, boolean justiceTracked,
                          Optional<String> problem) {
    }
}
