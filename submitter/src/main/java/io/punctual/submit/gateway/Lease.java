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

    /**
     * The fencing token of the lead this gateway holds, or last held: a number that grows each time any gateway
     * takes the lead, so a store can refuse a launch record from a gateway that lost the lead without noticing
     * (paused past its session's end). 0 before this gateway first led, and always for a gateway alone.
     */
    default long epoch() {
        return 0;
    }

    @Override
    default void close() {
    }
}
