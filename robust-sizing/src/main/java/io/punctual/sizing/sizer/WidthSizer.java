package io.punctual.sizing.sizer;

import io.punctual.sizing.width.ParallelWork;
import io.punctual.sizing.width.ParallelWorkPrior;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.IntSummaryStatistics;
import java.util.List;
import java.util.Optional;

/**
 * Sizes a job without enough history of its own from its width and the work per task of the fleet's newest runs
 * ({@link ParallelWorkPrior}; Justice's learned share of maximum parallelism, Section 2, with the deadline and the
 * serial part kept out of what is learned), the runs of the widths nearest its own standing for it
 * ({@link ParallelWorkPrior#like}). The job gets the θ-quantile of the CPUs those runs say it needs to end
 * its tasks in the window left after the launch overhead, so its deadline reaches its size: half the window, twice
 * the CPUs. It holds them for the θ-quantile of its predicted task time after the launch.
 *
 * <p>When not even its width (or its limit) is enough at θ, it gets that most for its whole window: the runs of
 * other jobs say too little about this one to refuse it, unless even the fastest {@code 1 − θ} of them would miss,
 * in which case it is refused with that finish as the earliest deadline it could meet.
 *
 * <p>Steps aside for a job whose width is no hint of its own (it would size the team cap's worth of work) and while
 * the prior holds fewer than {@value ParallelWorkPrior#MIN_RUNS} runs; Justice's fraction sizes those.
 */
public final class WidthSizer implements Sizer {

    private final ParallelWorkPrior prior;
    private final Duration launchOverhead;

    /** @param launchOverhead submission to the application's start, learned from past launches */
    public WidthSizer(ParallelWorkPrior prior, Duration launchOverhead) {
        this.prior = prior;
        this.launchOverhead = launchOverhead;
    }

    @Override
    public SizingDecision size(SizingRequest request) {
        ParallelismEstimate width = request.parallelism();
        if (!width.ownHint()) {
            return new SizingDecision.NotApplicable("the job gave no hint of its width (" + width.basis() + ")",
                    List.of());
        }
        if (!prior.usable()) {
            return new SizingDecision.NotApplicable("the work per task of " + ParallelWorkPrior.MIN_RUNS
                    + " finished runs is needed, " + prior.runs().size() + " are known", List.of());
        }
        int tasks = width.tasks();
        double usable = (request.window().toMillis() - launchOverhead.toMillis()) / 1000.0;
        int most = Math.min(request.widthExecutors(), request.executorLimit());
        List<SizingTerm> terms = new ArrayList<>();
        terms.add(SizingTerm.of("method", "width", prior.runs().size() + " finished runs' work per task"));
        terms.add(SizingTerm.of("max parallelism", tasks, width.basis()));
        terms.add(SizingTerm.of("usable window", Predictions.seconds(usable), "deadline - now - launch overhead "
                + Predictions.seconds(launchOverhead.toMillis() / 1000.0)));
        if (most < 1) {
            return new SizingDecision.Unmeetable("the reservable capacity cannot hold one executor of "
                    + request.executor(), Bound.CLUSTER_CAPACITY, Optional.empty(), terms);
        }
        ParallelWorkPrior like = prior.like(tasks);
        terms.add(SizingTerm.of("runs like it", like.runs().size(), "the finished runs of the widths nearest "
                + tasks + " tasks: " + widths(like)));
        return choose(request, like, tasks, usable, most, terms);
    }

    private SizingDecision choose(SizingRequest request, ParallelWorkPrior prior, int tasks, double usable, int most,
                                  List<SizingTerm> terms) {
        int cores = request.coresPerExecutor();
        double theta = request.confidence();
        double needed = prior.cpusWithin(tasks, usable, theta);
        terms.add(SizingTerm.of("needed CPUs", Double.isInfinite(needed) ? "more than any width"
                : String.format(java.util.Locale.ROOT, "%.2f", needed), "θ-quantile over the runs of (width x work"
                + " per task - tail) / (usable window - tail), the tail being the run's longest task per stage"));
        int executors = Math.min(most, Math.max(1, (int) Math.ceil(needed / cores - 1e-9)));
        double thetaSeconds = prior.seconds(tasks, executors * cores, theta);
        double medianSeconds = prior.seconds(tasks, executors * cores, 0.5);
        terms.add(SizingTerm.of("task time at " + executors + " executors", Predictions.seconds(thetaSeconds),
                "θ-quantile over the runs (median " + Predictions.seconds(medianSeconds) + ")"));
        Optional<Instant> medianFinish = Optional.of(Predictions.finish(request, launchOverhead, medianSeconds));
        if (executors * cores >= needed) {
            return new SizingDecision.Sized(executors, "width", Bound.DEADLINE,
                    Predictions.hold(launchOverhead, thetaSeconds), medianFinish,
                    Optional.of(Predictions.finish(request, launchOverhead, thetaSeconds)), terms);
        }
        return atMost(request, prior, tasks, usable, executors, medianFinish, terms);
    }

    /** Not even the most the job may have is enough at θ. */
    private SizingDecision atMost(SizingRequest request, ParallelWorkPrior prior, int tasks, double usable,
                                  int executors,
                                  Optional<Instant> medianFinish, List<SizingTerm> terms) {
        int cores = request.coresPerExecutor();
        double fastest = 1 - request.confidence();
        Bound bound = Predictions.binding(request, request.widthExecutors());
        double fastSeconds = prior.seconds(tasks, executors * cores, fastest);
        if (fastSeconds > usable) {
            return new SizingDecision.Unmeetable("even " + executors + " executors (" + bound.name().toLowerCase()
                    + ") need " + Predictions.seconds(fastSeconds) + " in all but the fastest " + percent(fastest)
                    + " of the runs like it, but only " + Predictions.seconds(Math.max(0, usable))
                    + " remain after the launch overhead", bound,
                    Optional.of(Predictions.finish(request, launchOverhead, fastSeconds)), terms);
        }
        // Other jobs' runs say more of the fleet than of this job: only when nearly all of them would miss is a miss
        // predicted; otherwise the job runs as wide as it may, for its whole window.
        terms.add(SizingTerm.of("θ-finish", "after the deadline", "the fastest " + percent(fastest) + " of the runs"
                + " like it meet it, so the job gets the most it may use for its window"));
        return new SizingDecision.Sized(executors, "width", bound, request.window(), medianFinish, Optional.empty(),
                terms);
    }

    private static String widths(ParallelWorkPrior like) {
        IntSummaryStatistics known = like.runs().stream().mapToInt(ParallelWork::width)
                .filter(w -> w != ParallelWork.UNKNOWN_WIDTH).summaryStatistics();
        return known.getCount() == 0 ? "none recorded" : known.getMin() + " to " + known.getMax() + " tasks";
    }

    private static String percent(double share) {
        return Math.round(share * 100) + "%";
    }
}
