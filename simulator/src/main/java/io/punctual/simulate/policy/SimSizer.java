package io.punctual.simulate.policy;

import io.punctual.simulate.engine.FinishedRun;
import io.punctual.simulate.workload.JobView;
import io.punctual.sizing.sizer.SizingDecision;

/** Asks a production sizer for one job's executors (one core each) at a moment, and teaches it completed runs. */
public interface SimSizer {

    SizingDecision size(JobView job, double now, int capacityCpus);

    void learn(FinishedRun run, int capacityCpus);
}
