package io.punctual.simulate.policy;

import io.punctual.simulate.engine.Cluster;
import io.punctual.simulate.engine.FinishedRun;
import io.punctual.simulate.engine.Policy;
import io.punctual.simulate.workload.JobView;
import io.punctual.sizing.sizer.SizingDecision;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * First-fit admission over a sizer: at every arrival and completion each waiting job, in arrival order, is sized
 * again for the time it has left; it starts when its executors are free, waits when they are not (later, smaller
 * jobs may pass it), and is dropped with the sizer's reason once no size can meet its deadline.
 */
public final class WaitingQueue implements Policy {

    private final String name;
    private final SimSizer sizer;
    private final Map<Integer, JobView> waiting = new LinkedHashMap<>();

    public WaitingQueue(String name, SimSizer sizer) {
        this.name = name;
        this.sizer = sizer;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void arrived(Cluster cluster, JobView job) {
        waiting.put(job.index(), job);
        round(cluster);
    }

    @Override
    public void finished(Cluster cluster, FinishedRun run) {
        sizer.learn(run, cluster.capacityCpus());
        round(cluster);
    }

    private void round(Cluster cluster) {
        int free = cluster.freeCpus();
        for (JobView job : new ArrayList<>(waiting.values())) {
            if (free == 0 && job.due() > cluster.now()) {
                continue;
            }
            SizingDecision decision = sizer.size(job, cluster.now(), cluster.capacityCpus());
            if (decision instanceof SizingDecision.Sized sized) {
                int cpus = sized.executors();
                if (cpus <= free) {
                    free -= cpus;
                    waiting.remove(job.index());
                    cluster.start(job, cpus);
                }
            } else {
                waiting.remove(job.index());
                cluster.drop(job, reason(decision));
            }
        }
    }

    private static String reason(SizingDecision decision) {
        if (decision instanceof SizingDecision.Unmeetable unmeetable) {
            return unmeetable.reason();
        }
        return ((SizingDecision.NotApplicable) decision).reason();
    }
}
