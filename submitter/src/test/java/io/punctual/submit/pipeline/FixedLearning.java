package io.punctual.submit.pipeline;

import io.punctual.sizing.JobKey;
import io.punctual.sizing.justice.JusticeState;
import io.punctual.sizing.sizer.JobHistory;
import io.punctual.sizing.width.ParallelWorkPrior;
import io.punctual.submit.learn.Completion;
import io.punctual.submit.learn.Learning;
import java.time.Duration;
import java.util.Optional;

/**
 * What sizing tests learnt beforehand: one history for every job (or none), Justice's state, no fleet prior and no
 * launch overhead. Sizing reads it; learning from it is a test error.
 */
record FixedLearning(Optional<JobHistory> history, JusticeState justice) implements Learning {

    @Override
    public Optional<JobHistory> history(JobKey job) {
        return history;
    }

    @Override
    public String whyNoHistory(JobKey job) {
        return "none in this test";
    }

    @Override
    public ParallelWorkPrior parallelWork() {
        return ParallelWorkPrior.empty();
    }

    @Override
    public Duration launchOverhead() {
        return Duration.ZERO;
    }

    @Override
    public LearningReport learn(Completion completion) {
        throw new AssertionError("sizing learns nothing");
    }
}
