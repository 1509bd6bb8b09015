package io.punctual.simulate.policy;

import io.punctual.simulate.engine.Policy;
import io.punctual.sizing.justice.JusticeState;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The policies the simulator can run, by the names the command line uses. {@code name:argument} passes an argument
 * (e.g. {@code punctual:justice}); other modules add policies built from their own classes with {@link #with}.
 */
public final class PolicyCatalog {

    /** YARN's own reservation agents: measured beside ours by the RayonSideBySide benchmark, not by the simulator. */
    public static final List<String> NOT_YET = List.of("yarn-greedy", "yarn-aligned");

    /** Reservation placers: they run on a {@code reservations:} workload, not on jobs. */
    public static final List<String> RESERVATION_POLICIES = List.of("gree", "gree-l");

    /** Allocators of latency-sensitive queues: they run on a {@code bursts:} workload, not on jobs. */
    public static final List<String> QUEUE_POLICIES = List.of("bopf", "drf", "strict-priority");

    private final Map<String, Function<PolicyContext, Policy>> factories = new LinkedHashMap<>();

    private PolicyCatalog() {
    }

    /** baseline-fs, reactive-fs, oracle, justice and rush. */
    public static PolicyCatalog builtIn() {
        PolicyCatalog catalog = new PolicyCatalog();
        catalog.factories.put("baseline-fs", context -> FairShare.baseline());
        catalog.factories.put("reactive-fs", context -> FairShare.reactive());
        catalog.factories.put("oracle", context -> new Oracle(context.jobs()));
        catalog.factories.put("justice", context -> new JusticePolicy(
                JusticeState.initial(context.settings().smoothing()), context.settings().killAboveTasks()));
        catalog.factories.put("rush", context -> new WaitingQueue("rush", new RushSizing(
                context.settings().minRunsForRush(), context.settings().confidence(), context.settings().robustness(),
                new SimHistory(context.settings().historyWindow()), context.container())));
        return catalog;
    }

    public PolicyCatalog with(String name, Function<PolicyContext, Policy> factory) {
        factories.put(name, factory);
        return this;
    }

    public List<String> names() {
        return new ArrayList<>(factories.keySet());
    }

    /** Checks every name before anything runs. */
    public void check(List<String> names) {
        if (names.isEmpty()) {
            throw new IllegalArgumentException("name at least one policy; known: " + String.join(", ", names()));
        }
        for (String name : names) {
            String base = base(name);
            if (QUEUE_POLICIES.contains(base)) {
                throw new IllegalArgumentException("policy '" + name + "' allocates latency-sensitive queues, not jobs:"
                        + " run it on --trace bursts:lqs=N[,tqs=M,...]");
            }
            if (RESERVATION_POLICIES.contains(base)) {
                throw new IllegalArgumentException("policy '" + name + "' places reservations, not jobs: run it on"
                        + " --trace reservations:requests=N[,load=L]");
            }
            if (NOT_YET.contains(base)) {
                throw new IllegalArgumentException("policy '" + name + "' is YARN's own agent, which needs the"
                        + " ResourceManager's classes: the RayonSideBySide benchmark measures it beside gree and gree-l"
                        + " (benchmarks/results/rayon.md); simulated here: "
                        + String.join(", ", names()));
            }
            if (!factories.containsKey(base)) {
                throw new IllegalArgumentException("unknown policy '" + name + "'; known: " + String.join(", ", names()));
            }
        }
    }

    public Policy create(String name, PolicyContext context) {
        check(List.of(name));
        int colon = name.indexOf(':');
        String argument = colon < 0 ? "" : name.substring(colon + 1);
        Policy policy = factories.get(base(name)).apply(context.withArgument(argument));
        return colon < 0 ? policy : new Named(name, policy);
    }

    private static String base(String name) {
        int colon = name.indexOf(':');
        return colon < 0 ? name : name.substring(0, colon);
    }

    /**
     * Reports under the name asked for when it names an argument; a bare name reports as the policy names itself
     * ({@code punctual} says which admission policy the site's configuration chose).
     */
    private record Named(String name, Policy inner) implements Policy {
        @Override
        public void arrived(io.punctual.simulate.engine.Cluster cluster, io.punctual.simulate.workload.JobView job) {
            inner.arrived(cluster, job);
        }

        @Override
        public void finished(io.punctual.simulate.engine.Cluster cluster,
                             io.punctual.simulate.engine.FinishedRun run) {
            inner.finished(cluster, run);
        }

        @Override
        public void overdue(io.punctual.simulate.engine.Cluster cluster, io.punctual.simulate.workload.JobView job) {
            inner.overdue(cluster, job);
        }

        @Override
        public void expired(io.punctual.simulate.engine.Cluster cluster, io.punctual.simulate.workload.JobView job) {
            inner.expired(cluster, job);
        }

        @Override
        public void woke(io.punctual.simulate.engine.Cluster cluster, io.punctual.simulate.workload.JobView job) {
            inner.woke(cluster, job);
        }
    }
}
