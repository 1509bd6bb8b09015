package io.punctual.simulate.policy;

import io.punctual.simulate.engine.FinishedRun;
import io.punctual.simulate.workload.JobView;
import io.punctual.sizing.JobKey;
import io.punctual.sizing.Resources;
import io.punctual.sizing.rush.GaussianEstimator;
import io.punctual.sizing.sizer.Bound;
import io.punctual.sizing.sizer.RushSizer;
import io.punctual.sizing.sizer.SizingDecision;
import io.punctual.sizing.sizer.SizingRequest;
import io.punctual.sizing.sizer.SizingTerm;

import java.util.List;
import java.util.Optional;

/**
 * RUSH's sizing (RUSH paper, Section III: the worst-case θ-quantile demand within KL radius δ of history) through
 * the production {@link RushSizer}, reading the simulator's history. RUSH has no answer for a job without enough
 * history; such a job gets its full parallelism (what a greedy user asks for) until its deadline has passed.
 */
public final class RushSizing implements SimSizer {

    private final RushSizer rush;
    private final SimHistory history;
    private final double confidence;
    private final double robustness;
    private final Resources container;

    public RushSizing(int minRuns, double confidence, double robustness, SimHistory history, Resources container) {
        this.rush = new RushSizer(minRuns, GaussianEstimator.perRun(GaussianEstimator.DEFAULT_BINS));
        this.history = history;
        this.confidence = confidence;
        this.robustness = robustness;
        this.container = container;
    }

    @Override
    public SizingDecision size(JobView job, double now, int capacityCpus) {
        SizingRequest request = new SizingRequest(new JobKey("sim", job.key()), SimTime.at(now),
                SimTime.at(job.due()), confidence, robustness, container, 1, history.history(job.key()),
                job.maxParallelism(), capacityCpus, capacityCpus, Optional.empty());
        SizingDecision decision = rush.size(request);
        if (!(decision instanceof SizingDecision.NotApplicable)) {
            return decision;
        }
        if (job.due() <= now) {
            return new SizingDecision.Unmeetable("its deadline passed while it waited", Bound.DEADLINE,
                    Optional.empty(), List.of());
        }
        int cpus = Math.min(job.maxParallelism(), capacityCpus);
        return new SizingDecision.Sized(cpus, "max parallelism", Bound.MAX_PARALLELISM, SimTime.of(job.due() - now),
                Optional.empty(), Optional.empty(), List.of(SizingTerm.of("why", cpus, "too little history for RUSH")));
    }

    @Override
    public void learn(FinishedRun run, int capacityCpus) {
        history.record(run);
    }

}
