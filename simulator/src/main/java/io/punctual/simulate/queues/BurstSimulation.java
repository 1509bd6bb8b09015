package io.punctual.simulate.queues;

import io.punctual.simulate.engine.JobResult;
import io.punctual.simulate.policy.PolicyCatalog;
import io.punctual.sizing.Resources;
import io.punctual.sizing.bopf.AdmissionDecision;
import io.punctual.sizing.bopf.BopfAdmission;
import io.punctual.sizing.bopf.BopfSimulation;
import io.punctual.sizing.bopf.Condition;
import io.punctual.sizing.bopf.DominantResourceFairness;
import io.punctual.sizing.bopf.QueueClass;
import io.punctual.sizing.bopf.QueueSpec;
import io.punctual.sizing.bopf.StepAllocation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Latency-sensitive and throughput queues under one of three allocators, second by second (BoPF paper §5's
 * comparison): {@code bopf} — robust-sizing's {@link BopfAdmission} (queues admitted in the order they arrive) and
 * its allocation stepped by {@link BopfSimulation}; {@code drf} — every queue elastic, which is BoPF's
 * allocation reduced to plain {@link DominantResourceFairness}; {@code strict-priority} — LQs with work take what
 * they ask, in arrival order, before the TQs share the rest by DRF (no admission, no bound on the LQs).
 */
public final class BurstSimulation {

    public static final List<String> POLICIES = PolicyCatalog.QUEUE_POLICIES;
    private static final long STEP = 1;

    private BurstSimulation() {
    }

    /** One policy's run: a row per burst and each TQ's received work. */
    public record BurstRun(String policy, List<JobResult> bursts, Map<String, Double> throughputWork,
                           Map<String, String> classes, double wallSeconds) {
    }

    public static BurstRun run(String policy, Resources capacity, List<QueueSpec> queues, long horizon) {
        long began = System.nanoTime();
        List<AdmissionDecision> admitted = switch (policy) {
            case "bopf" -> BopfAdmission.admitInOrder(capacity, queues);
            case "drf", "strict-priority" -> allElastic(queues);
            default -> throw new IllegalArgumentException("unknown queue policy '" + policy + "'; known: "
                    + String.join(", ", POLICIES));
        };
        Map<String, String> classes = new LinkedHashMap<>();
        admitted.forEach(d -> classes.put(d.name(), policy.equals("bopf") ? d.queueClass().label() : policy));
        BurstLedger ledger = new BurstLedger(policy, capacity, queues, classes);
        if (policy.equals("strict-priority")) {
            strictPriority(capacity, queues, horizon, ledger);
        } else {
            BopfSimulation.run(capacity, admitted, ledger::demandAt, 0, horizon, STEP,
                    allocation -> ledger.served(allocation, STEP));
        }
        for (AdmissionDecision decision : admitted) {
            if (!decision.queueClass().isAdmitted()) {
                ledger.notAdmitted(decision.name(), horizon, "rejected by BoPF's admission: " + decision.reason());
            }
        }
        return new BurstRun(policy, ledger.bursts(), ledger.throughputWork(), classes,
                (System.nanoTime() - began) / 1e9);
    }

    private static List<AdmissionDecision> allElastic(List<QueueSpec> queues) {
        List<AdmissionDecision> decisions = new ArrayList<>();
        for (int i = 0; i < queues.size(); i++) {
            decisions.add(new AdmissionDecision(queues.get(i), QueueClass.ELASTIC, Condition.FAIRNESS, i,
                    "every queue shares by DRF"));
        }
        return decisions;
    }

    private static void strictPriority(Resources capacity, List<QueueSpec> queues, long horizon, BurstLedger ledger) {
        for (long now = 0; now < horizon; now += STEP) {
            Map<String, Resources> allocations = new LinkedHashMap<>();
            Resources left = capacity;
            Map<String, Resources> throughputDemand = new LinkedHashMap<>();
            for (QueueSpec queue : queues) {
                Resources demand = ledger.demandAt(queue.name(), now);
                if (queue.isLatencySensitive()) {
                    Resources granted = new Resources(Math.min(demand.memoryMb(), left.memoryMb()),
                            Math.min(demand.vcores(), left.vcores()));
                    allocations.put(queue.name(), granted);
                    left = left.minusFloored(granted);
                } else {
                    throughputDemand.put(queue.name(), demand);
                }
            }
            allocations.putAll(DominantResourceFairness.share(left, capacity, throughputDemand));
            ledger.served(new StepAllocation(now, allocations), STEP);
        }
    }
}
