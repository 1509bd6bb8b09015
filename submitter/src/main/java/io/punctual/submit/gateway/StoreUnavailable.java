package io.punctual.submit.gateway;

/**
 * The batch store did not answer (the shared database is down, unreachable or out of connections; the journal's
 * state directory cannot be written). The request that met it changed nothing; the gateway answers 503 so that
 * clients retry, and every batch already recorded is intact.
 */
public final class StoreUnavailable extends RuntimeException {

    /** What a caller is told: where the database is and what it said stay in the gateway's log. */
    static final String FOR_CALLERS = "the gateway's batch store is unavailable, so nothing was recorded or changed by"
            + " this request; retry when the database is back (see Retry-After)";

    /** The same for the journal, whose directory's path is the gateway's business, not a caller's. */
    static final String STATE_DIRECTORY_FOR_CALLERS = "the gateway's state directory cannot be written, so nothing"
            + " was recorded or changed by this request; retry later (see Retry-After)";

    private final String forCallers;

    StoreUnavailable(String message, Throwable cause) {
        this(message, cause, FOR_CALLERS);
    }

    private StoreUnavailable(String message, Throwable cause, String forCallers) {
        super(message, cause);
        this.forCallers = forCallers;
    }

    /** The journal's directory cannot be written: a failed or full disk, a lost mount. */
    static StoreUnavailable stateDirectory(String message, Throwable cause) {
        return new StoreUnavailable(message, cause, STATE_DIRECTORY_FOR_CALLERS);
    }

    /** What the caller of the request that met it is told. */
    String forCallers() {
        return forCallers;
    }
}
