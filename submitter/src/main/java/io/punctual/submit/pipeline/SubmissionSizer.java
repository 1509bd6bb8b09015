package io.punctual.submit.pipeline;

import io.punctual.submit.request.Submission;
import io.punctual.sizing.JobKey;
import io.punctual.sizing.Resources;
import io.punctual.sizing.rush.GaussianEstimator;
import io.punctual.sizing.sizer.DecisionCheck;
import io.punctual.sizing.sizer.FirstApplicableSizer;
import io.punctual.sizing.sizer.JobHistory;
import io.punctual.sizing.sizer.JusticeSizer;
import io.punctual.sizing.sizer.LaunchFloor;
import io.punctual.sizing.sizer.ParallelismEstimate;
import io.punctual.sizing.sizer.RushSizer;
import io.punctual.sizing.sizer.Sizer;
import io.punctual.sizing.sizer.SizingDecision;
import io.punctual.sizing.sizer.SizingRequest;
import io.punctual.sizing.sizer.SizingTerm;
import io.punctual.sizing.sizer.UserSizer;
import io.punctual.sizing.sizer.WidthSizer;
import io.punctual.submit.launch.ContainerShapes;
import io.punctual.submit.request.SparkSettings;
import io.punctual.submit.learn.Learning;
import io.punctual.yarn.ClusterSnapshot;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Learn, then size: reads the job's history and Justice's state, refuses a deadline no launch can meet
 * ({@link LaunchFloor}), and asks the sizers in turn: the user's explicit count, then RUSH (enough good history), then
 * the job's width over the fleet's work per task (a width of its own and enough finished runs), then Justice's
 * fraction (anything else).
 */
public final class SubmissionSizer {

    private final Learning learning;
    private final SizingSettings settings;
    private final Clock clock;
    private final JobWidth width;

    /** @param inputs what measures a job's input paths, for the width of a job without history */
    public SubmissionSizer(Learning learning, SizingSettings settings, Clock clock, InputSizes inputs) {
        this.learning = learning;
        this.settings = settings;
        this.clock = clock;
        this.width = new JobWidth(inputs);
    }

    public SizingSettings settings() {
        return settings;
    }

    /** The request sizing answers, built from the submission and the cluster as it is now. */
    public SizingRequest request(Submission submission, ContainerShapes one, ClusterSnapshot cluster) {
        return request(submission, one, executorsThatFit(one, cluster, submission.planQueue()));
    }

    /** The request for a submission where {@code executors} fit (the plan queue, or the queue it runs in). */
    public SizingRequest request(Submission submission, ContainerShapes one, int executors) {
        return request(submission.jobKey(), submission.submittedAt(), submission.deadline(),
                SparkSettings.effective(submission.args()), submission.args().appArgs(), one, executors);
    }

    /** As {@link #request(JobKey, Instant, Instant, Map, List, ContainerShapes, int)}, for a job sized as it is submitted. */
    public SizingRequest request(JobKey job, Instant deadline, Map<String, String> conf, List<String> appArgs,
                                 ContainerShapes one, int clusterExecutors) {
        return request(job, clock.instant(), deadline, conf, appArgs, one, clusterExecutors);
    }

    /**
     * The request for a job with these Spark settings ({@code spark.executor.instances} is the user's explicit
     * count, {@code spark.deadline.confidence} the asked confidence) and a plan that holds {@code clusterExecutors}.
     */
    public SizingRequest request(JobKey job, Instant submittedAt, Instant deadline, Map<String, String> conf,
                                 List<String> appArgs, ContainerShapes one, int clusterExecutors) {
        int cores = (int) one.executor().vcores();
        Optional<Integer> user = userExecutors(conf);
        Optional<JobHistory> history = learning.history(job);
        ParallelismEstimate width = history.filter(h -> h.widestStageTasks() > 0)
                .map(h -> new ParallelismEstimate(h.widestStageTasks(), "tasks of the widest stage in history"))
                .orElseGet(() -> this.width.of(conf, appArgs, user, cores, settings.maxExecutors()));
        return new SizingRequest(job, submittedAt, clock.instant(), deadline, confidence(conf), settings.robustness(),
                one.executor(), cores, history, width, settings.maxExecutors(), clusterExecutors, user);
    }

    public SizingDecision decide(SizingRequest request) {
        // A job with history carries the overhead already read; only a job without one reads it here.
        Duration overhead = request.history().map(JobHistory::launchOverhead).orElseGet(learning::launchOverhead);
        Optional<SizingDecision.Unmeetable> tooSoon = LaunchFloor.check(request, overhead);
        if (tooSoon.isPresent()) {
            return tooSoon.get();
        }
        Sizer chain = new FirstApplicableSizer(List.of(new UserSizer(),
                new RushSizer(settings.minRunsForRush(), GaussianEstimator.perRun(GaussianEstimator.DEFAULT_BINS)),
                new WidthSizer(learning.parallelWork(), overhead),
                new JusticeSizer(learning.justice())));
        Optional<Double> startAt = settings.startAt().filter(level -> level < request.confidence());
        if (startAt.isEmpty()) {
            return DecisionCheck.checked(request, chain.size(request));
        }
        SizingRequest lower = request.withConfidence(startAt.get());
        SizingDecision start = DecisionCheck.checked(lower, chain.size(lower));
        // A count the user fixed starts as asked; it is sized at the lower level only when θ cannot meet its deadline.
        if (request.userExecutors().isEmpty() && start instanceof SizingDecision.Sized sized) {
            return startedBelowTheta(sized, startAt.get(), request.confidence());
        }
        SizingDecision decision = DecisionCheck.checked(request, chain.size(request));
        return decision instanceof SizingDecision.Unmeetable && start instanceof SizingDecision.Sized sized
                ? startedBelowTheta(sized, startAt.get(), request.confidence()) : decision;
    }

    /** A sizing at the start level below θ, saying so: re-planning grows the run or announces its miss early. */
    private static SizingDecision.Sized startedBelowTheta(SizingDecision.Sized sized, double startAt, double theta) {
        List<SizingTerm> terms = new java.util.ArrayList<>(sized.terms());
        terms.add(SizingTerm.of("started at", startAt, "sized to meet the deadline at confidence " + startAt
                + " rather than " + theta + ": the run is re-planned from its first finished tasks, grown if it lags"
                + " and its miss announced if even growing cannot meet the deadline"));
        return new SizingDecision.Sized(sized.executors(), sized.method(), sized.decidedBy(), sized.hold(),
                sized.p50Finish(), sized.thetaFinish(), terms);
    }

    /**
     * How much longer than its first stage's tasks a running job's later stage, none of whose tasks has finished, is
     * expected to take: the site's θ-quantile over the finished runs of widths like {@code width} (issue 25).
     */
    public OptionalDouble laterStageRatio(int width) {
        return learning.parallelWork().laterStageRatio(width, settings.confidence());
    }

    /** Executors of this shape the plan queue holds at once, beside the ApplicationMaster. */
    public static int executorsThatFit(ContainerShapes one, ClusterSnapshot cluster, String planQueue) {
        return executorsThatFit(one, cluster.planCapacity(planQueue));
    }

    /** How many executors of {@code one}'s shape fit {@code capacity} beside its ApplicationMaster. */
    public static int executorsThatFit(ContainerShapes one, Resources capacity) {
        return (int) Math.max(0, capacity.minusFloored(one.master()).copiesOf(one.executor()));
    }

    /** θ for a submission: the one its Spark settings ask for, else the configured default. */
    public double confidence(Submission submission) {
        return confidence(SparkSettings.effective(submission.args()));
    }

    private double confidence(Map<String, String> conf) {
        return SparkSettings.confidence(conf).orElse(settings.confidence());
    }

    private static Optional<Integer> userExecutors(Map<String, String> conf) {
        return SparkSettings.executors(conf);
    }
}
