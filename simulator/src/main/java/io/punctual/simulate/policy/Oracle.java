package io.punctual.simulate.policy;

import io.punctual.simulate.engine.Cluster;
import io.punctual.simulate.engine.FinishedRun;
import io.punctual.simulate.engine.Policy;
import io.punctual.simulate.workload.JobView;
import io.punctual.simulate.workload.SimJob;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Justice paper's Oracle (Section 3): it knows each job's true runtime and gives it exactly the fewest CPUs
 * that finish it by its deadline; a job that does not fit waits, smallest request over time-to-deadline first, until
 * it fits or can no longer finish in time. It is per-job prescient, not a global optimum.
 */
public final class Oracle implements Policy {

    private final List<SimJob> truth;
    private final Map<Integer, JobView> waiting = new LinkedHashMap<>();

    public Oracle(List<SimJob> truth) {
        this.truth = truth;
    }

    @Override
    public String name() {
        return "oracle";
    }

    @Override
    public void arrived(Cluster cluster, JobView job) {
        waiting.put(job.index(), job);
        round(cluster);
    }

    @Override
    public void finished(Cluster cluster, FinishedRun run) {
        round(cluster);
    }

    private void round(Cluster cluster) {
        List<Need> needs = new ArrayList<>(waiting.size());
        for (JobView job : new ArrayList<>(waiting.values())) {
            double left = job.due() - cluster.now();
            int cpus = fewestCpus(truth.get(job.index()), left, cluster.capacityCpus());
            if (cpus < 0) {
                waiting.remove(job.index());
                cluster.drop(job, "no allocation up to " + Math.min(job.maxParallelism(), cluster.capacityCpus())
                        + " CPUs finishes it in the " + Math.round(Math.max(0, left)) + " s left before its deadline");
            } else {
                needs.add(new Need(job, cpus, cpus / left));
            }
        }
        needs.sort(Comparator.comparingDouble(Need::priority).thenComparingInt(n -> n.job.index()));
        int free = cluster.freeCpus();
        for (Need need : needs) {
            if (need.cpus <= free) {
                free -= need.cpus;
                waiting.remove(need.job.index());
                cluster.start(need.job, need.cpus);
            }
        }
    }

    /** The fewest CPUs (up to its parallelism and the cluster) that finish the job within {@code seconds}; -1 if none. */
    static int fewestCpus(SimJob job, double seconds, int capacity) {
        int most = Math.min(job.maxParallelism(), capacity);
        if (!(seconds > 0) || job.runtime(most) > seconds) {
            return -1;
        }
        int low = 1;
        int high = most;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (job.runtime(mid) <= seconds) {
                high = mid;
            } else {
                low = mid + 1;
            }
        }
        return low;
    }

    private record Need(JobView job, int cpus, double priority) {
    }
}
