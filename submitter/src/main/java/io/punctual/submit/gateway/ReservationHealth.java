package io.punctual.submit.gateway;

import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.ReservationId;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Live reservations whose queue cannot start applications although their allocation began a while ago: the Hadoop
 * 3.3.x zero-capacity fault, or a queue lost to a scheduler change. {@code /healthz} turns degraded while there are
 * any, since every deadline batch in such a queue waits and then fails.
 */
final class ReservationHealth {

    /** The plan follower's step and the remedy's interval, with room: a younger queue may simply not be ready yet. */
    static final Duration GRACE = Duration.ofSeconds(15);

    private ReservationHealth() {
    }

    /** How many unfinished batches hold a reservation, started at least {@link #GRACE} ago, without a usable queue. */
    static int withoutCapacity(List<BatchRecord> batches, ClusterGateway cluster, Instant now) {
        int starved = 0;
        for (BatchRecord batch : batches) {
            boolean due = !batch.isFinal() && batch.reservationId() != null && batch.reservationStartMs() != null
                    && batch.appId() == null
                    && Instant.ofEpochMilli(batch.reservationStartMs()).plus(GRACE).isBefore(now);
            if (due && !usable(batch, cluster)) {
                starved++;
            }
        }
        return starved;
    }

    private static boolean usable(BatchRecord batch, ClusterGateway cluster) {
        try {
            return cluster.reservationQueue(batch.planQueue(), new ReservationId(batch.reservationId())).isPresent();
        } catch (RuntimeException gone) {
            return false;
        }
    }
}
