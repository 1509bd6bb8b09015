package io.punctual.submit.gateway;

import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What only the leading gateway does, every poll round: on taking the lead, carry every unfinished batch on as a
 * restart would (the previous lead may have died mid-launch); then adopt the batches other gateways recorded, and
 * follow YARN. A gateway alone over its journal always leads. Reaping and queue placement ask {@link #leading()}.
 */
final class LeaderDuties implements Runnable {

    private static final Logger LOG = LoggerFactory.getLogger(LeaderDuties.class);

    private final Lease lease;
    private final BatchService batches;
    private final GatewayRecovery recovery;
    private final Runnable poller;
    private final BooleanSupplier clusterAnswers;
    private volatile boolean leading;

    /** @param clusterAnswers false while the ResourceManager is known not to answer: batches then wait for it */
    LeaderDuties(Lease lease, BatchService batches, GatewayRecovery recovery, Runnable poller,
                 BooleanSupplier clusterAnswers) {
        this.clusterAnswers = clusterAnswers;
        this.lease = lease;
        this.batches = batches;
        this.recovery = recovery;
        this.poller = poller;
    }

    /** At start-up: recovers if this gateway leads; returns batches re-attached and launched again. */
    int[] start() {
        leading = lease.held();
        batches.lead(leading, lease.epoch());
        return leading ? recovery.recover() : new int[] {0, 0};
    }

    @Override
    public void run() {
        try {
            boolean leads = lease.held();
            if (!leads) {
                if (leading) {
                    LOG.warn("this gateway no longer leads: another one launches and follows batches now");
                }
                leading = false;
                batches.lead(false, lease.epoch());
                return;
            }
            if (!leading) {
                batches.lead(true, lease.epoch());
                int[] recovered = recovery.recover();
                leading = true;
                LOG.info("this gateway took the lead: {} batches re-attached to YARN, {} carried on from before"
                        + " YARN had them", recovered[0], recovered[1]);
            }
            if (!clusterAnswers.getAsBoolean()) {
                // Every batch's next step needs YARN: carrying them on now would only pause them again, round after
                // round. What runs on YARN runs on; the rounds resume when the watch finds it answering.
                return;
            }
            batches.adoptUnowned();
            poller.run();
        } catch (StoreUnavailable e) {
            LOG.warn("the lead's round waits for the store: {}", e.getMessage());
        } catch (RuntimeException e) {
            LOG.warn("the lead's round failed: {}; the next round tries again", e.getMessage(), e);
        }
    }

    boolean leading() {
        return leading;
    }

    /** The work, done only when this gateway leads: what two gateways must not both do. */
    Runnable whileLeading(Runnable work) {
        return () -> {
            if (leading) {
                work.run();
            }
        };
    }
}
