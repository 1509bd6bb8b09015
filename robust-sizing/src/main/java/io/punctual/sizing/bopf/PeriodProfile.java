package io.punctual.sizing.bopf;

import java.util.Arrays;
import java.util.List;

/**
 * A periodic step function of resource load on the circle [0, period): on segment i, [start(i), end(i)), it holds
 * value(r, i) of resource r (0 = vcores, 1 = memory MiB). Immutable; segment 0 starts at 0; adjacent segments differ.
 *
 * <p>Two operations carry the exact resource condition (3) of BoPF: {@link #foldTo} (the maximum over a residue
 * class, which is what a queue with another period can meet) and {@link #sum} (several periods on their common
 * hyperperiod).
 */
final class PeriodProfile {

    static final int RESOURCES = 2;
    /** Segment indices are packed under 22 bits next to positions below 2^41 in sort keys. */
    static final int MAX_SEGMENTS = 1 << 22;
    private static final int INDEX_BITS = 22;
    private static final long INDEX_MASK = (1L << INDEX_BITS) - 1;

    private final long period;
    private final long[] starts;
    private final long[][] values;
    private long[] max;

    private PeriodProfile(long period, long[] starts, long[][] values) {
        this.period = period;
        this.starts = starts;
        this.values = values;
    }

    /** Builds a profile from cells {@code [cuts[k], cuts[k+1])}, merging neighbours with equal values. */
    static PeriodProfile fromCells(long period, long[] cuts, long[][] cellValues, int cells) {
        int kept = 0;
        long[] starts = new long[cells];
        long[][] values = new long[RESOURCES][cells];
        for (int k = 0; k < cells; k++) {
            if (kept > 0 && cellValues[0][k] == values[0][kept - 1] && cellValues[1][k] == values[1][kept - 1]) {
                continue;
            }
            starts[kept] = cuts[k];
            values[0][kept] = cellValues[0][k];
            values[1][kept] = cellValues[1][k];
            kept++;
        }
        return new PeriodProfile(period, Arrays.copyOf(starts, kept),
                new long[][] {Arrays.copyOf(values[0], kept), Arrays.copyOf(values[1], kept)});
    }

    long period() {
        return period;
    }

    int segments() {
        return starts.length;
    }

    long start(int i) {
        return starts[i];
    }

    long end(int i) {
        return i + 1 < starts.length ? starts[i + 1] : period;
    }

    long value(int resource, int i) {
        return values[resource][i];
    }

    int segmentAt(long x) {
        int i = Arrays.binarySearch(starts, x);
        return i >= 0 ? i : -i - 2;
    }

    long[] max() {
        if (max == null) {
            long[] m = new long[RESOURCES];
            for (int r = 0; r < RESOURCES; r++) {
                for (long v : values[r]) {
                    m[r] = Math.max(m[r], v);
                }
            }
            max = m;
        }
        return max.clone();
    }

    /** Per-resource maximum over the circular window [from, from + length), from taken modulo the period. */
    long[] maxOver(long from, long length) {
        if (length >= period) {
            return max();
        }
        long[] best = new long[RESOURCES];
        long pos = Math.floorMod(from, period);
        int i = segmentAt(pos);
        long remaining = length;
        while (true) {
            best[0] = Math.max(best[0], values[0][i]);
            best[1] = Math.max(best[1], values[1][i]);
            remaining -= end(i) - pos;
            if (remaining <= 0) {
                return best;
            }
            i = i + 1 == starts.length ? 0 : i + 1;
            pos = starts[i];
        }
    }

    /**
     * The profile Q on [0, g) with Q(x) = max over j of this(x + j·g), per resource; g must divide the period.
     * Cut [0, period) into blocks of length g: each block is a step function on [0, g) and Q is their pointwise
     * maximum. Blocks without a breakpoint lie inside one segment of length ≥ g, whose value holds at every x.
     */
    PeriodProfile foldTo(long g) {
        if (g == period) {
            return this;
        }
        int n = starts.length;
        long[] everywhere = new long[RESOURCES];
        int[] blockOf = new int[n];
        int[] firstSegment = new int[n];
        int blocks = 0;
        long lastBlock = -1;
        for (int i = 0; i < n; i++) {
            if (end(i) - starts[i] >= g) {
                everywhere[0] = Math.max(everywhere[0], values[0][i]);
                everywhere[1] = Math.max(everywhere[1], values[1][i]);
            }
            long block = starts[i] / g;
            if (block != lastBlock) {
                firstSegment[blocks++] = starts[i] == block * g ? i : i - 1;
                lastBlock = block;
            }
            blockOf[i] = blocks - 1;
        }
        long[] keys = new long[n];
        int events = 0;
        for (int i = 0; i < n; i++) {
            long offset = starts[i] % g;
            if (offset != 0) {
                keys[events++] = sortKey(offset, i);
            }
        }
        Arrays.sort(keys, 0, events);
        return sweepBlocks(g, blocks, firstSegment, blockOf, keys, events, everywhere);
    }

    private PeriodProfile sweepBlocks(long g, int blocks, int[] firstSegment, int[] blockOf, long[] keys, int events,
                                      long[] everywhere) {
        long[][] tree = new long[RESOURCES][2 * blocks];
        for (int b = 0; b < blocks; b++) {
            tree[0][blocks + b] = values[0][firstSegment[b]];
            tree[1][blocks + b] = values[1][firstSegment[b]];
        }
        for (int r = 0; r < RESOURCES; r++) {
            for (int node = blocks - 1; node >= 1; node--) {
                tree[r][node] = Math.max(tree[r][2 * node], tree[r][2 * node + 1]);
            }
        }
        long[] cuts = new long[events + 1];
        long[][] cellValues = new long[RESOURCES][events + 1];
        int cells = 0;
        int e = 0;
        long x = 0;
        while (true) {
            while (e < events && keyPosition(keys[e]) == x) {
                int segment = keyIndex(keys[e]);
                int leaf = blocks + blockOf[segment];
                for (int r = 0; r < RESOURCES; r++) {
                    updateMax(tree[r], leaf, values[r][segment]);
                }
                e++;
            }
            cuts[cells] = x;
            for (int r = 0; r < RESOURCES; r++) {
                cellValues[r][cells] = Math.max(everywhere[r], tree[r][1]);
            }
            cells++;
            if (e == events) {
                return fromCells(g, cuts, cellValues, cells);
            }
            x = keyPosition(keys[e]);
        }
    }

    private static void updateMax(long[] tree, int leaf, long value) {
        tree[leaf] = value;
        for (int node = leaf >> 1; node >= 1; node >>= 1) {
            tree[node] = Math.max(tree[2 * node], tree[2 * node + 1]);
        }
    }

    /** How many segments {@link #sum} would lay out over {@code period}; saturates instead of overflowing. */
    static long segmentsOnHyperperiod(List<PeriodProfile> parts, long period) {
        long total = 0;
        for (PeriodProfile part : parts) {
            long repeats = period / part.period;
            if (repeats > MAX_SEGMENTS || (total += repeats * part.segments()) > MAX_SEGMENTS) {
                return Long.MAX_VALUE;
            }
        }
        return total;
    }

    /**
     * The sum of profiles whose periods all divide {@code period}, laid out over {@code period}. The caller keeps
     * {@link #segmentsOnHyperperiod} within {@link #MAX_SEGMENTS}.
     */
    static PeriodProfile sum(List<PeriodProfile> parts, long period) {
        int total = (int) segmentsOnHyperperiod(parts, period);
        long[] grid = new long[total];
        int k = 0;
        for (PeriodProfile part : parts) {
            for (long offset = 0; offset < period; offset += part.period) {
                for (long s : part.starts) {
                    grid[k++] = offset + s;
                }
            }
        }
        Arrays.sort(grid);
        int cells = unique(grid);
        long[][] level = new long[RESOURCES][cells];
        for (PeriodProfile part : parts) {
            long previous0 = 0;
            long previous1 = 0;
            for (long offset = 0; offset < period; offset += part.period) {
                for (int i = 0; i < part.starts.length; i++) {
                    int cell = Arrays.binarySearch(grid, 0, cells, offset + part.starts[i]);
                    level[0][cell] += part.values[0][i] - previous0;
                    level[1][cell] += part.values[1][i] - previous1;
                    previous0 = part.values[0][i];
                    previous1 = part.values[1][i];
                }
            }
        }
        for (int r = 0; r < RESOURCES; r++) {
            for (int c = 1; c < cells; c++) {
                level[r][c] += level[r][c - 1];
            }
        }
        return fromCells(period, grid, level, cells);
    }

    private static int unique(long[] sorted) {
        int kept = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (kept == 0 || sorted[i] != sorted[kept - 1]) {
                sorted[kept++] = sorted[i];
            }
        }
        return kept;
    }

    /** Packs a position below 2^41 with an index below {@link #MAX_SEGMENTS} into an ordered sort key. */
    static long sortKey(long position, int index) {
        return (position << INDEX_BITS) | index;
    }

    static long keyPosition(long key) {
        return key >>> INDEX_BITS;
    }

    static int keyIndex(long key) {
        return (int) (key & INDEX_MASK);
    }
}
