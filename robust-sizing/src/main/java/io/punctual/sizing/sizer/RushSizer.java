package io.punctual.sizing.sizer;

import io.punctual.sizing.RuntimeCurve;
import io.punctual.sizing.rush.DemandEstimate;
import io.punctual.sizing.rush.DemandEstimator;
import io.punctual.sizing.rush.MeanTimeEstimator;
import io.punctual.sizing.rush.RobustDemand;
import io.punctual.sizing.rush.Robustness;
import io.punctual.sizing.rush.WorstCaseDemand;
import io.punctual.sizing.rush.WorstCaseDemandSearch;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Sizes a recurring job from its history with RUSH's worst-case demand (RUSH, Section III-A, Algorithms 1-2): η is the
 * largest θ-quantile of demand over every distribution within KL radius δ of the one history shows. The ratio
 * κ = η / (history's own θ-quantile) says how much more executor work than history's θ-quantile the job may need when
 * history is wrong by up to δ. Only executor work is stretched: the predicted θ-quantile runtime at n executors splits
 * into driver-only time (start-up, gaps between jobs; it does not grow with demand) and the rest, and the robust
 * runtime is {@code driver(n) + κ · (wall_θ(n) − driver(n))}. The executor count is the fewest whose robust runtime
 * ends before the deadline, after the launch overhead history measured.
 *
 * <p>Why whole-run samples rather than RUSH §IV's per-task Gaussian (mean and variance of task times scaled by the
 * pending tasks): that estimator serves a scheduler that re-estimates while a job runs, and its spread shrinks with
 * √tasks because it assumes tasks independent. Punctual sizes once, before the run, and the spread that misses
 * deadlines is between runs (input, data skew, a busy cluster), which tasks of one run share; per-run totals see it.
 *
 * <p>The samples are the runs' demands normalised to one executor count ({@link JobHistory#demandAtLatestCount}):
 * pooled across counts, their spread would measure the mix of counts the runs had rather than run-to-run noise, and
 * κ would stretch every count's θ-quantile runtime — which the curve already predicts per count — by that mix.
 *
 * <p>When δ pushes η to the top bin of the quantized reference, η is only a lower bound on the worst case (a wider
 * range could hold more), so no guarantee follows: the sizer steps aside with that reason, as it does for jobs with
 * fewer than {@code minRuns} good runs.
 */
public final class RushSizer implements Sizer {

    private final int minRuns;
    private final DemandEstimator estimator;

    public RushSizer(int minRuns, DemandEstimator estimator) {
        if (minRuns < 2) {
            throw new IllegalArgumentException("RUSH needs at least 2 runs to estimate a spread, got " + minRuns);
        }
        this.minRuns = minRuns;
        this.estimator = estimator;
    }

    @Override
    public SizingDecision size(SizingRequest request) {
        Optional<JobHistory> maybe = request.history();
        int runs = maybe.map(JobHistory::goodRuns).orElse(0);
        if (runs < minRuns) {
            return new SizingDecision.NotApplicable("RUSH needs " + minRuns + " good runs of " + request.job()
                    + ", history has " + runs, List.of());
        }
        JobHistory history = maybe.get();
        RobustDemand robust = robustDemand(history, request);
        if (robust instanceof RobustDemand.Unestimable unestimable) {
            return new SizingDecision.NotApplicable("RUSH cannot estimate a demand distribution: "
                    + unestimable.detail(), List.of());
        }
        WorstCaseDemand demand = ((RobustDemand.Bounded) robust).demand();
        double stretch = demand.referenceQuantile() > 0 ? Math.max(1.0, demand.eta() / demand.referenceQuantile()) : 1.0;
        List<SizingTerm> terms = terms(request, history, demand, stretch);
        if (demand.atTopBin() && demand.etaBin() > demand.referenceBin()) {
            return new SizingDecision.NotApplicable("δ = " + request.robustness() + " moves RUSH's worst case to the"
                    + " top of the demand range history supports (η = " + Predictions.seconds(demand.eta())
                    + "), so the real worst case may be larger and RUSH cannot bound it; lower spark.deadline"
                    + ".robustness to size this job with RUSH", terms);
        }
        return choose(request, history, stretch, terms);
    }

    /**
     * η over the runs' demands at one executor count. Runs that agree exactly leave φ an impulse, and every
     * distribution within a finite KL radius of an impulse is that impulse, so η is the demand itself (κ = 1).
     */
    private RobustDemand robustDemand(JobHistory history, SizingRequest request) {
        double[] samples = history.demandAtLatestCount();
        Robustness robustness = Robustness.of(request.confidence(), request.robustness());
        RobustDemand robust = WorstCaseDemandSearch.fromSamples(estimator, samples, robustness);
        if (robust instanceof RobustDemand.Unestimable u && u.problem() == DemandEstimate.Problem.ZERO_SPREAD) {
            return WorstCaseDemandSearch.fromSamples(MeanTimeEstimator.perRun(), samples, robustness);
        }
        return robust;
    }

    private static List<SizingTerm> terms(SizingRequest request, JobHistory history, WorstCaseDemand demand,
                                          double stretch) {
        List<SizingTerm> terms = new ArrayList<>();
        terms.add(SizingTerm.of("method", "RUSH", history.goodRuns() + " good runs in history"));
        terms.add(SizingTerm.of("θ (confidence)", request.confidence(), "probability of meeting the deadline"));
        terms.add(SizingTerm.of("δ (robustness)", request.robustness(), "KL radius around history's distribution"));
        terms.add(SizingTerm.of("demand θ-quantile", Predictions.seconds(demand.referenceQuantile()),
                "executor-core-seconds history shows"));
        terms.add(SizingTerm.of("η (worst-case demand)", Predictions.seconds(demand.eta()),
                "θ-quantile if history is off by up to δ"));
        terms.add(SizingTerm.of("κ = η / quantile", String.format(java.util.Locale.ROOT, "%.3f", stretch),
                "stretch on executor work (driver-only time is not stretched)"));
        terms.add(SizingTerm.of("launch overhead", Predictions.seconds(history.launchOverhead().toMillis() / 1000.0),
                "submission to application start, learned from past launches"));
        terms.add(SizingTerm.of("max useful executors", history.curve().maxUsefulExecutors(), "widest stage / cores"));
        terms.add(SizingTerm.of("executor limit", request.executorLimit(), "min(team cap "
                + request.teamMaxExecutors() + ", cluster holds " + request.clusterExecutors() + ")"));
        return terms;
    }

    private static SizingDecision choose(SizingRequest request, JobHistory history, double stretch,
                                         List<SizingTerm> terms) {
        RuntimeCurve curve = history.curve();
        Duration overhead = history.launchOverhead();
        double usable = (request.window().toMillis() - overhead.toMillis()) / 1000.0;
        int maxUseful = Math.max(1, curve.maxUsefulExecutors());
        int most = Math.min(maxUseful, request.executorLimit());
        terms.add(SizingTerm.of("usable window", Predictions.seconds(usable), "deadline - now - launch overhead"));
        if (most < 1) {
            return new SizingDecision.Unmeetable("the reservable capacity cannot hold one executor of "
                    + request.executor(), Bound.CLUSTER_CAPACITY, Optional.empty(), terms);
        }
        for (int n = 1; n <= most; n++) {
            double robust = robustSeconds(curve, n, request.confidence(), stretch);
            if (robust <= usable) {
                terms.add(SizingTerm.of("runtime at " + n + " executors", Predictions.seconds(robust),
                        "driver-only " + Predictions.seconds(curve.driverSeconds(n))
                                + " + κ x executor work of the θ-quantile runtime"));
                terms.add(SizingTerm.of("how sure", curve.assurance(n), "how the runtime curve was judged"));
                return new SizingDecision.Sized(n, "RUSH", Bound.DEADLINE, Predictions.hold(overhead, robust),
                        Optional.of(Predictions.finish(request, overhead, curve.wallSeconds(n, 0.5))),
                        Optional.of(Predictions.finish(request, overhead, robust)), terms);
            }
        }
        double best = robustSeconds(curve, most, request.confidence(), stretch);
        Bound bound = Predictions.binding(request, maxUseful);
        terms.add(SizingTerm.of("runtime at " + most + " executors", Predictions.seconds(best), "the most allowed"));
        terms.add(SizingTerm.of("how sure", curve.assurance(most), "how the runtime curve was judged"));
        return new SizingDecision.Unmeetable("even " + most + " executors (" + bound.name().toLowerCase() + ") need "
                + Predictions.seconds(best) + " at confidence " + request.confidence() + ", but only "
                + Predictions.seconds(Math.max(0, usable)) + " remain after the launch overhead", bound,
                Optional.of(Predictions.finish(request, overhead, best)), terms);
    }

    /** The θ-quantile runtime at {@code executors} with its executor work stretched by κ. */
    static double robustSeconds(RuntimeCurve curve, int executors, double confidence, double stretch) {
        double wall = curve.wallSeconds(executors, confidence);
        double driver = Math.max(0, Math.min(wall, curve.driverSeconds(executors)));
        return driver + stretch * (wall - driver);
    }
}
