package io.punctual.sizing.bopf;

import io.punctual.sizing.Resources;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Dominant Resource Fairness (Ghodsi et al., NSDI 2011) by progressive filling, which BoPF uses to share what the
 * guaranteed queues leave among its elastic class (BoPF paper §3.3, Algorithm 1 line 36).
 *
 * <p>A queue's dominant share is its largest fraction of the cluster capacity over the resources. Every queue with
 * unmet demand grows along its own demand vector, all at the same dominant-share rate, until its demand is met or
 * a resource it needs runs out; those then stop and the rest go on. Amounts are rounded down to whole units, so at
 * most one unit per queue and resource stays idle.
 */
public final class DominantResourceFairness {

    private static final double EPSILON = 1e-9;

    private DominantResourceFairness() {
    }

    /**
     * Shares {@code available} among {@code demands} (queue name → demand), dominant shares measured against
     * {@code capacity}. Returns an allocation for every queue in {@code demands}, in its iteration order.
     */
    public static Map<String, Resources> share(Resources available, Resources capacity, Map<String, Resources> demands) {
        if (capacity.vcores() <= 0 || capacity.memoryMb() <= 0) {
            throw new IllegalArgumentException("capacity " + capacity + " must be positive in every resource");
        }
        List<Claim> claims = new ArrayList<>();
        for (Map.Entry<String, Resources> demand : demands.entrySet()) {
            claims.add(new Claim(demand.getKey(), demand.getValue(), capacity));
        }
        fill(claims, new double[] {available.vcores(), available.memoryMb()});
        Map<String, Resources> allocation = new LinkedHashMap<>();
        long[] left = {available.vcores(), available.memoryMb()};
        for (Claim claim : claims) {
            Resources granted = claim.rounded(left);
            left[0] -= granted.vcores();
            left[1] -= granted.memoryMb();
            allocation.put(claim.name, granted);
        }
        return allocation;
    }

    /** One queue's progress: it holds level·direction until it stops at {@code stoppedAt}. */
    private static final class Claim {
        final String name;
        final Resources demand;
        final double[] direction = new double[2];
        final double dominantShare;
        double stoppedAt = -1;

        Claim(String name, Resources demand, Resources capacity) {
            this.name = name;
            this.demand = demand;
            this.dominantShare = Math.max(demand.vcores() / (double) capacity.vcores(),
                    demand.memoryMb() / (double) capacity.memoryMb());
            if (dominantShare > 0) {
                direction[0] = demand.vcores() / dominantShare;
                direction[1] = demand.memoryMb() / dominantShare;
            } else {
                stoppedAt = 0;
            }
        }

        boolean satisfied() {
            return stoppedAt >= dominantShare - EPSILON;
        }

        Resources rounded(long[] left) {
            if (satisfied()) {
                return Resources.of(Math.min(demand.vcores(), left[0]), Math.min(demand.memoryMb(), left[1]));
            }
            long vcores = (long) Math.floor(stoppedAt * direction[0] + EPSILON);
            long memory = (long) Math.floor(stoppedAt * direction[1] + EPSILON);
            return Resources.of(clamp(vcores, demand.vcores(), left[0]), clamp(memory, demand.memoryMb(), left[1]));
        }

        private static long clamp(long value, long demand, long left) {
            return Math.max(0, Math.min(value, Math.min(demand, left)));
        }
    }

    private static void fill(List<Claim> claims, double[] available) {
        List<Claim> active = new ArrayList<>();
        for (Claim claim : claims) {
            if (claim.stoppedAt < 0) {
                active.add(claim);
            }
        }
        active.sort(Comparator.comparingDouble(c -> c.dominantShare));
        double level = 0;
        double[] used = new double[2];
        while (!active.isEmpty()) {
            double[] rate = new double[2];
            for (Claim claim : active) {
                rate[0] += claim.direction[0];
                rate[1] += claim.direction[1];
            }
            double next = active.get(0).dominantShare;
            for (int r = 0; r < 2; r++) {
                if (rate[r] > 0) {
                    next = Math.min(next, level + Math.max(0, available[r] - used[r]) / rate[r]);
                }
            }
            used[0] += (next - level) * rate[0];
            used[1] += (next - level) * rate[1];
            level = next;
            stopAt(active, level, available, used);
        }
    }

    /** Stops the queues whose demand is met and those needing a resource that has run out. */
    private static void stopAt(List<Claim> active, double level, double[] available, double[] used) {
        boolean[] exhausted = new boolean[2];
        for (int r = 0; r < 2; r++) {
            exhausted[r] = used[r] >= available[r] - EPSILON * Math.max(1, available[r]);
        }
        active.removeIf(claim -> {
            boolean blocked = (exhausted[0] && claim.direction[0] > 0) || (exhausted[1] && claim.direction[1] > 0);
            if (blocked || claim.dominantShare <= level + EPSILON) {
                claim.stoppedAt = Math.min(level, claim.dominantShare);
                return true;
            }
            return false;
        });
    }
}
