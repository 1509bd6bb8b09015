package io.punctual.sizing.bopf;

import io.punctual.sizing.Resources;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * BoPF admission control (paper §3.3, Algorithm 1 {@code LQAdmit} / {@code TQAdmit}; conditions from DESIGN.md §3).
 * With N queues admitted and capacity C, a new queue q is checked in this order:
 * <ol>
 *   <li>safety (1): every admitted hard or soft j keeps α_j·t_j ≤ C·T_j/(N+1), else q is rejected;</li>
 *   <li>a throughput queue is then elastic;</li>
 *   <li>fairness (2): α_q·t_q ≤ C·T_q/(N+1), else q is elastic;</li>
 *   <li>resource (3): α_q ≤ C − Σ_{h∈H} g_h(t) at every instant of q's ON windows: hard if it holds, soft if not.</li>
 * </ol>
 * Vector comparisons hold in every resource. Safety and fairness are O(1) (the ledger keeps the tightest limit);
 * resource (3) is exact over the infinite periodic schedule (see {@link HardBurstLoad}) within a search budget,
 * past which a queue the budget could not prove safe gets no hard guarantee, and its reason says so.
 *
 * <p>Stateless: one instance can serve many ledgers and threads.
 */
public final class BopfAdmission {

    /**
     * Default bound on the work resource (3) may do for one decision, in cells of hard-burst load read (one to two
     * milliseconds; decisions among the usual 1 min … 1 day periods need a few thousand).
     */
    public static final long DEFAULT_SEARCH_BUDGET = 1 << 19;

    private final long searchBudget;

    public BopfAdmission() {
        this(DEFAULT_SEARCH_BUDGET);
    }

    public BopfAdmission(long searchBudget) {
        if (searchBudget < 1) {
            throw new IllegalArgumentException("search budget must be at least 1, got " + searchBudget);
        }
        this.searchBudget = searchBudget;
    }

    /** Admits {@code queues} in the given order into a fresh ledger of {@code capacity}; one decision per queue. */
    public static List<AdmissionDecision> admitInOrder(Resources capacity, List<QueueSpec> queues) {
        Set<String> names = new HashSet<>();
        for (QueueSpec queue : queues) {
            if (!names.add(queue.name())) {
                throw new IllegalArgumentException("queue name '" + queue.name() + "' appears twice; names must be unique");
            }
        }
        BopfAdmission admission = new BopfAdmission();
        AdmittedQueues ledger = new AdmittedQueues(capacity);
        List<AdmissionDecision> decisions = new ArrayList<>(queues.size());
        for (QueueSpec queue : queues) {
            decisions.add(admission.admit(ledger, queue));
        }
        return decisions;
    }

    /** Decides and records. */
    public AdmissionDecision admit(AdmittedQueues admitted, QueueSpec queue) {
        AdmissionDecision decision = decide(admitted, queue);
        admitted.record(decision);
        return decision;
    }

    /** Decides where {@code queue} would go if admitted now, without changing the ledger. */
    public AdmissionDecision decide(AdmittedQueues admitted, QueueSpec queue) {
        Objects.requireNonNull(admitted, "admitted");
        Objects.requireNonNull(queue, "queue");
        if (admitted.contains(queue.name())) {
            throw new IllegalArgumentException("queue '" + queue.name() + "' is already admitted as "
                    + admitted.classOf(queue.name()).orElseThrow().label() + "; names must be unique");
        }
        int n = admitted.size();
        long queuesAfter = n + 1L;
        if (admitted.tightestLimit() < queuesAfter) {
            return rejected(admitted, queue);
        }
        if (!queue.isLatencySensitive()) {
            return new AdmissionDecision(queue, QueueClass.ELASTIC, Condition.SAFETY, n,
                    "throughput queue: safety (1) holds, every hard and soft burst stays within C*T/" + queuesAfter
                            + ", so it is elastic with a long-term fair share");
        }
        Resources capacity = admitted.capacity();
        boolean fair = queue.fairShareLimit(capacity) >= queuesAfter;
        String fairness = "alpha*t = " + volume(queue.burstVolume()) + (fair ? " <= " : " > ") + "C*T/" + queuesAfter
                + " = " + share(capacity, queue.periodSeconds(), queuesAfter);
        if (!fair) {
            return new AdmissionDecision(queue, QueueClass.ELASTIC, Condition.FAIRNESS, n,
                    "fairness (2) fails: " + fairness + "; elastic with a long-term fair share, no burst guarantee");
        }
        return resourceCondition(admitted, queue, "fairness (2) holds (" + fairness + ")");
    }

    private AdmissionDecision rejected(AdmittedQueues admitted, QueueSpec queue) {
        AdmissionDecision binding = admitted.tightest().orElseThrow();
        QueueSpec j = binding.queue();
        long queuesAfter = admitted.size() + 1L;
        return new AdmissionDecision(queue, QueueClass.REJECTED, Condition.SAFETY, admitted.size(),
                "safety (1) fails: a queue number " + queuesAfter + " would break " + binding.queueClass().label()
                        + " queue '" + j.name() + "': its alpha*t = " + volume(j.burstVolume()) + " > C*T/"
                        + queuesAfter + " = " + share(admitted.capacity(), j.periodSeconds(), queuesAfter));
    }

    private AdmissionDecision resourceCondition(AdmittedQueues admitted, QueueSpec queue, String fairness) {
        Resources capacity = admitted.capacity();
        Resources alpha = queue.alpha();
        int n = admitted.size();
        if (!alpha.fitsIn(capacity)) {
            return soft(queue, n, fairness + " but resource (3) fails: alpha = " + alpha + " exceeds the capacity "
                    + capacity + " even when no hard queue bursts");
        }
        Resources room = capacity.minusFloored(alpha);
        Resources everyHard = admitted.hardLoad().totalBurst();
        if (everyHard.isZero()) {
            return hard(queue, n, fairness + " and resource (3) holds: no hard queue bursts yet and alpha = " + alpha
                    + " fits the capacity " + capacity);
        }
        if (everyHard.fitsIn(room)) {
            return hard(queue, n, fairness + " and resource (3) holds: even all hard queues bursting at once ("
                    + everyHard + ") leave room for alpha = " + alpha);
        }
        PeakLoad peak = admitted.hardLoad().peakDuring(queue, searchBudget);
        if (peak.upper().fitsIn(room)) {
            return hard(queue, n, fairness + " and resource (3) holds: hard bursts peak at "
                    + (peak.isExact() ? "" : "most ") + peak.upper() + " during its ON windows, leaving room for alpha = "
                    + alpha);
        }
        if (!peak.lower().fitsIn(room)) {
            return soft(queue, n, fairness + " but resource (3) fails: hard bursts reach " + peak.lower()
                    + " during its ON windows, leaving " + capacity.minusFloored(peak.lower()) + ", short of alpha = "
                    + alpha);
        }
        return soft(queue, n, fairness + " but resource (3) is not proven: hard bursts during its ON windows peak "
                + "between " + peak.lower() + " and " + peak.upper() + " and the search budget of " + searchBudget
                + " steps ran out; soft, so no hard guarantee is put at risk");
    }

    private static AdmissionDecision hard(QueueSpec queue, int n, String reason) {
        return new AdmissionDecision(queue, QueueClass.HARD, Condition.RESOURCE, n, reason);
    }

    private static AdmissionDecision soft(QueueSpec queue, int n, String reason) {
        return new AdmissionDecision(queue, QueueClass.SOFT, Condition.RESOURCE, n, reason);
    }

    private static String volume(Resources resourceSeconds) {
        return "<" + resourceSeconds.vcores() + " vcore-s, " + resourceSeconds.memoryMb() + " MiB-s>";
    }

    /** C·T/m per resource, to one decimal (rounded down). */
    private static String share(Resources capacity, long period, long m) {
        return "<" + ratio(capacity.vcores(), period, m) + " vcore-s, " + ratio(capacity.memoryMb(), period, m) + " MiB-s>";
    }

    private static String ratio(long amount, long period, long m) {
        BigDecimal exact = new BigDecimal(BigInteger.valueOf(amount).multiply(BigInteger.valueOf(period)))
                .divide(BigDecimal.valueOf(m), 1, RoundingMode.DOWN);
        return exact.stripTrailingZeros().toPlainString();
    }
}
