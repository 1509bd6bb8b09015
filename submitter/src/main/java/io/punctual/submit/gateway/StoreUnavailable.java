package io.punctual.submit.gateway;

/**
 * The shared batch store did not answer (its database is down, unreachable or out of connections). The request that
 * met it changed nothing; the gateway answers 503 so that clients retry, and every batch already recorded is intact.
 */
public final class StoreUnavailable extends RuntimeException {

    /** What a caller is told: where the database is and what it said stay in the gateway's log. */
    static final String FOR_CALLERS = "the gateway's batch store is unavailable, so nothing was recorded or changed by"
            + " this request; retry when the database is back (see Retry-After)";

    StoreUnavailable(String message, Throwable cause) {
        super(message, cause);
    }
}
