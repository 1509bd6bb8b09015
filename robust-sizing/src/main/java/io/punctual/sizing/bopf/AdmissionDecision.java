package io.punctual.sizing.bopf;

import java.util.Objects;

/**
 * BoPF's decision for one queue: its class, the condition that decided it, how many queues were admitted when it
 * was decided (N), and a reason with the numbers, for {@code punctual queues admit} to print.
 */
public record AdmissionDecision(QueueSpec queue, QueueClass queueClass, Condition decidedBy, int admittedBefore,
                                String reason) {

    public AdmissionDecision {
        Objects.requireNonNull(queue, "queue");
        Objects.requireNonNull(queueClass, "queueClass");
        Objects.requireNonNull(decidedBy, "decidedBy");
        Objects.requireNonNull(reason, "reason");
    }

    /** The queue's name. */
    public String name() {
        return queue.name();
    }
}
