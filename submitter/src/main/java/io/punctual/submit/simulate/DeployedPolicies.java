package io.punctual.submit.simulate;

import io.punctual.submit.launch.InMemoryLauncher;

import io.punctual.simulate.policy.PolicyCatalog;
import io.punctual.simulate.policy.PolicyContext;
import io.punctual.simulate.cluster.ClusterSpec;
import io.punctual.simulate.policy.SimHistory;
import io.punctual.sizing.JobKey;
import io.punctual.sizing.Resources;
import io.punctual.submit.assembly.Assembly;
import io.punctual.submit.config.SiteConfig;
import io.punctual.submit.pipeline.SizingSettings;
import io.punctual.submit.request.AdmissionPolicy;
import io.punctual.yarn.memory.ClusterLayout;
import io.punctual.yarn.memory.InMemoryClusterGateway;
import io.punctual.yarn.memory.ManualClock;
import io.punctual.yarn.memory.QueueLayout;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The simulator's policies with Punctual's own added: {@code punctual} and {@code punctual:<admission>} are the
 * gateway's sizing, planning and kill rule built from the site's configuration (the {@link Assembly}), so the
 * simulator measures the code and settings that would run.
 */
public final class DeployedPolicies {

    /** Admission policies {@code punctual:<admission>} can name: those of {@code punctual.admission.policy}. */
    public static final List<String> ADMISSIONS = AdmissionPolicy.configNames();

    /**
     * Punctual without its move out of an ending reservation ({@code ClusterGateway.leaveReservation}): YARN kills a
     * run that outlives its reservation, as Hadoop 3.3 does once the scheduler's queues were changed. Plain
     * {@code punctual} is Punctual as deployed: such a run leaves its reservation and keeps its CPUs to the end.
     */
    public static final String EXPIRING = "punctual-expiry";

    /** Punctual as deployed: it re-plans each running deadline job from its progress (issue 25). */
    public static final String REPLANNING = "punctual";

    /** Punctual sizing each job once, before it starts, and only watching it run. */
    public static final String ONCE = "punctual-once";

    /** Simulated jobs belong to one team with no file of its own: they get the site's settings. */
    static final String TEAM = "simulated";

    private DeployedPolicies() {
    }

    public static PolicyCatalog catalog(Assembly assembly) {
        return PolicyCatalog.builtIn().with(REPLANNING, context -> deployed(assembly, context, false, true))
                .with(ONCE, context -> deployed(assembly, context, false, false))
                .with(EXPIRING, context -> deployed(assembly, context, true, true));
    }

    /** The site's values for the built-in policies' knobs (Justice's smoothing and kill threshold, RUSH's θ and δ). */
    public static PolicyContext.Settings settings(Assembly assembly) {
        SiteConfig.Sizing site = assembly.config().site().sizing();
        return new PolicyContext.Settings(site.defaultConfidence(), site.klRadius(), site.minGoodRuns(),
                site.errorSmoothing(), site.killAboveTasks(), PolicyContext.Settings.DEFAULTS.historyWindow());
    }

    static DeployedPolicy deployed(Assembly assembly, PolicyContext context) {
        return deployed(assembly, context, false, true);
    }

    /**
     * @param expiryKills whether a run still going when its reservation ends is killed, as Hadoop 3.3's plan follower
     *                    does ({@value #EXPIRING}); otherwise it keeps its CPUs and delays the jobs that reserved them
     * @param replans     whether running jobs are re-planned from their progress ({@value #REPLANNING}), or sized
     *                    once ({@value #ONCE})
     */
    static DeployedPolicy deployed(Assembly assembly, PolicyContext context, boolean expiryKills, boolean replans) {
        SizingSettings site = assembly.sizing(assembly.settings(new JobKey(TEAM, "any"), Map.of()));
        String admission = context.argument().isEmpty() ? site.admission().configName() : context.argument();
        if (!ADMISSIONS.contains(admission)) {
            throw new IllegalArgumentException("unknown admission policy '" + admission + "' in punctual:" + admission
                    + "; known: " + String.join(", ", ADMISSIONS));
        }
        // The trace is the whole cluster's work and its jobs one team, so that team may use the whole cluster, as
        // every baseline's jobs may: a per-team cap is there to share a cluster among teams, of which there is one.
        int wholeCluster = context.cluster().nodes() * context.cluster().vcores();
        SizingSettings sizing = new SizingSettings(site.confidence(), site.robustness(), site.minRunsForRush(),
                wholeCluster, site.killAboveTasks(), AdmissionPolicy.named(admission).orElseThrow(),
                site.utility(), replans ? Optional.of(SizingSettings.START_CONFIDENCE) : Optional.empty());
        ManualClock clock = new ManualClock(Instant.EPOCH);
        SimulatedLearning learning = new SimulatedLearning(new SimHistory(context.settings().historyWindow()),
                assembly.config().site().sizing().errorSmoothing(), clock);
        String planQueue = assembly.planQueue();
        String late = assembly.config().site().cluster().bestEffortQueue();
        InMemoryClusterGateway yarn = new InMemoryClusterGateway(layout(context.cluster(), planQueue, late), clock);
        SimulatedInputs inputs = new SimulatedInputs();
        var pipeline = assembly.simulated(yarn, InMemoryLauncher.simulated(yarn), learning, clock, sizing, inputs);
        String name = expiryKills ? EXPIRING : replans ? REPLANNING : ONCE;
        return new DeployedPolicy(name + ":" + admission, pipeline, learning, inputs, clock, yarn, planQueue, TEAM,
                sizing.utility(), expiryKills, replans);
    }

    /**
     * The simulated cluster as YARN would hold it: its nodes, one reservable plan queue with all of it (the simulator
     * runs deadline jobs only) and the best-effort queue a run moves into before its reservation ends (guaranteed
     * nothing: it keeps the containers it has), one-second plan-follower steps, no retention of finished reservations.
     */
    static ClusterLayout layout(ClusterSpec cluster, String planQueue, String bestEffortQueue) {
        return ClusterLayout.embedded().withNodes(cluster.nodes(), Resources.of(cluster.vcores(), cluster.memoryMb()))
                .withQueues(List.of(QueueLayout.plan(planQueue, 1.0),
                        new QueueLayout(bestEffortQueue, 0, 1.0, false)))
                .withReservationRetention(Duration.ZERO);
    }
}
