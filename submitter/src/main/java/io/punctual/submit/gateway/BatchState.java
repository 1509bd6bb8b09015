package io.punctual.submit.gateway;

import java.util.Locale;

/** A batch's state, with Livy's names (printed in lower case, as Livy does). */
public enum BatchState {
    /** Recorded, waiting for a launch slot. */
    NOT_STARTED(false),
    /** Sizing, reserving and submitting to YARN. */
    STARTING(false),
    /**
     * The gateway restarted and is finding the batch's application again. No longer set (a restarted batch carries
     * on in the state it was recorded in); kept so that journals written before still read.
     */
    RECOVERING(false),
    RUNNING(false),
    SUCCESS(true),
    /** Failed, rejected at admission, or lost. */
    DEAD(true),
    KILLED(true);

    private final boolean isFinal;

    BatchState(boolean isFinal) {
        this.isFinal = isFinal;
    }

    public boolean isFinal() {
        return isFinal;
    }

    /**
     * The state a Livy client reads. Airflow's Livy hook knows only Livy's batch states and fails on any other, so a
     * recovering batch reads as {@code starting}; the detail is in {@link #detail}.
     */
    public String livyName() {
        return this == RECOVERING ? STARTING.livyName() : name().toLowerCase(Locale.ROOT);
    }

    /** Punctual's own finer word for where a batch stands, shown beside the Livy state. */
    public String detail(BatchRecord batch) {
        if (this != STARTING) {
            return name().toLowerCase(Locale.ROOT);
        }
        if (batch.yarnQueue() != null) {
            return "launching";
        }
        if (BatchStates.queued(batch)) {
            return BatchStates.QUEUED;
        }
        return batch.reservationId() != null ? "reserved" : batch.executors() != null ? "sized" : "sizing";
    }
}
