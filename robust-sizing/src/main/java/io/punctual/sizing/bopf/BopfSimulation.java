package io.punctual.sizing.bopf;

import io.punctual.sizing.Resources;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A discrete-time run of {@link BopfAllocation} over a horizon (BoPF paper §3.3): every {@code step} seconds it asks
 * each admitted queue's demand, allocates, and books what each guaranteed queue received in its current period
 * (allocation × step), starting afresh when a new period begins.
 */
public final class BopfSimulation {

    /** Refuses horizons longer than this many steps: a run keeps one allocation map per step. */
    public static final long MAX_STEPS = 10_000_000;

    private BopfSimulation() {
    }

    /** Allocations at from, from + step, ... while below {@code until}. */
    public static List<StepAllocation> run(Resources capacity, List<AdmissionDecision> admitted, DemandSchedule demand,
                                           long from, long until, long step) {
        List<StepAllocation> steps = new ArrayList<>();
        run(capacity, admitted, demand, from, until, step, steps::add);
        return steps;
    }

    /**
     * The same run, handing each step's allocation to {@code observer} as soon as it is made instead of keeping them:
     * a demand that depends on what a queue has received so far (a burst's remaining work) reads it before the next
     * step asks.
     */
    public static void run(Resources capacity, List<AdmissionDecision> admitted, DemandSchedule demand, long from,
                           long until, long step, Consumer<StepAllocation> observer) {
        if (step <= 0 || until <= from) {
            throw new IllegalArgumentException("need step > 0 and until > from; got step " + step + ", ["
                    + from + ", " + until + ")");
        }
        if ((until - from) / step > MAX_STEPS) {
            throw new IllegalArgumentException("horizon [" + from + ", " + until + ") has more than " + MAX_STEPS
                    + " steps of " + step + " s; use a longer step or a shorter horizon");
        }
        Map<String, Resources> received = new HashMap<>();
        Map<String, Long> periodOf = new HashMap<>();
        for (long now = from; now < until; now += step) {
            Map<String, Resources> demands = new LinkedHashMap<>();
            for (AdmissionDecision decision : admitted) {
                if (decision.queueClass().isAdmitted()) {
                    demands.put(decision.name(), demand.demandAt(decision.name(), now));
                }
                if (decision.queueClass().isGuaranteed() && now >= decision.queue().startSeconds()) {
                    long periodStart = decision.queue().periodStartAt(now);
                    Long previous = periodOf.put(decision.name(), periodStart);
                    if (previous == null || previous != periodStart) {
                        received.put(decision.name(), Resources.ZERO);
                    }
                }
            }
            StepAllocation allocation = BopfAllocation.step(capacity, admitted, now, demands, received);
            for (String queue : received.keySet()) {
                received.put(queue, received.get(queue).plus(allocation.of(queue).times(step)));
            }
            observer.accept(allocation);
        }
    }
}
