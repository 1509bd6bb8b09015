package io.punctual.yarn;

/**
 * Punctual's view of where a YARN application is. YARN reports two fields, the application state and the final
 * status its ApplicationMaster declared; {@link io.punctual.yarn.hadoop.YarnStates#of} maps every pair of them onto
 * this one value.
 */
public enum AppState {
    /** Known to the ResourceManager but not yet accepted by the scheduler. */
    SUBMITTED(false),
    /** Accepted, waiting for its ApplicationMaster container. */
    ACCEPTED(false),
    RUNNING(false),
    SUCCEEDED(true),
    FAILED(true),
    KILLED(true);

    private final boolean isFinal;

    AppState(boolean isFinal) {
        this.isFinal = isFinal;
    }

    public boolean isFinal() {
        return isFinal;
    }
}
