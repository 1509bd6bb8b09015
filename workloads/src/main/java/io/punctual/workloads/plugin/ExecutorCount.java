package io.punctual.workloads.plugin;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.ExecutorAllocationClient;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.ExecutorDecommissionInfo;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerExecutorAdded;
import org.apache.spark.scheduler.SparkListenerExecutorRemoved;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.SparkListenerTaskStart;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import scala.Option;

/**
 * The application's executors and the tasks each runs, as the listener bus tells them, and the move to a total of
 * executors: more are requested from the cluster manager; fewer are reached by releasing executors, the least busy
 * first, each release lowering the target with it.
 */
final class ExecutorCount extends SparkListener {

    private static final Logger LOG = LoggerFactory.getLogger(ExecutorCount.class);

    /** Running tasks per live executor id. */
    private final Map<String, Integer> running = new HashMap<>();

    @Override
    public synchronized void onExecutorAdded(SparkListenerExecutorAdded added) {
        running.putIfAbsent(added.executorId(), 0);
    }

    @Override
    public synchronized void onExecutorRemoved(SparkListenerExecutorRemoved removed) {
        running.remove(removed.executorId());
    }

    @Override
    public synchronized void onTaskStart(SparkListenerTaskStart start) {
        running.computeIfPresent(start.taskInfo().executorId(), (id, n) -> n + 1);
    }

    @Override
    public synchronized void onTaskEnd(SparkListenerTaskEnd end) {
        running.computeIfPresent(end.taskInfo().executorId(), (id, n) -> Math.max(0, n - 1));
    }

    void move(SparkContext sc, int wanted) {
        List<Map.Entry<String, Integer>> executors;
        synchronized (this) {
            executors = new ArrayList<>(running.entrySet());
        }
        int now = executors.size();
        if (wanted > now) {
            // The total, not an increment: without dynamic allocation the backend's requested total starts at 0,
            // so requestExecutors(k) would ask for k in all.
            boolean asked = sc.requestTotalExecutors(wanted, 0, scala.collection.immutable.Map$.MODULE$.empty());
            LOG.info("Punctual's executor target {}: asked for {} more than the {} running ({})", wanted,
                    wanted - now, now, asked ? "acknowledged" : "not acknowledged");
        } else if (wanted < now) {
            executors.sort(Map.Entry.comparingByValue());
            boolean decommission = sc.conf().getBoolean("spark.decommission.enabled", false);
            for (Map.Entry<String, Integer> executor : executors.subList(0, now - wanted)) {
                release(sc, executor.getKey(), decommission);
            }
            // Each release lowers the requested total from wherever the backend had it: set it outright afterwards.
            sc.requestTotalExecutors(wanted, 0, scala.collection.immutable.Map$.MODULE$.empty());
            LOG.info("Punctual's executor target {}: {} {} of the {} running", wanted,
                    decommission ? "decommissioned" : "released", now - wanted, now);
        }
    }

    /**
     * Decommissioned where the application allows it, so its running tasks finish and its shuffle and cached blocks
     * move to the executors that stay (spark.storage.decommission.*) before it exits: the stages that read them need
     * not run again. Otherwise killed, which is safe only with Spark's external shuffle service.
     */
    private static void release(SparkContext sc, String executor, boolean decommission) {
        if (decommission && sc.schedulerBackend() instanceof ExecutorAllocationClient client) {
            client.decommissionExecutor(executor, new ExecutorDecommissionInfo("Punctual gives it back: the"
                    + " application is ahead of its deadline", Option.empty()), true, false);
        } else {
            sc.killExecutor(executor);
        }
    }
}
