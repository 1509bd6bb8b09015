package io.punctual.sizing.bopf;

import io.punctual.sizing.Resources;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One step of BoPF's allocation (paper §3.3, Algorithm 1 {@code allocate}; DESIGN.md §3), pure: given the admitted
 * queues, the time, each queue's demand and what each guaranteed queue has received in its current period, it returns
 * the allocations. Order: hard, then soft, then elastic.
 * <ul>
 *   <li>A guaranteed queue is entitled to α while ON, and after its ON window until it has received α·t this period;
 *       then to β = max(0, C·T/N − received)/(T − t) per resource, N = admitted queues (the authors' simulator).</li>
 *   <li>It gets min(entitlement, demand, what is left). Within each guaranteed class the queues inside their ON window
 *       are served first: admission only proved that the ON bursts of hard queues fit together, so a hard queue still
 *       catching up on α·t after its window must not take a burst away from one that is ON.</li>
 *   <li>Elastic queues share the rest by {@link DominantResourceFairness}.</li>
 * </ul>
 * A guaranteed queue has no entitlement before its first period starts.
 */
public final class BopfAllocation {

    private BopfAllocation() {
    }

    /**
     * The allocations at {@code now}. {@code admitted} is the ledger's decisions in admission order (rejections are
     * ignored); missing demands or receipts count as zero. Receipts are resource-seconds since the current period began.
     */
    public static StepAllocation step(Resources capacity, List<AdmissionDecision> admitted, long now,
                                      Map<String, Resources> demand, Map<String, Resources> receivedThisPeriod) {
        int n = 0;
        for (AdmissionDecision decision : admitted) {
            n += decision.queueClass().isAdmitted() ? 1 : 0;
        }
        Map<String, Resources> allocations = new LinkedHashMap<>();
        Resources left = capacity;
        for (QueueClass guaranteed : List.of(QueueClass.HARD, QueueClass.SOFT)) {
            for (QueueSpec queue : servingOrder(admitted, guaranteed, now)) {
                Resources received = receivedThisPeriod.getOrDefault(queue.name(), Resources.ZERO);
                Resources entitled = entitlement(queue, now, received, capacity, n);
                Resources granted = min(min(entitled, demand.getOrDefault(queue.name(), Resources.ZERO)), left);
                allocations.put(queue.name(), granted);
                left = left.minusFloored(granted);
            }
        }
        Map<String, Resources> elasticDemand = new LinkedHashMap<>();
        for (AdmissionDecision decision : admitted) {
            if (decision.queueClass() == QueueClass.ELASTIC) {
                elasticDemand.put(decision.name(), demand.getOrDefault(decision.name(), Resources.ZERO));
            }
        }
        allocations.putAll(DominantResourceFairness.share(left, capacity, elasticDemand));
        return new StepAllocation(now, allocations);
    }

    /** Queues of one class inside their ON window first, then the others, each in admission order. */
    private static List<QueueSpec> servingOrder(List<AdmissionDecision> admitted, QueueClass queueClass, long now) {
        List<QueueSpec> on = new ArrayList<>();
        List<QueueSpec> off = new ArrayList<>();
        for (AdmissionDecision decision : admitted) {
            if (decision.queueClass() == queueClass) {
                (decision.queue().isOnAt(now) ? on : off).add(decision.queue());
            }
        }
        on.addAll(off);
        return on;
    }

    /**
     * A guaranteed queue's entitlement at {@code now}: α while ON or while it has received less than α·t this
     * period (in some resource), else β = max(0, C·T/N − received)/(T − t), rounded down; zero before its start.
     */
    public static Resources entitlement(QueueSpec queue, long now, Resources receivedThisPeriod, Resources capacity,
                                        int admittedCount) {
        if (!queue.isLatencySensitive() || now < queue.startSeconds()) {
            return Resources.ZERO;
        }
        if (queue.isOnAt(now) || !queue.burstVolume().fitsIn(receivedThisPeriod)
                || queue.onSeconds() == queue.periodSeconds()) {
            return queue.alpha();
        }
        return Resources.of(
                beta(capacity.vcores(), receivedThisPeriod.vcores(), queue, admittedCount),
                beta(capacity.memoryMb(), receivedThisPeriod.memoryMb(), queue, admittedCount));
    }

    /** floor(max(0, C·T/N − received) / (T − t)) = floor(max(0, C·T − received·N) / (N·(T − t))), exactly. */
    private static long beta(long capacity, long received, QueueSpec queue, int n) {
        BigInteger numerator = BigInteger.valueOf(capacity).multiply(BigInteger.valueOf(queue.periodSeconds()))
                .subtract(BigInteger.valueOf(received).multiply(BigInteger.valueOf(n)));
        if (numerator.signum() <= 0) {
            return 0;
        }
        BigInteger denominator = BigInteger.valueOf(n).multiply(BigInteger.valueOf(queue.periodSeconds() - queue.onSeconds()));
        BigInteger rate = numerator.divide(denominator);
        return rate.bitLength() < 63 ? rate.longValue() : Long.MAX_VALUE;
    }

    static Resources min(Resources a, Resources b) {
        return Resources.of(Math.min(a.vcores(), b.vcores()), Math.min(a.memoryMb(), b.memoryMb()));
    }
}
