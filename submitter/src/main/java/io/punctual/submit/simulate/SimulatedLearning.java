package io.punctual.submit.simulate;

import io.punctual.simulate.engine.FinishedRun;
import io.punctual.simulate.policy.SimHistory;
import io.punctual.simulate.policy.SimTime;
import io.punctual.sizing.JobKey;
import io.punctual.sizing.justice.CompletedJob;
import io.punctual.sizing.justice.ErrorSmoothing;
import io.punctual.sizing.justice.JusticeState;
import io.punctual.submit.learn.LaunchOverheads;
import io.punctual.sizing.width.ParallelWork;
import io.punctual.sizing.width.ParallelWorkPrior;
import io.punctual.simulate.workload.SimJob;
import io.punctual.sizing.sizer.JobHistory;
import io.punctual.submit.learn.Completion;
import io.punctual.submit.learn.Learning;
import io.punctual.submit.request.Submission;
import io.punctual.yarn.AppState;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Punctual's learning loop inside the simulator: the same {@link Learning} port the sizers read, fed by simulated
 * runs instead of event logs (the simulator has none), and never touching the site's real stores. Justice learns
 * from each completed run as the gateway's learning does: the task-time sum, the widest stage, the executors held.
 */
final class SimulatedLearning implements Learning {

    private final SimHistory history;
    private JusticeState justice;
    private final java.util.ArrayDeque<LaunchOverheads.Seen> overheads = new java.util.ArrayDeque<>();
    private ParallelWorkPrior parallelWork = ParallelWorkPrior.empty();
    private final Map<String, Deque<FinishedRun>> runs = new HashMap<>();

    private final Clock clock;

    /** @param clock the simulated time, which says which launch overheads are still fresh */
    SimulatedLearning(SimHistory history, ErrorSmoothing smoothing, Clock clock) {
        this.history = history;
        this.clock = clock;
        this.justice = JusticeState.initial(smoothing);
    }

    @Override
    public Optional<JobHistory> history(JobKey job) {
        return history.history(job.name());
    }

    /** Each stage's task time in the job's newest run: how its stages compare, which re-planning scales by. */
    Optional<double[]> stageTaskSeconds(JobKey job) {
        return history.latest(job.name()).map(run -> run.stages().taskSeconds().clone());
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
    public ParallelWorkPrior parallelWork() {
        return parallelWork;
    }

    @Override
    public Duration launchOverhead() {
        // Before any launch the simulated one is taken as free, as it always was here; a stale one as the gateway's.
        return overheads.isEmpty() ? Duration.ZERO
                : LaunchOverheads.estimate(List.copyOf(overheads), clock.instant(), LaunchOverheads.BEFORE_ANY);
    }

    /**
     * A simulated run that ended, kept until the machine learns from its completion: what the gateway reads from the
     * run's event log (its stages and their work), the simulator measured.
     */
    void ran(Submission submission, FinishedRun run) {
        runs.computeIfAbsent(key(submission.jobKey(), submission.submittedAt()), k -> new ArrayDeque<>()).add(run);
    }

    /** Learns from a completion as the gateway's learning does, with the simulated run standing for its event log. */
    @Override
    public LearningReport learn(Completion completion) {
        String key = key(completion.jobKey(), completion.submittedAt());
        Deque<FinishedRun> kept = runs.get(key);
        FinishedRun run = kept == null ? null : kept.poll();
        if (kept != null && kept.isEmpty()) {
            runs.remove(key);
        }
        if (run == null || completion.state() != AppState.SUCCEEDED) {
            return new LearningReport(Optional.empty(), Optional.empty(), false,
                    Optional.of("a simulated run that did not succeed teaches nothing"));
        }
        history.record(run);
        // As the gateway measures it: from the reservation's opening to the application's start.
        completion.launchOverhead(SimTime.at(run.start() + run.launchSeconds())).ifPresent(overhead -> {
            overheads.addLast(new LaunchOverheads.Seen(completion.finishedAt(), overhead));
            if (overheads.size() > LaunchOverheads.KEPT) {
                overheads.removeFirst();
            }
        });
        parallelWork = parallelWork.with(split(run.stages()));
        // The simulated cluster runs one task per CPU, and an executor is one CPU there. A re-planned run is learnt at
        // the CPUs it held on average (issue 25, item 7), as its event log's executors over time show: what it
        // needed, not what it was first given.
        Optional<CompletedJob> job = completion.justiceInput(run.stages().work(), run.job().maxParallelism(),
                (int) Math.max(1, Math.round(run.cpus())));
        job.ifPresent(tracked -> justice = justice.track(tracked));
        return new LearningReport(Optional.of("simulated run of " + completion.jobKey()),
                Optional.of(launchOverhead()), job.isPresent(), Optional.empty());
    }

    /** A simulated stage's tasks all take its task time: that is its longest task too. */
    private static ParallelWork split(SimJob.Stages stages) {
        double[] seconds = new double[stages.tasks().length];
        for (int s = 0; s < seconds.length; s++) {
            seconds[s] = stages.tasks()[s] * stages.taskSeconds()[s];
        }
        return ParallelWork.of(seconds, stages.taskSeconds(), stages.tasks(), stages.widest());
    }

    private static String key(JobKey job, Instant submittedAt) {
        return job + "@" + submittedAt;
    }
}
