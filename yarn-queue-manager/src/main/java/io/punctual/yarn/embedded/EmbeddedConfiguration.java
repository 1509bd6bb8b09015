package io.punctual.yarn.embedded;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.ResourceScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler;

/** The two configurations of the embedded cluster: YARN's own, and the CapacityScheduler's queues. */
final class EmbeddedConfiguration {

    private static final String CS = "yarn.scheduler.capacity.";

    private EmbeddedConfiguration() {
    }

    static YarnConfiguration yarn(EmbeddedYarnSpec spec) {
        YarnConfiguration conf = new YarnConfiguration();
        conf.setClass(YarnConfiguration.RM_SCHEDULER, CapacityScheduler.class, ResourceScheduler.class);
        conf.setBoolean(YarnConfiguration.RM_RESERVATION_SYSTEM_ENABLE, true);
        // The queue layout lives in the scheduler's mutable store, so it can be changed through the REST API.
        conf.set(YarnConfiguration.SCHEDULER_CONFIGURATION_STORE_CLASS, YarnConfiguration.MEMORY_CONFIGURATION_STORE);
        // MiniYARNCluster overwrites the NodeManager memory with this key's value.
        conf.setInt(YarnConfiguration.YARN_MINICLUSTER_NM_PMEM_MB, spec.nodeMemoryMb());
        conf.setInt(YarnConfiguration.NM_PMEM_MB, spec.nodeMemoryMb());
        conf.setInt(YarnConfiguration.NM_VCORES, spec.nodeVcores());
        conf.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 256);
        conf.setInt(YarnConfiguration.RM_SCHEDULER_MAXIMUM_ALLOCATION_MB, spec.nodeMemoryMb());
        conf.setInt(YarnConfiguration.RM_SCHEDULER_MAXIMUM_ALLOCATION_VCORES, spec.nodeVcores());
        conf.setBoolean(YarnConfiguration.NM_PMEM_CHECK_ENABLED, false);
        conf.setBoolean(YarnConfiguration.NM_VMEM_CHECK_ENABLED, false);
        // A full developer disk must not mark the only NodeManagers unhealthy.
        conf.setFloat(YarnConfiguration.NM_MAX_PER_DISK_UTILIZATION_PERCENTAGE, 100.0f);
        // Application priorities order a queue's applications (BoPF's soft and elastic groups ahead of batch work);
        // YARN caps every priority at this, 0 by default, which would flatten them all.
        conf.setInt(YarnConfiguration.MAX_CLUSTER_LEVEL_APPLICATION_PRIORITY, 10);
        conf.setBoolean(YarnConfiguration.RM_SYSTEM_METRICS_PUBLISHER_ENABLED, false);
        conf.setBoolean(YarnConfiguration.TIMELINE_SERVICE_ENABLED, false);
        // Clients fail fast when the RM is gone instead of retrying for fifteen minutes.
        conf.setLong(YarnConfiguration.RESOURCEMANAGER_CONNECT_MAX_WAIT_MS, 10_000);
        conf.setLong(YarnConfiguration.RESOURCEMANAGER_CONNECT_RETRY_INTERVAL_MS, 500);
        return conf;
    }

    /** Queues: a reservable plan queue and a best-effort queue under root, dominant-resource scheduling. */
    static Configuration scheduler(EmbeddedYarnSpec spec) {
        Configuration cs = new Configuration(false);
        String plan = CS + "root." + spec.planQueue() + ".";
        String bestEffort = CS + "root." + spec.bestEffortQueue() + ".";
        cs.set(CS + "resource-calculator",
                "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator");
        cs.set(CS + "root.queues", spec.planQueue() + "," + spec.bestEffortQueue());
        cs.set(CS + "maximum-am-resource-percent", "0.5");
        cs.set(plan + "capacity", Integer.toString(spec.planPercent()));
        cs.set(plan + "maximum-capacity", Integer.toString(spec.planMaximumPercent()));
        cs.set(plan + "reservable", "true");
        // Lists reservation queues in the REST API and UI, which is where their effective resources can be read.
        cs.set(plan + "show-reservations-as-queues", "true");
        cs.set(plan + "user-limit-factor", "100");
        cs.set(plan + "maximum-am-resource-percent", "0.5");
        cs.set(bestEffort + "capacity", Integer.toString(100 - spec.planPercent()));
        cs.set(bestEffort + "maximum-capacity", "100");
        cs.set(bestEffort + "user-limit-factor", "100");
        return cs;
    }
}
