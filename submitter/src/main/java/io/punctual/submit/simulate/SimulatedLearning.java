package io.punctual.submit.simulate;

import io.punctual.simulate.engine.FinishedRun;
import io.punctual.simulate.policy.SimHistory;
import io.punctual.simulate.policy.SimTime;
import io.punctual.sizing.JobKey;
import io.punctual.sizing.justice.CompletedJob;
import io.punctual.sizing.justice.ErrorSmoothing;
import io.punctual.sizing.justice.JusticeState;
import io.punctual.sizing.sizer.JobHistory;
import io.punctual.sizing.sizer.ParallelismEstimate;
import io.punctual.submit.learn.Completion;
import io.punctual.submit.learn.Learning;

import java.time.Duration;
import java.util.Optional;

/**
 * Punctual's learning loop inside the simulator: the same {@link Learning} port the sizers read, fed by simulated
 * runs instead of event logs (the simulator has none), and never touching the site's real stores. Justice learns
 * from each completed run as the gateway's learning does: the task-time sum, the widest stage, the executors held.
 */
final class SimulatedLearning implements Learning {

    private final SimHistory history;
    private JusticeState justice;
    private Duration launchOverhead = Duration.ZERO;

    SimulatedLearning(SimHistory history, ErrorSmoothing smoothing) {
        this.history = history;
        this.justice = JusticeState.initial(smoothing);
    }

    @Override
    public Optional<JobHistory> history(JobKey job) {
        return history.history(job.name());
    }

    /** As the gateway's learning: the median widest stage of the runs kept (here every simulated key's). */
    @Override
    public Optional<ParallelismEstimate> comparableParallelism(JobKey job) {
        return history.medianWidestStage().map(width -> new ParallelismEstimate(width,
                "median widest stage of the simulated runs kept"));
    }

    @Override
    public String whyNoHistory(JobKey job) {
        return "no simulated run of " + job + " has finished yet";
    }

    @Override
    public JusticeState justice() {
        return justice;
    }

    @Override
    public Duration launchOverhead() {
        return launchOverhead;
    }

    /** The simulator reports runs through {@link #record}; a real completion has no place here. */
    @Override
    public LearningReport learn(Completion completion) {
        return new LearningReport(Optional.empty(), Optional.empty(), false,
                Optional.of("the simulator learns from simulated runs only"));
    }

    void record(FinishedRun run, int executors, int capacityCpus) {
        history.record(run);
        launchOverhead = SimTime.of(run.launchSeconds());
        justice = justice.track(new CompletedJob(run.stages().work(), run.job().maxParallelism(),
                SimTime.of(run.job().deadlineSeconds()), executors, run.met(),
                Math.max(1, capacityCpus)));
    }
}
