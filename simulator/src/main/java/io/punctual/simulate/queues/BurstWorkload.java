package io.punctual.simulate.queues;

import io.punctual.simulate.workload.SpecFields;
import io.punctual.simulate.workload.TraceException;
import io.punctual.sizing.Resources;
import io.punctual.sizing.bopf.QueueSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * BoPF's workload (BoPF paper §5): latency-sensitive queues that burst periodically next to throughput queues that
 * always have work, written {@code bursts:lqs=N[,tqs=M][,period=s][,on=s][,burst=share][,hours=h]}. Each LQ bursts
 * {@code burst} × the cluster for {@code on} seconds at the start of every {@code period}, from a seeded random
 * phase; each TQ wants the whole cluster all the time.
 */
public record BurstWorkload(int lqs, int tqs, long periodSeconds, long onSeconds, double burstShare, double hours) {

    public static final String PREFIX = "bursts:";
    private static final String FORMAT = "bursts:lqs=N[,tqs=M][,period=seconds][,on=seconds][,burst=share][,hours=h]";

    public BurstWorkload {
        if (lqs < 1 || tqs < 0 || periodSeconds < 1 || onSeconds < 1 || onSeconds > periodSeconds
                || !(burstShare > 0 && burstShare <= 1) || !(hours > 0)) {
            throw new TraceException("a burst workload needs lqs ≥ 1, tqs ≥ 0, 0 < on ≤ period, burst in (0, 1] and"
                    + " hours > 0; write " + FORMAT);
        }
    }

    /** Parses what follows {@code bursts:}. */
    public static BurstWorkload parse(String spec) {
        SpecFields fields = SpecFields.parse(spec, List.of("lqs", "tqs", "period", "on", "burst", "hours"), FORMAT);
        return new BurstWorkload(fields.whole("lqs", 0), fields.whole("tqs", 2), fields.wholeLong("period", 600),
                fields.wholeLong("on", 60), fields.number("burst", 0.5), fields.number("hours", 6));
    }

    public long horizonSeconds() {
        return Math.round(hours * 3600);
    }

    /**
     * The queues in the order they arrive, which is the order BoPF admits them: the throughput queues (the teams
     * already on the cluster) first, then the latency-sensitive ones. The other order would let safety (1) reject a
     * team's batch queue for an LQ that came later.
     */
    public List<QueueSpec> queues(Resources capacity, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Resources alpha = new Resources(Math.max(1, (long) (capacity.memoryMb() * burstShare)),
                Math.max(1, (long) (capacity.vcores() * burstShare)));
        List<QueueSpec> queues = new ArrayList<>();
        for (int i = 0; i < tqs; i++) {
            queues.add(QueueSpec.throughput("tq" + i));
        }
        for (int i = 0; i < lqs; i++) {
            queues.add(QueueSpec.latencySensitive("lq" + i, alpha, onSeconds, periodSeconds,
                    random.nextLong(periodSeconds)));
        }
        return queues;
    }
}
