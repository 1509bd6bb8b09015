package io.punctual.sizing.bopf;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.Resources;
import java.util.Map;

/**
 * The DRF invariant for one sharing: allocations stay within demand and availability, and every queue left short of
 * its demand needs a resource that ran out, among whose holders it has the largest dominant share (up to the one
 * unit per resource that rounding down may cost). Everyone else is met in full.
 */
final class DrfCheck {

    private DrfCheck() {
    }

    static void assertFair(Resources capacity, Resources available, Map<String, Resources> demands,
                           Map<String, Resources> shares) {
        Resources total = Resources.ZERO;
        for (Map.Entry<String, Resources> demand : demands.entrySet()) {
            Resources share = shares.get(demand.getKey());
            assertThat(share.fitsIn(demand.getValue())).as("%s within demand", demand.getKey()).isTrue();
            total = total.plus(share);
        }
        assertThat(total.fitsIn(available)).as("total %s within %s", total, available).isTrue();
        long slack = demands.size();
        double tolerance = Math.max(1.0 / capacity.vcores(), 1.0 / capacity.memoryMb()) + 1e-9;
        for (Map.Entry<String, Resources> demand : demands.entrySet()) {
            Resources share = shares.get(demand.getKey());
            if (share.equals(demand.getValue())) {
                continue;
            }
            boolean blocked = false;
            for (int r = 0; r < 2 && !blocked; r++) {
                boolean needs = amount(demand.getValue(), r) > 0;
                boolean exhausted = amount(total, r) >= amount(available, r) - slack;
                blocked = needs && exhausted && largestAmongHolders(capacity, shares, share, r, tolerance);
            }
            assertThat(blocked).as("%s got %s of %s; total %s of %s", demand.getKey(), share, demand.getValue(),
                    total, available).isTrue();
        }
    }

    private static boolean largestAmongHolders(Resources capacity, Map<String, Resources> shares, Resources mine,
                                               int resource, double tolerance) {
        double myShare = dominantShare(mine, capacity);
        for (Resources other : shares.values()) {
            if (amount(other, resource) > 0 && dominantShare(other, capacity) > myShare + tolerance) {
                return false;
            }
        }
        return true;
    }

    static double dominantShare(Resources allocation, Resources capacity) {
        return Math.max(allocation.vcores() / (double) capacity.vcores(),
                allocation.memoryMb() / (double) capacity.memoryMb());
    }

    private static long amount(Resources resources, int resource) {
        return resource == 0 ? resources.vcores() : resources.memoryMb();
    }
}
