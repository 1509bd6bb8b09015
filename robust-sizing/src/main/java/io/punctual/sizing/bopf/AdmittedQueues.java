package io.punctual.sizing.bopf;

import io.punctual.sizing.Resources;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The queues BoPF has admitted on a cluster of capacity C, in admission order, split into H, S and E (paper §3.3).
 * A mutable ledger owned by one caller: {@link BopfAdmission} reads it to decide, {@link #record} applies a decision.
 * It keeps what the conditions need so that a decision does not rescan the queues: the tightest fair-share limit
 * over H ∪ S for safety (1), and the hard queues' bursts by period for resource (3).
 */
public final class AdmittedQueues {

    private final Resources capacity;
    private final Map<String, AdmissionDecision> admitted = new LinkedHashMap<>();
    private final HardBurstLoad hardLoad = new HardBurstLoad();
    private AdmissionDecision tightest;
    private long tightestLimit = Long.MAX_VALUE;

    public AdmittedQueues(Resources capacity) {
        Objects.requireNonNull(capacity, "capacity");
        if (capacity.vcores() <= 0 || capacity.memoryMb() <= 0) {
            throw new IllegalArgumentException("cluster capacity " + capacity + " must be positive in every resource");
        }
        this.capacity = capacity;
    }

    public Resources capacity() {
        return capacity;
    }

    /** N: how many queues are admitted (hard, soft and elastic). */
    public int size() {
        return admitted.size();
    }

    public boolean contains(String name) {
        return admitted.containsKey(name);
    }

    /** The class a queue was admitted to; empty when it was never admitted (unknown or rejected). */
    public Optional<QueueClass> classOf(String name) {
        return Optional.ofNullable(admitted.get(name)).map(AdmissionDecision::queueClass);
    }

    /** The admitted queues' decisions, in admission order. */
    public List<AdmissionDecision> decisions() {
        return Collections.unmodifiableList(new ArrayList<>(admitted.values()));
    }

    /** The queues admitted to {@code queueClass}, in admission order. */
    public List<QueueSpec> queuesIn(QueueClass queueClass) {
        List<QueueSpec> queues = new ArrayList<>();
        for (AdmissionDecision decision : admitted.values()) {
            if (decision.queueClass() == queueClass) {
                queues.add(decision.queue());
            }
        }
        return queues;
    }

    /**
     * Applies a decision made by {@link BopfAdmission#decide} against this ledger as it is now. A rejection changes
     * nothing; a decision made against another state of the ledger is refused, since its conditions may no longer hold.
     */
    public void record(AdmissionDecision decision) {
        if (decision.admittedBefore() != admitted.size()) {
            throw new IllegalArgumentException("decision for '" + decision.name() + "' was made with "
                    + decision.admittedBefore() + " queues admitted, the ledger now has " + admitted.size()
                    + "; decide again");
        }
        if (admitted.containsKey(decision.name())) {
            throw new IllegalArgumentException("queue '" + decision.name() + "' is already admitted");
        }
        if (!decision.queueClass().isAdmitted()) {
            return;
        }
        admitted.put(decision.name(), decision);
        if (decision.queueClass().isGuaranteed()) {
            long limit = decision.queue().fairShareLimit(capacity);
            if (limit < tightestLimit) {
                tightestLimit = limit;
                tightest = decision;
            }
        }
        if (decision.queueClass() == QueueClass.HARD) {
            hardLoad.add(decision.queue());
        }
    }

    /** min over H ∪ S of {@link QueueSpec#fairShareLimit}: safety (1) holds for N + 1 admitted queues iff N + 1 ≤ this. */
    long tightestLimit() {
        return tightestLimit;
    }

    /** The guaranteed queue with the tightest limit, if any. */
    Optional<AdmissionDecision> tightest() {
        return Optional.ofNullable(tightest);
    }

    HardBurstLoad hardLoad() {
        return hardLoad;
    }
}
