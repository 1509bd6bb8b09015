package io.punctual.yarn.memory;

import io.punctual.sizing.Resources;
import io.punctual.sizing.rayon.plan.PlanMetrics;
import io.punctual.sizing.rayon.plan.PlanView;
import io.punctual.sizing.rayon.plan.RunLengthPlan;
import io.punctual.sizing.rayon.plan.SharingPolicy;
import io.punctual.sizing.rayon.planning.GreeL;
import io.punctual.sizing.rayon.planning.Placement;
import io.punctual.sizing.rayon.planning.ReservationAdmission;
import io.punctual.sizing.rayon.rdl.Compilation;
import io.punctual.sizing.rayon.rdl.RdlCompiler;
import io.punctual.yarn.AgentForecast;
import io.punctual.yarn.AllocationStep;
import io.punctual.yarn.PlanAgent;
import io.punctual.yarn.GatewayException;
import io.punctual.yarn.ReservationId;
import io.punctual.yarn.ReservationInfo;
import io.punctual.yarn.ReservationOutcome;
import io.punctual.yarn.ReservationSpec;
import io.punctual.yarn.StageRequest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The reservation system's plans: one Rayon plan per reservable queue, holding the plan queue's guaranteed share,
 * in milliseconds. Requests are checked as YARN's input validator checks them (in its words), then placed by
 * robust-sizing's GREE-L through Rayon's admission steps.
 *
 * <p>GREE-L is the planner closest to YARN's default agent, AlignedPlannerWithGreedy: both first try a smooth,
 * low-preemption placement (YARN's LowCostAligned stage allocator; GREE-L's flattest fill) and fall back to the greedy
 * tallest-latest one. They still differ in where a smooth placement goes on an idle plan: Hadoop 3.3.4 put a gang at
 * the start of its window, GREE-L puts it at the end. Tests must not depend on where in its window a reservation
 * lands.
 *
 * <p>As in YARN, a reservation is "at" the plan from its arrival to its deadline (rounded up to the plan-follower
 * step), and stays listed until the retention after that has passed. Recurring reservations are refused: Hadoop 3.3.4
 * accepts them but gives their queue the reserved share only in the first period, nothing worth modelling.
 */
final class ReservationBook {

    /** One reservation as the plan holds it; {@code opens} and {@code closes} are step-aligned. */
    record Held(ReservationInfo info, String planQueue, Instant opens, Instant closes) {

        /** What the reservation holds at {@code t}. */
        Resources at(Instant t) {
            for (AllocationStep step : info.allocation()) {
                if (!t.isBefore(step.start()) && t.isBefore(step.end())) {
                    return step.resources();
                }
            }
            return Resources.ZERO;
        }

        boolean activeAt(Instant tick) {
            return !tick.isBefore(opens) && tick.isBefore(closes);
        }
    }

    private final ClusterLayout layout;
    private final Map<String, RunLengthPlan> plans = new LinkedHashMap<>();
    private final Map<ReservationId, Held> held = new LinkedHashMap<>();
    /** The in-memory cluster's agent: GREE-L, both resources counted, no sharing limit beyond capacity. */
    static final PlanAgent AGENT = new PlanAgent("GREE-L", "both resources (as DominantResourceCalculator)",
            "no sharing limit", "the in-memory cluster's planner");

    private final ReservationAdmission admission = new ReservationAdmission(new GreeL(), SharingPolicy.UNCONSTRAINED);

    ReservationBook(ClusterLayout layout) {
        this.layout = layout;
        for (QueueLayout queue : layout.queues()) {
            if (queue.reservable()) {
                // A plan in milliseconds, step 1: see ReservationRdl.
                plans.put(queue.name(), new RunLengthPlan(layout.share(queue.capacity()), 1));
            }
        }
    }

    boolean isPlan(String queue) {
        return plans.containsKey(queue);
    }

    Resources capacity(String planQueue) {
        return plans.get(planQueue).capacity();
    }

    ReservationOutcome reserve(ReservationId id, ReservationSpec spec, Instant now) {
        RunLengthPlan plan = plans.get(spec.planQueue());
        if (plan == null) {
            return new ReservationOutcome.Refused(YarnMessages.notAPlan(spec.planQueue()));
        }
        Optional<String> invalid = invalid(spec, plan.capacity(), now);
        if (invalid.isPresent()) {
            return new ReservationOutcome.Refused(invalid.get());
        }
        return admit(id, spec, spec.planQueue(), plan, now);
    }

    /** YARN's update: placed again from scratch, ignoring its old allocation; a refusal keeps the old one. */
    ReservationOutcome update(ReservationId id, ReservationSpec spec, Instant now) {
        Held old = held.get(id);
        if (old == null) {
            return new ReservationOutcome.Refused(YarnMessages.unknownReservation(id));
        }
        RunLengthPlan plan = plans.get(old.planQueue());
        Optional<String> invalid = invalid(spec, plan.capacity(), now);
        if (invalid.isPresent()) {
            return new ReservationOutcome.Refused(invalid.get());
        }
        PlanView.Reservation before = plan.reservation(id.value()).orElseThrow();
        plan.remove(id.value());
        held.remove(id);
        ReservationOutcome outcome = admit(id, spec, old.planQueue(), plan, now);
        if (outcome instanceof ReservationOutcome.Refused) {
            plan.add(before.id(), before.team(), before.allocation());
            held.put(id, old);
        }
        return outcome;
    }

    boolean release(ReservationId id) {
        Held gone = held.remove(id);
        if (gone == null) {
            return false;
        }
        plans.get(gone.planQueue()).remove(id.value());
        return true;
    }

    /** @throws GatewayException for a queue that is not a plan, as YARN refuses to list one */
    List<ReservationInfo> list(String planQueue) {
        requirePlan(planQueue);
        return held.values().stream().filter(h -> h.planQueue().equals(planQueue)).map(Held::info)
                .sorted(Comparator.comparing(r -> r.id().value())).toList();
    }

    Optional<ReservationInfo> find(String planQueue, ReservationId id) {
        requirePlan(planQueue);
        return Optional.ofNullable(held.get(id)).filter(h -> h.planQueue().equals(planQueue)).map(Held::info);
    }

    private void requirePlan(String planQueue) {
        if (!isPlan(planQueue)) {
            throw new GatewayException("could not list reservations in " + planQueue + ": YARN said "
                    + YarnMessages.notAPlan(planQueue));
        }
    }

    /** The reservations the plan follower runs as queues at {@code tick}. */
    List<Held> activeAt(Instant tick) {
        return held.values().stream().filter(h -> h.activeAt(tick)).toList();
    }

    /** Forgets reservations whose window closed more than the retention before {@code tick}, as YARN's plan does. */
    void archive(Instant tick) {
        Instant cutoff = tick.minus(layout.reservationRetention());
        List<ReservationId> expired = held.values().stream().filter(h -> !h.closes().isAfter(cutoff))
                .map(h -> h.info().id()).toList();
        expired.forEach(this::release);
    }

    /** The first instant after {@code t} at which some reservation opens, changes, closes or is archived. */
    Optional<Instant> nextChangeAfter(Instant t) {
        Instant next = null;
        for (Held h : held.values()) {
            List<Instant> edges = new ArrayList<>(List.of(h.opens(), h.closes(),
                    h.closes().plus(layout.reservationRetention())));
            h.info().allocation().forEach(s -> edges.addAll(List.of(s.start(), s.end())));
            for (Instant edge : edges) {
                if (edge.isAfter(t) && (next == null || edge.isBefore(next))) {
                    next = edge;
                }
            }
        }
        return Optional.ofNullable(next);
    }

    private ReservationOutcome admit(ReservationId id, ReservationSpec spec, String planQueue, RunLengthPlan plan,
                                     Instant now) {
        Placement placement = place(id, spec, plan);
        if (placement instanceof Placement.Infeasible infeasible) {
            return new ReservationOutcome.Refused(YarnMessages.noAllocation(infeasible.reason()));
        }
        var info = new ReservationInfo(id, spec.name(), layout.user(), millis(spec.arrival()), millis(spec.deadline()),
                ReservationRdl.steps((Placement.Placed) placement));
        held.put(id, new Held(info, planQueue, stepUp(spec.arrival()), stepUp(spec.deadline())));
        return new ReservationOutcome.Reserved(info);
    }

    /** Where GREE-L puts the request in {@code plan} (which it changes), or why it cannot, naming the step that refused. */
    private Placement place(ReservationId id, ReservationSpec spec, RunLengthPlan plan) {
        // Like YARN's agent, the window is taken as given, even where it opened in the past.
        Compilation compiled = RdlCompiler.compile(ReservationRdl.request(spec, spec.arrival().toEpochMilli(),
                spec.deadline().toEpochMilli()));
        if (compiled instanceof Compilation.Infeasible infeasible) {
            return new Placement.Infeasible("RDL: " + infeasible.reason());
        }
        Placement placement = admission.admit(id.value(), layout.user(), ((Compilation.Feasible) compiled).form(),
                plan);
        return placement instanceof Placement.Infeasible infeasible
                ? new Placement.Infeasible("GREE-L: " + infeasible.reason()) : placement;
    }

    /**
     * What {@link #reserve} would answer now to {@code inTurn}, asked one after another: the answer to the first it
     * places, else to the last. Placed on a copy of the plan, so nothing is reserved.
     */
    AgentForecast forecast(List<ReservationSpec> inTurn, Instant now) {
        AgentForecast answer = null;
        for (ReservationSpec spec : inTurn) {
            answer = forecast(spec, now);
            if (answer.placed()) {
                break;
            }
        }
        return answer;
    }

    private AgentForecast forecast(ReservationSpec spec, Instant now) {
        RunLengthPlan plan = plans.get(spec.planQueue());
        if (plan == null) {
            return AgentForecast.refuses(AGENT, YarnMessages.notAPlan(spec.planQueue()));
        }
        Optional<String> invalid = invalid(spec, plan.capacity(), now);
        if (invalid.isPresent()) {
            return AgentForecast.refuses(AGENT, invalid.get());
        }
        Placement placement = place(new ReservationId("reservation_0_0"), spec, plan.copy());
        return placement instanceof Placement.Infeasible infeasible
                ? AgentForecast.refuses(AGENT, YarnMessages.noAllocation(infeasible.reason()))
                : AgentForecast.places(AGENT);
    }

    /** YARN's input validation, in its words; empty when the request may go to the planner. */
    private Optional<String> invalid(ReservationSpec spec, Resources capacity, Instant now) {
        if (spec.recurrence().isPresent()) {
            return Optional.of("recurring reservations are not supported by the in-memory cluster: YARN 3.3 gives"
                    + " their queue the reserved share only in the first period");
        }
        if (!spec.deadline().isAfter(now)) {
            return Optional.of(YarnMessages.deadlinePassed(spec.deadline()));
        }
        boolean any = spec.combine() == ReservationSpec.Combine.ANY;
        boolean parallel = any || spec.combine() == ReservationSpec.Combine.ALL;
        long minDuration = parallel
                ? spec.stages().stream().mapToLong(s -> s.duration().toMillis()).max().orElse(0)
                : spec.stages().stream().mapToLong(s -> s.duration().toMillis()).sum();
        long window = spec.deadline().toEpochMilli() - spec.arrival().toEpochMilli();
        if (!any && window < minDuration) {
            return Optional.of(YarnMessages.windowTooShort(spec.arrival(), spec.deadline(), minDuration));
        }
        Resources largestGang = spec.stages().stream().map(ReservationBook::gang)
                .max(Comparator.comparingDouble(g -> PlanMetrics.dominantShare(g, capacity))).orElseThrow();
        if (!any && !largestGang.fitsIn(capacity)) {
            return Optional.of(YarnMessages.gangTooLarge(largestGang, capacity));
        }
        return Optional.empty();
    }

    private static Resources gang(StageRequest stage) {
        return stage.capability().times(stage.concurrency());
    }

    private Instant stepUp(Instant t) {
        long step = layout.planFollowerStep().toMillis();
        return Instant.ofEpochMilli(Math.floorDiv(t.toEpochMilli() + step - 1, step) * step);
    }

    private static Instant millis(Instant t) {
        return Instant.ofEpochMilli(t.toEpochMilli());
    }
}
