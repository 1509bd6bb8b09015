package io.punctual.simulate.policy;

import io.punctual.simulate.cluster.ClusterSpec;
import io.punctual.simulate.workload.SimJob;
import io.punctual.sizing.Resources;
import io.punctual.sizing.justice.ErrorSmoothing;

import java.util.List;

/**
 * What a policy is built from: the workload (only the oracle may read its task times), the cluster, and the site's
 * settings for the production algorithms, so a simulated policy runs with the parameters the gateway would.
 *
 * @param argument what followed {@code name:} on the command line (e.g. the admission policy), else empty
 */
public record PolicyContext(List<SimJob> jobs, ClusterSpec cluster, Settings settings, String argument) {

    /** The site's sizing and admission settings (reference.conf's {@code punctual.sizing}). */
    public record Settings(double confidence, double robustness, int minRunsForRush, ErrorSmoothing smoothing,
                           int killAboveTasks, int historyWindow) {

        /** reference.conf's defaults. */
        public static final Settings DEFAULTS = new Settings(0.9, 0.3, 3, new ErrorSmoothing.Exponential(0.3), 1000,
                20);
    }

    public Resources container() {
        return new Resources(cluster.containerMb(), 1);
    }

    public PolicyContext withArgument(String value) {
        return new PolicyContext(jobs, cluster, settings, value);
    }
}
