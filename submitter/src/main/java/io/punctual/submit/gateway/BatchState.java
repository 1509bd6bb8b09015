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

    public String livyName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
