package io.punctual.sizing.rayon.planning;

import io.punctual.sizing.Resources;
import io.punctual.sizing.rayon.plan.Segment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How many more units of one atom fit at each step of its window: free capacity in whole units, capped at the
 * atom's h. Run-length encoded; a planner's scratch space for one atom, lowered as leases are taken.
 */
final class UnitProfile {

    private final long lo;
    private final long hi;
    private final TreeMap<Long, Long> runs = new TreeMap<>();

    private UnitProfile(long lo, long hi) {
        this.lo = lo;
        this.hi = hi;
    }

    static UnitProfile of(TentativePlan plan, AtomGrid grid) {
        UnitProfile p = new UnitProfile(grid.lo(), grid.hi());
        if (grid.length() == 0) {
            return p;
        }
        long step = grid.step();
        Resources capacity = plan.capacity();
        for (Segment s : plan.usedSegments(grid.lo() * step, grid.hi() * step)) {
            long units = Math.min(grid.unitsCap(), capacity.minusFloored(s.amount()).copiesOf(grid.unit()));
            p.put(s.start() / step, units);
        }
        return p;
    }

    /** A profile over steps [lo, hi) with {@code units[i]} at step lo + i; for tests. */
    static UnitProfile ofSteps(long lo, long[] units) {
        UnitProfile p = new UnitProfile(lo, lo + units.length);
        for (int i = 0; i < units.length; i++) {
            p.put(lo + i, units[i]);
        }
        return p;
    }

    /** A flat profile: {@code height} wherever this one holds at least that for {@code minRun} steps, else 0. */
    UnitProfile clipped(long height, long minRun) {
        UnitProfile p = new UnitProfile(lo, hi);
        for (long[] run : stretchesAtLeast(height)) {
            if (run[1] - run[0] >= minRun) {
                p.put(run[0], height);
                p.put(run[1], 0);
            }
        }
        return p;
    }

    long lo() {
        return lo;
    }

    long hi() {
        return hi;
    }

    long at(long t) {
        if (t < lo || t >= hi) {
            return 0;
        }
        Map.Entry<Long, Long> e = runs.floorEntry(t);
        return e == null ? 0 : e.getValue();
    }

    /** First step of the constant run holding step {@code t}. */
    long runStart(long t) {
        Long key = runs.floorKey(t);
        return key == null ? lo : Math.max(lo, key);
    }

    long minOver(long from, long to) {
        if (from < lo || to > hi) {
            return 0;
        }
        long min = at(from);
        for (long v : runs.subMap(from, false, to, false).values()) {
            min = Math.min(min, v);
        }
        return min;
    }

    void subtract(long from, long to, long units) {
        long atTo = at(to);
        long atFrom = at(from);
        runs.put(to, atTo);
        runs.put(from, atFrom);
        for (Map.Entry<Long, Long> e : runs.subMap(from, true, to, false).entrySet()) {
            if (e.getValue() < units) {
                throw new IllegalStateException("taking " + units + " units at step " + e.getKey() + " where only "
                        + e.getValue() + " fit");
            }
            e.setValue(e.getValue() - units);
        }
    }

    /** Maximal stretches [start, end) of steps holding at least {@code height} units, in time order. */
    List<long[]> stretchesAtLeast(long height) {
        List<long[]> out = new ArrayList<>();
        long open = -1;
        for (Map.Entry<Long, Long> e : runs.subMap(lo, true, hi, false).entrySet()) {
            boolean ok = e.getValue() >= height;
            if (ok && open < 0) {
                open = e.getKey();
            } else if (!ok && open >= 0) {
                out.add(new long[] {open, e.getKey()});
                open = -1;
            }
        }
        if (open >= 0) {
            out.add(new long[] {open, hi});
        }
        return out;
    }

    /**
     * An upper bound on the unit-steps any placement with leases of {@code lease} steps can take here: all the room
     * in stretches with room for at least {@code lease} steps.
     */
    long roomBound(long lease) {
        long total = 0;
        for (long[] stretch : stretchesAtLeast(1)) {
            if (stretch[1] - stretch[0] >= lease) {
                total += roomWithin(stretch[0], stretch[1]);
            }
        }
        return total;
    }

    private long roomWithin(long from, long to) {
        long total = 0;
        long at = from;
        long value = at(from);
        for (Map.Entry<Long, Long> e : runs.subMap(from, false, to, false).entrySet()) {
            total += value * (e.getKey() - at);
            at = e.getKey();
            value = e.getValue();
        }
        return total + value * (to - at);
    }

    /** The distinct positive unit counts that occur, ascending. */
    long[] distinctHeights() {
        return runs.subMap(lo, true, hi, false).values().stream().mapToLong(Long::longValue).filter(v -> v > 0)
                .distinct().sorted().toArray();
    }

    private void put(long step, long units) {
        Map.Entry<Long, Long> before = runs.lowerEntry(step);
        if (before != null && before.getValue() == units) {
            return;
        }
        runs.put(step, units);
    }
}
