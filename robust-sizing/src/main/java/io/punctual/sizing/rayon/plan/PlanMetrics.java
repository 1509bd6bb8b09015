package io.punctual.sizing.rayon.plan;

import io.punctual.sizing.Resources;
import java.util.List;

/**
 * The plan-quality metrics of Rayon's evaluation (SoCC 2014, Section 6.3): acceptance weighted by size, preemption
 * (downward steps) and uniformity (stddev/mean of utilisation). Runtime, the fourth, is measured by the caller.
 *
 * <p>Multi-resource amounts are compared through their dominant share of the plan capacity (the larger of the
 * memory and vcore fractions), so one number describes each instant.
 */
public final class PlanMetrics {

    private PlanMetrics() {
    }

    /** Dominant share of {@code capacity} held by {@code amount}: max of the memory and vcore fractions. */
    public static double dominantShare(Resources amount, Resources capacity) {
        return Math.max((double) amount.memoryMb() / capacity.memoryMb(), (double) amount.vcores() / capacity.vcores());
    }

    /**
     * Size-weighted acceptance: the accepted share of all requested size ("weights are proportional to job size",
     * footnote 8). {@code sizes[i]} is request i's size, {@code accepted[i]} whether it entered the plan.
     */
    public static double acceptance(double[] sizes, boolean[] accepted) {
        if (sizes.length != accepted.length) {
            throw new IllegalArgumentException(sizes.length + " sizes but " + accepted.length + " verdicts");
        }
        double total = 0;
        double taken = 0;
        for (int i = 0; i < sizes.length; i++) {
            total += sizes[i];
            taken += accepted[i] ? sizes[i] : 0;
        }
        return total == 0 ? 1.0 : taken / total;
    }

    /**
     * Preemption: the sum, over admitted reservations, of the downward steps of each one's allocation, as dominant
     * shares of capacity. A reservation's final drop to zero is its natural end and does not count; a drop to zero
     * followed by more allocation does. Tall, ragged allocations score high; flat ones score zero.
     */
    public static double preemption(PlanView plan) {
        double sum = 0;
        for (PlanView.Reservation r : plan.reservations()) {
            sum += preemption(r.allocation(), plan.capacity());
        }
        return sum;
    }

    /** Downward steps of one allocation (non-zero segments, time order), excluding its final drop to zero. */
    public static double preemption(List<Segment> allocation, Resources capacity) {
        double sum = 0;
        for (int i = 0; i + 1 < allocation.size(); i++) {
            Segment now = allocation.get(i);
            Segment next = allocation.get(i + 1);
            double after = next.start() == now.end() ? dominantShare(next.amount(), capacity) : 0;
            sum += Math.max(0, dominantShare(now.amount(), capacity) - after);
        }
        return sum;
    }

    /**
     * Uniformity over [from, to): the time-weighted standard deviation of the plan's utilisation divided by its mean;
     * lower is more even headroom. Zero for an empty plan.
     */
    public static double uniformity(PlanView plan, long from, long to) {
        double mean = 0;
        double square = 0;
        double length = to - from;
        for (Segment s : plan.usedSegments(from, to)) {
            double u = dominantShare(s.amount(), plan.capacity());
            mean += u * s.length() / length;
            square += u * u * s.length() / length;
        }
        if (mean == 0) {
            return 0;
        }
        return Math.sqrt(Math.max(0, square - mean * mean)) / mean;
    }
}
