package io.punctual.yarn.hadoop;

import io.punctual.sizing.Resources;
import io.punctual.yarn.AgentForecast;
import io.punctual.yarn.AllocationStep;
import io.punctual.yarn.PlanAgent;
import io.punctual.yarn.ReservationId;
import io.punctual.yarn.ReservationInfo;
import io.punctual.yarn.ReservationSpec;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ReflectionUtils;
import org.apache.hadoop.yarn.api.records.ReservationDefinition;
import org.apache.hadoop.yarn.api.records.ReservationRequestInterpreter;
import org.apache.hadoop.yarn.api.records.ReservationRequests;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.server.resourcemanager.RMContext;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.InMemoryPlan;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.InMemoryReservationAllocation;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.ReservationInterval;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.SharingPolicy;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.exceptions.PlanningException;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.planning.ReservationAgent;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacitySchedulerConfiguration;
import org.apache.hadoop.yarn.util.resource.ResourceCalculator;

/**
 * The ResourceManager's own reservation agent, sharing policy and resource calculator (Rayon, Section 4, as YARN's
 * ReservationSystem implements it), run on a copy of a plan queue's plan: what YARN would answer to a reservation,
 * found without asking it. Classes and settings are the cluster's, read from its CapacityScheduler configuration,
 * so the answer is YARN's own rather than Punctual's planner's guess of it.
 */
final class AgentReplica {

    static final String PREFIX = "yarn.scheduler.capacity.";

    private final CapacitySchedulerConfiguration conf;
    private final String source;
    private final long stepMs;
    private final long maxPeriodicity;

    /**
     * @param schedulerProperties the cluster's {@code yarn.scheduler.capacity.*} properties (YARN's defaults for any
     *                            that are missing)
     * @param source              where they were read, as a person would check them
     */
    AgentReplica(Map<String, String> schedulerProperties, String source, long stepMs, long maxPeriodicity) {
        Configuration base = new Configuration(false);
        schedulerProperties.forEach(base::set);
        this.conf = new CapacitySchedulerConfiguration(base, false);
        this.source = source;
        this.stepMs = stepMs;
        this.maxPeriodicity = maxPeriodicity;
    }

    /** The agent, calculator and policy the cluster uses for {@code planQueue}. */
    PlanAgent agent(String planQueue) {
        String path = queuePath(planQueue);
        return new PlanAgent(simpleName(conf.getReservationAgent(path)),
                conf.getResourceCalculator().getClass().getSimpleName(),
                simpleName(conf.getReservationAdmissionPolicy(path)), source);
    }

    /**
     * YARN's answer to {@code inTurn} (requests for one plan queue, asked one after another as YARN will be asked) on
     * a plan of {@code capacity} holding {@code held}, asked by {@code user} at {@code nowMs}: the answer to the first
     * it places, else to the last; empty when the cluster's agent or policy is a class this process does not have.
     */
    Optional<AgentForecast> forecast(PlanState state, List<ReservationSpec> inTurn, String user) {
        String planQueue = inTurn.get(0).planQueue();
        PlanAgent described = agent(planQueue);
        String path = queuePath(planQueue);
        Optional<ReservationAgent> agent = instance(conf.getReservationAgent(path), ReservationAgent.class);
        Optional<SharingPolicy> policy = instance(conf.getReservationAdmissionPolicy(path), SharingPolicy.class);
        if (agent.isEmpty() || policy.isEmpty()) {
            return Optional.empty();
        }
        agent.get().init(conf);
        policy.get().init(path, conf);
        ResourceCalculator calculator = conf.getResourceCalculator();
        InMemoryPlan plan = new InMemoryPlan(null, policy.get(), agent.get(), yarn(state.capacity()), stepMs,
                calculator, yarn(state.minimumAllocation()), yarn(state.maximumAllocation()), planQueue, null,
                true, maxPeriodicity, NO_CONTEXT, state::nowMs);
        copy(state.held(), plan, calculator, yarn(state.minimumAllocation()));
        AgentForecast answer = null;
        for (ReservationSpec spec : inTurn) {
            // A refused request leaves the plan as it was, so the next one is asked of the same copy.
            answer = ask(agent.get(), plan, spec, user, described);
            if (answer.placed()) {
                break;
            }
        }
        return Optional.ofNullable(answer);
    }

    private static AgentForecast ask(ReservationAgent agent, InMemoryPlan plan, ReservationSpec spec, String user,
                                     PlanAgent described) {
        var id = org.apache.hadoop.yarn.api.records.ReservationId.newInstance(0, Long.MAX_VALUE);
        try {
            boolean placed = agent.createReservation(id, user, plan, ReservationTranslation.toYarn(spec));
            return placed ? AgentForecast.places(described)
                    : AgentForecast.refuses(described, "the agent found no allocation");
        } catch (PlanningException | RuntimeException refused) {
            return AgentForecast.refuses(described, String.valueOf(refused.getMessage()).lines()
                    .findFirst().orElse(refused.getClass().getSimpleName()));
        }
    }

    /** The plan as the ResourceManager holds it when the forecast is asked for. */
    record PlanState(Resources capacity, Resources minimumAllocation, Resources maximumAllocation,
                     List<ReservationInfo> held, long nowMs) {
    }

    private static void copy(List<ReservationInfo> held, InMemoryPlan plan, ResourceCalculator calculator,
                             Resource minimum) {
        for (ReservationInfo reservation : held) {
            Map<ReservationInterval, Resource> steps = new HashMap<>();
            long start = Long.MAX_VALUE;
            long end = Long.MIN_VALUE;
            for (AllocationStep step : reservation.allocation()) {
                if (!step.resources().isZero() && step.end().isAfter(step.start())) {
                    steps.put(new ReservationInterval(step.start().toEpochMilli(), step.end().toEpochMilli()),
                            yarn(step.resources()));
                    start = Math.min(start, step.start().toEpochMilli());
                    end = Math.max(end, step.end().toEpochMilli());
                }
            }
            if (steps.isEmpty()) {
                continue;
            }
            ReservationDefinition definition = ReservationDefinition.newInstance(reservation.arrival().toEpochMilli(),
                    reservation.deadline().toEpochMilli(), ReservationRequests.newInstance(List.of(),
                            ReservationRequestInterpreter.R_ALL), reservation.name());
            try {
                plan.addReservation(new InMemoryReservationAllocation(
                        org.apache.hadoop.yarn.api.records.ReservationId.parseReservationId(reservation.id().value()),
                        definition, reservation.user(), plan.getQueueName(), start, end, steps, calculator, minimum),
                        true);
            } catch (PlanningException | java.io.IOException | RuntimeException notCopied) {
                // YARN admitted it once; a copy that no longer fits (the plan shrank) is left out, as YARN keeps it.
            }
        }
    }

    /** The full path of a plan queue named by its leaf, as the scheduler's configuration keys spell it. */
    String queuePath(String planQueue) {
        if (planQueue.startsWith("root.") || planQueue.equals("root")) {
            return planQueue;
        }
        SortedMap<String, String> reservable = new TreeMap<>();
        for (Map.Entry<String, String> e : conf) {
            if (e.getKey().startsWith(PREFIX) && e.getKey().endsWith("." + planQueue + ".reservable")) {
                reservable.put(e.getKey().substring(PREFIX.length(), e.getKey().length() - ".reservable".length()),
                        e.getValue());
            }
        }
        return reservable.entrySet().stream().filter(e -> "true".equalsIgnoreCase(e.getValue().trim()))
                .map(Map.Entry::getKey).findFirst().orElse("root." + planQueue);
    }

    private static <T> Optional<T> instance(String className, Class<T> role) {
        try {
            Class<?> found = Class.forName(className.trim(), true, AgentReplica.class.getClassLoader());
            return Optional.of(role.cast(ReflectionUtils.newInstance(found, null)));
        } catch (ClassNotFoundException | ClassCastException | LinkageError notHere) {
            return Optional.empty();
        }
    }

    private static String simpleName(String className) {
        String trimmed = className.trim();
        return trimmed.substring(trimmed.lastIndexOf('.') + 1);
    }

    private static Resource yarn(Resources resources) {
        return ReservationTranslation.toYarn(resources);
    }

    /** InMemoryPlan asks its RMContext only for a state store, which a copy does without. */
    private static final RMContext NO_CONTEXT = (RMContext) java.lang.reflect.Proxy.newProxyInstance(
            RMContext.class.getClassLoader(), new Class<?>[] {RMContext.class}, (proxy, method, args) -> null);
}
