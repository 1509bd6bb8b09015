package io.punctual.submit.bench;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Submits the bench's batches through the gateway and follows them to their end, each tracked by the
 * {@link RunGuard} while it runs so that a stopped bench deletes it.
 */
public final class BatchRunner {

    private static final long POLL_MS = 1000;

    private final GatewayClient client;
    private final RunGuard guard;
    private final Clock clock;

    public BatchRunner(GatewayClient client, RunGuard guard, Clock clock) {
        this.client = client;
        this.guard = guard;
        this.clock = clock;
    }

    public GatewayClient client() {
        return client;
    }

    public RunGuard guard() {
        return guard;
    }

    public BatchView start(BatchBody body) {
        BatchView batch = client.submit(body);
        guard.track(batch.id());
        return batch;
    }

    /** The batch as it is now; once final it is no longer the guard's to delete. */
    public BatchView look(int id) {
        BatchView batch = client.batch(id);
        if (batch.isFinal()) {
            guard.done(id);
        }
        return batch;
    }

    /** Deletes the batch: its application is killed and its reservation released. */
    public void kill(int id) {
        client.delete(id);
    }

    /**
     * Follows the batch to its end; one still going after {@code timeout} is deleted and followed to its killed
     * state. Empty when the bench is stopped meanwhile.
     */
    public Optional<BatchView> awaitEnd(int id, Duration timeout) {
        Instant giveUp = clock.instant().plus(timeout);
        boolean killed = false;
        while (guard.sleep(POLL_MS)) {
            BatchView batch = look(id);
            if (batch.isFinal()) {
                return Optional.of(batch);
            }
            if (!killed && clock.instant().isAfter(giveUp)) {
                kill(id);
                killed = true;
            }
        }
        return Optional.empty();
    }
}
