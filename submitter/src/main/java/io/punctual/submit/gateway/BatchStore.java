package io.punctual.submit.gateway;

import java.util.List;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * Where the gateway keeps its batches so that a restart loses none. A write is all or nothing and durable when it
 * returns. Behind an interface so a shared database can replace the embedded file store for several gateways.
 */
public interface BatchStore extends AutoCloseable {

    /**
     * Creates a batch unless the team already has one with this idempotency key, in which case that one is returned:
     * one client key, one batch, whatever the retries. {@code create} receives the new batch's id.
     */
    Created createOnce(String team, String idempotencyKey, IntFunction<BatchRecord> create);

    /** Replaces a batch's record. */
    void update(BatchRecord record);

    /**
     * Replaces a batch's record only if {@code epoch} is the current lead's ({@link Lease#epoch()}): the write that
     * comes before a launch, so that a gateway that lost the lead without knowing it never launches. A store only
     * one gateway uses has one lead and writes at once.
     *
     * @throws LeadLost when another gateway took the lead since; nothing was written
     */
    default void updateAsLead(BatchRecord record, long epoch) {
        update(record);
    }

    Optional<BatchRecord> get(int id);

    /** Every batch, by id. */
    List<BatchRecord> all();

    /** The batches not yet ended, by id: what the poller and the lead read every round, without the ended ones. */
    default List<BatchRecord> unfinished() {
        return all().stream().filter(b -> !b.isFinal()).toList();
    }

    /** Records found damaged when the store was opened; they were skipped, not loaded. */
    List<String> problems();

    /** Lets go of files and threads; the default holds none. */
    @Override
    default void close() {
    }

    /** The outcome of {@link #createOnce}: the batch, and whether this call created it. */
    record Created(BatchRecord record, boolean isNew) {
    }
}
