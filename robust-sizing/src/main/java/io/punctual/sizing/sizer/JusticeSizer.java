package io.punctual.sizing.sizer;

import io.punctual.sizing.justice.CpuEstimate;
import io.punctual.sizing.justice.JobDemand;
import io.punctual.sizing.justice.JusticeEstimator;
import io.punctual.sizing.justice.JusticeState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Sizes a job with Justice's learned fraction of its maximum parallelism (Justice, Algorithms 3-4): every finished job
 * teaches what share of its parallelism jobs need to meet their deadlines, so this works for jobs never seen before.
 * Justice's fraction is the CPU rate that finishes exactly at the deadline, so the reservation holds the executors for
 * the whole window.
 *
 * <p>The fraction is learned against each finished job's widest stage (TRACK_JOB's {@code maxCPUs}), so it is applied
 * to the same quantity: the widest stage history recorded for this job, else the request's own
 * {@link ParallelismEstimate} — never the team cap, which bounds the job but says nothing of its width.
 *
 * <p>A job sized again after waiting in an admission queue is sized as ESTIMATE_REQ has it (Algorithm 4, lines
 * 21–30): against its deadline relative to its submission, scaled by {@code deadline / (deadline − waited)}, so its
 * CPUs grow as its window shrinks (a 600 s deadline that got 6 CPUs at submission gets 12 after waiting 300 s) and it
 * holds them for the window left. Once that exceeds what its width can use, it can no longer be met and says why.
 */
public final class JusticeSizer implements Sizer {

    private final JusticeState state;

    public JusticeSizer(JusticeState state) {
        this.state = state;
    }

    @Override
    public SizingDecision size(SizingRequest request) {
        int cores = request.coresPerExecutor();
        Optional<Integer> recorded = request.history().map(JobHistory::widestStageTasks).filter(t -> t > 0);
        int maxParallelism = recorded.orElse(request.parallelism().tasks());
        int capacityCpus = request.executorLimit() * cores;
        List<SizingTerm> terms = new ArrayList<>();
        terms.add(SizingTerm.of("method", "Justice", state.trackedJobs() + " finished jobs learned from"));
        terms.add(SizingTerm.of("max parallelism", maxParallelism, recorded.isPresent()
                ? "tasks of the widest stage in history" : request.parallelism().basis()));
        terms.add(SizingTerm.of("capacity CPUs", capacityCpus, "executor limit x cores"));
        if (capacityCpus < 1) {
            return new SizingDecision.Unmeetable("the reservable capacity cannot hold one executor of "
                    + request.executor(), Bound.CLUSTER_CAPACITY, Optional.empty(), terms);
        }
        CpuEstimate estimate = JusticeEstimator.estimate(state, new JobDemand(maxParallelism, capacityCpus, cores,
                request.relativeDeadline(), request.queued()));
        if (estimate instanceof CpuEstimate.Unmeetable unmeetable) {
            terms.add(SizingTerm.of("needed CPUs", unmeetable.neededCpus(), unmeetable.explanation()));
            Bound bound = unmeetable.reason() == CpuEstimate.Reason.EXCEEDS_MAX_PARALLELISM
                    ? Bound.MAX_PARALLELISM : Bound.CLUSTER_CAPACITY;
            return new SizingDecision.Unmeetable(unmeetable.explanation(), bound, Optional.empty(), terms);
        }
        CpuEstimate.Sized sized = (CpuEstimate.Sized) estimate;
        terms.add(SizingTerm.of("fraction", String.format(java.util.Locale.ROOT, "%.3f", sized.fraction()),
                "learned share of max parallelism"));
        if (sized.queueScale() > 1) {
            terms.add(SizingTerm.of("queue scale", String.format(java.util.Locale.ROOT, "%.3f", sized.queueScale()),
                    "deadline / (deadline - waited): it waited " + request.queued().toSeconds() + " s"));
        }
        terms.add(SizingTerm.of("CPUs", sized.cpus(), "max(ceil(fraction x max CPUs), 1)"));
        int executors = Math.max(1, Math.min(sized.executors(), request.executorLimit()));
        Bound bound = sized.cpus() >= sized.maxCpus()
                ? (maxParallelism <= capacityCpus ? Bound.MAX_PARALLELISM : Predictions.binding(request, Integer.MAX_VALUE))
                : Bound.DEADLINE;
        Optional<JobHistory> history = request.history();
        history.ifPresent(h -> terms.add(SizingTerm.of("how sure", h.curve().assurance(executors),
                "how the predicted finish was judged")));
        Duration overhead = history.map(JobHistory::launchOverhead).orElse(Duration.ZERO);
        return new SizingDecision.Sized(executors, "Justice", bound, request.window(),
                history.map(h -> Predictions.finish(request, overhead, h.curve().wallSeconds(executors, 0.5))),
                history.map(h -> Predictions.finish(request, overhead,
                        h.curve().wallSeconds(executors, request.confidence()))), terms);
    }
}
