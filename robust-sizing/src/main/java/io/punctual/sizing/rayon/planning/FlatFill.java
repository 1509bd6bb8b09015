package io.punctual.sizing.rayon.planning;

import io.punctual.sizing.rayon.planning.TallestLatest.Fill;
import java.util.List;

/**
 * GREE-L's atom placement (Rayon, SoCC 2014, Section 4.2, "Lower preemption heuristics"): the flattest allocation
 * inside the guessed interval — the lowest constant height H at which the stretches holding room for H units for at
 * least one lease can carry the work — filled right to left at that height.
 *
 * <p>The room a height offers is not monotone in the height (a taller cut can break stretches below a lease), so the
 * search walks the profile's distinct heights upward, a bounded number of them, and takes the first that fits.
 */
final class FlatFill {

    /** Bounds the search on badly fragmented plans; past it GREE-L falls back to GREE's placement. */
    static final int MAX_HEIGHTS_TRIED = 32;

    private FlatFill() {
    }

    /** The flattest exact fill, or null when no constant height carries the work in this profile. */
    static Fill flat(UnitProfile profile, long lease, long work) {
        long length = profile.hi() - profile.lo();
        if (length < lease) {
            return null;
        }
        long lowest = AtomGrid.ceilDiv(work, length);
        long below = 0;
        int tried = 0;
        for (long height : profile.distinctHeights()) {
            if (height >= lowest) {
                long usable = usableSteps(profile.stretchesAtLeast(height), lease);
                long flat = usable == 0 ? Long.MAX_VALUE : Math.max(Math.max(below + 1, lowest),
                        AtomGrid.ceilDiv(work, usable));
                if (flat <= height) {
                    Fill fill = TallestLatest.fill(profile.clipped(flat, lease), lease, work);
                    if (fill.missing() == 0) {
                        return fill;
                    }
                }
                if (++tried >= MAX_HEIGHTS_TRIED) {
                    return null;
                }
            }
            below = height;
        }
        return null;
    }

    private static long usableSteps(List<long[]> stretches, long lease) {
        long sum = 0;
        for (long[] s : stretches) {
            sum += s[1] - s[0] >= lease ? s[1] - s[0] : 0;
        }
        return sum;
    }
}
