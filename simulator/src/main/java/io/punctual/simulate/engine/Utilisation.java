package io.punctual.simulate.engine;

import java.util.Arrays;

/** Allocated CPU-seconds per fixed bucket of simulated time, for utilisation over time. */
public final class Utilisation {

    private final int capacity;
    private final double bucketSeconds;
    private double[] busy = new double[64];
    private double end;

    Utilisation(int capacity, double bucketSeconds) {
        if (!(bucketSeconds > 0)) {
            throw new IllegalArgumentException("bucket must be > 0 s");
        }
        this.capacity = capacity;
        this.bucketSeconds = bucketSeconds;
    }

    void add(double from, double to, double cpus) {
        end = Math.max(end, to);
        if (cpus <= 0 || to <= from) {
            return;
        }
        double t = from;
        while (t < to) {
            int bucket = (int) (t / bucketSeconds);
            double bucketEnd = (bucket + 1) * bucketSeconds;
            double until = Math.min(to, bucketEnd);
            grow(bucket);
            busy[bucket] += cpus * (until - t);
            t = until;
        }
    }

    private void grow(int bucket) {
        if (bucket >= busy.length) {
            busy = Arrays.copyOf(busy, Math.max(bucket + 1, busy.length * 2));
        }
    }

    public double bucketSeconds() {
        return bucketSeconds;
    }

    /** Share of capacity in use per bucket, up to the last event. */
    public double[] series() {
        int buckets = (int) Math.ceil(end / bucketSeconds);
        double[] out = new double[buckets];
        for (int b = 0; b < buckets && b < busy.length; b++) {
            out[b] = busy[b] / (capacity * bucketSeconds);
        }
        return out;
    }

    /**
     * Allocated CPU-seconds over capacity × [0, {@code until}): the share of the cluster in use while the workload
     * was arriving (a long tail after the last arrival would otherwise dilute it). Whole buckets, so {@code until}
     * is rounded up to one.
     */
    public double overall(double until) {
        int buckets = (int) Math.min(busy.length, Math.max(1, Math.ceil(until / bucketSeconds)));
        double total = 0;
        for (int b = 0; b < buckets; b++) {
            total += busy[b];
        }
        return total / (capacity * buckets * bucketSeconds);
    }

    /** When the last job ended: the run's makespan from the trace's start. */
    public double end() {
        return end;
    }
}
