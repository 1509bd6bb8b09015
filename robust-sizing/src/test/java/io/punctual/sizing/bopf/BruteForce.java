package io.punctual.sizing.bopf;

import io.punctual.sizing.Resources;
import java.util.List;

/** Test oracle: second-by-second sweeps over the queues' starts plus two hyperperiods (small periods only). */
final class BruteForce {

    private BruteForce() {
    }

    static long horizon(List<QueueSpec> queues) {
        long hyperperiod = 1;
        long latestStart = 0;
        for (QueueSpec queue : queues) {
            if (queue.isLatencySensitive()) {
                hyperperiod = hyperperiod / Periods.gcd(hyperperiod, queue.periodSeconds()) * queue.periodSeconds();
                latestStart = Math.max(latestStart, queue.startSeconds());
            }
        }
        return latestStart + 2 * hyperperiod;
    }

    /** Σ α of the queues ON at {@code t}, honouring each queue's start. */
    static Resources onAt(List<QueueSpec> queues, long t) {
        Resources sum = Resources.ZERO;
        for (QueueSpec queue : queues) {
            if (queue.isOnAt(t)) {
                sum = sum.plus(queue.alpha());
            }
        }
        return sum;
    }

    /** Per-resource peak of the hard bursts over the instants where {@code q} is ON. */
    static Resources peakDuring(List<QueueSpec> hard, QueueSpec q) {
        long vcores = 0;
        long memory = 0;
        long horizon = horizon(concat(hard, q));
        for (long t = 0; t < horizon; t++) {
            if (q.isOnAt(t)) {
                Resources load = onAt(hard, t);
                vcores = Math.max(vcores, load.vcores());
                memory = Math.max(memory, load.memoryMb());
            }
        }
        return Resources.of(vcores, memory);
    }

    /** Per-resource peak of the summed bursts of {@code queues} at any instant. */
    static Resources peak(List<QueueSpec> queues) {
        long vcores = 0;
        long memory = 0;
        long horizon = horizon(queues);
        for (long t = 0; t < horizon; t++) {
            Resources load = onAt(queues, t);
            vcores = Math.max(vcores, load.vcores());
            memory = Math.max(memory, load.memoryMb());
        }
        return Resources.of(vcores, memory);
    }

    private static List<QueueSpec> concat(List<QueueSpec> queues, QueueSpec one) {
        java.util.ArrayList<QueueSpec> all = new java.util.ArrayList<>(queues);
        all.add(one);
        return all;
    }
}
