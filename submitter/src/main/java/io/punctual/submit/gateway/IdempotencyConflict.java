package io.punctual.submit.gateway;

/**
 * An Idempotency-Key sent again with a different request: answered 422, as the IETF idempotency-key draft says,
 * rather than replaying a batch the caller did not ask for.
 */
public final class IdempotencyConflict extends RuntimeException {

    public IdempotencyConflict(String message) {
        super(message);
    }
}
