package io.punctual.submit.gateway;

/**
 * The shared batch store did not answer (its database is down, unreachable or out of connections). The request that
 * met it changed nothing; the gateway answers 503 so that clients retry, and every batch already recorded is intact.
 */
public final class StoreUnavailable extends RuntimeException {

    StoreUnavailable(String message, Throwable cause) {
        super(message, cause);
    }
}
