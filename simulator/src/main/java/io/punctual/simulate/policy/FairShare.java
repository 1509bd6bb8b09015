package io.punctual.simulate.policy;

import io.punctual.simulate.engine.Cluster;
import io.punctual.simulate.engine.FinishedRun;
import io.punctual.simulate.engine.Policy;
import io.punctual.simulate.workload.JobView;

/**
 * The Justice paper's fair-share baselines (Section 3): every job runs at once under max-min fair sharing, whatever
 * its deadline. Baseline FS lets a late job run on; Reactive FS kills it when its deadline passes.
 */
public final class FairShare implements Policy {

    private final boolean reactive;

    private FairShare(boolean reactive) {
        this.reactive = reactive;
    }

    public static FairShare baseline() {
        return new FairShare(false);
    }

    public static FairShare reactive() {
        return new FairShare(true);
    }

    @Override
    public String name() {
        return reactive ? "reactive-fs" : "baseline-fs";
    }

    @Override
    public void arrived(Cluster cluster, JobView job) {
        cluster.share(job);
    }

    @Override
    public void finished(Cluster cluster, FinishedRun run) {
    }

    @Override
    public void overdue(Cluster cluster, JobView job) {
        if (reactive) {
            cluster.kill(job, "passed its deadline; Reactive FS frees its CPUs");
        }
    }
}
