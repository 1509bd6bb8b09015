package io.punctual.submit.gateway;

/**
 * Whether this gateway is the one, among the gateways sharing a store, that launches, follows and recovers batches
 * and places queues. Only one may: two pollers would race to write the same batch, and two recoveries would launch a
 * batch twice. Any gateway may record a batch; the lead picks it up.
 */
public interface Lease extends AutoCloseable {

    /** A gateway alone over its store (the file journal) always leads. */
    Lease SOLE = () -> true;

    /** Whether this gateway leads now; asking may take a lead that is free (its holder died). */
    boolean held();

    @Override
    default void close() {
    }
}
