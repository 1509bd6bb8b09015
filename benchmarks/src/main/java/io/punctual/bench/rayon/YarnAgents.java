package io.punctual.bench.rayon;

import io.punctual.simulate.reservations.RayonWorkload;

import io.punctual.sizing.Resources;
import io.punctual.sizing.rayon.plan.Segment;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.ReservationDefinition;
import org.apache.hadoop.yarn.api.records.ReservationId;
import org.apache.hadoop.yarn.api.records.ReservationRequest;
import org.apache.hadoop.yarn.api.records.ReservationRequestInterpreter;
import org.apache.hadoop.yarn.api.records.ReservationRequests;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.server.resourcemanager.RMContext;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.InMemoryPlan;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.NoOverCommitPolicy;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.ReservationAllocation;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.exceptions.PlanningException;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.planning.AlignedPlannerWithGreedy;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.planning.GreedyReservationAgent;
import org.apache.hadoop.yarn.server.resourcemanager.reservation.planning.ReservationAgent;
import org.apache.hadoop.yarn.util.resource.DominantResourceCalculator;

/**
 * Drives YARN's own reservation agents ({@code GreedyReservationAgent}, {@code AlignedPlannerWithGreedy}) on an
 * {@code InMemoryPlan} the way Hadoop's TestGreedyReservationAgent / TestAlignedPlanner do, for side-by-side runs:
 * no sharing limit beyond capacity ({@code NoOverCommitPolicy}), both resources checked
 * ({@code DominantResourceCalculator}), a 1-second step with times in milliseconds as in a real ResourceManager.
 * Hadoop types stay inside this class.
 */
final class YarnAgents {

    enum Agent {
        GREEDY("YARN GreedyReservationAgent"),
        ALIGNED("YARN AlignedPlannerWithGreedy");

        final String label;

        Agent(String label) {
            this.label = label;
        }
    }

    private static final long STEP_MS = 1000;

    private final ReservationAgent agent;
    private final InMemoryPlan plan;
    private long nextId;

    YarnAgents(Agent kind, Resources capacity) {
        Configuration conf = new Configuration(false);
        agent = kind == Agent.GREEDY ? new GreedyReservationAgent() : new AlignedPlannerWithGreedy();
        agent.init(conf);
        Resource total = Resource.newInstance(capacity.memoryMb(), Math.toIntExact(capacity.vcores()));
        Resource node = Resource.newInstance(RayonWorkload.NODE.memoryMb(), (int) RayonWorkload.NODE.vcores());
        // InMemoryPlan only asks its RMContext for a state store, which may be absent.
        RMContext context = (RMContext) Proxy.newProxyInstance(RMContext.class.getClassLoader(),
                new Class<?>[] {RMContext.class}, (proxy, method, args) -> null);
        plan = new InMemoryPlan(null, new NoOverCommitPolicy(), agent, total, STEP_MS,
                new DominantResourceCalculator(), Resource.newInstance(1024, 1), node, "dedicated", null, true,
                context);
    }

    /** Asks the agent to reserve {@code request}; true when it is in the plan. */
    boolean reserve(RayonWorkload.Request request) {
        List<ReservationRequest> asks = new ArrayList<>();
        for (RayonWorkload.Stage s : request.stages()) {
            asks.add(ReservationRequest.newInstance(
                    Resource.newInstance(s.bundle().memoryMb(), Math.toIntExact(s.bundle().vcores())),
                    s.containers(), s.concurrency(), s.duration() * STEP_MS));
        }
        ReservationRequestInterpreter how = request.ordered() ? ReservationRequestInterpreter.R_ORDER
                : ReservationRequestInterpreter.R_ALL;
        ReservationDefinition definition = ReservationDefinition.newInstance(request.arrival() * STEP_MS,
                request.deadline() * STEP_MS, ReservationRequests.newInstance(asks, how), "r" + request.index());
        try {
            return agent.createReservation(ReservationId.newInstance(0, ++nextId), "bench", plan, definition);
        } catch (PlanningException | RuntimeException refused) {
            return false;
        }
    }

    /** Every admitted reservation's allocation over time, in seconds, as non-zero segments. */
    List<List<Segment>> allocations() {
        List<List<Segment>> out = new ArrayList<>();
        for (ReservationAllocation r : plan.getAllReservations()) {
            out.add(segments(r.getResourcesOverTime().getCumulative()));
        }
        return out;
    }

    private static List<Segment> segments(NavigableMap<Long, Resource> cumulative) {
        List<Segment> out = new ArrayList<>();
        Map.Entry<Long, Resource> previous = null;
        for (Map.Entry<Long, Resource> e : cumulative.entrySet()) {
            if (previous != null && previous.getValue().getMemorySize() + previous.getValue().getVirtualCores() > 0) {
                out.add(new Segment(previous.getKey() / STEP_MS, e.getKey() / STEP_MS,
                        Resources.of(previous.getValue().getVirtualCores(), previous.getValue().getMemorySize())));
            }
            previous = e;
        }
        return out;
    }
}
