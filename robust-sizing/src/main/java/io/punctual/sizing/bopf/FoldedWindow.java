package io.punctual.sizing.bopf;

import java.util.function.Supplier;

/**
 * What some hard bursts can put beside a new queue q, as seen from q's ON window: a profile Q on [0, g) whose value
 * at residue r is the largest load q meets at offset u of any of its ON windows with (s_q + u) ≡ r (mod g), and its
 * per-resource maximum over the window. Q is only meaningful on the residues the window covers, and is built on
 * first use (a lone source only needs the maximum).
 */
final class FoldedWindow {

    private final long[] windowMax;
    private Supplier<PeriodProfile> source;
    private PeriodProfile folded;
    private long[] residueCores;
    private long[] residueMemory;

    FoldedWindow(PeriodProfile folded, long[] windowMax) {
        this.folded = folded;
        this.windowMax = windowMax;
    }

    FoldedWindow(Supplier<PeriodProfile> source, long[] windowMax) {
        this.source = source;
        this.windowMax = windowMax;
    }

    long[] windowMax() {
        return windowMax;
    }

    PeriodProfile folded() {
        if (folded == null) {
            folded = source.get();
            source = null;
        }
        return folded;
    }

    boolean isZero() {
        return windowMax[0] == 0 && windowMax[1] == 0;
    }

    /** Q on [0, g) from its values at residues first, first + 1, ... (mod g), zero on the residues not given. */
    static FoldedWindow fromResidues(long g, long first, long[] cores, long[] memory) {
        long[] max = new long[PeriodProfile.RESOURCES];
        for (int u = 0; u < cores.length; u++) {
            max[0] = Math.max(max[0], cores[u]);
            max[1] = Math.max(max[1], memory[u]);
        }
        FoldedWindow window = new FoldedWindow(() -> residueProfile(g, first, cores, memory), max);
        window.residueCores = cores;
        window.residueMemory = memory;
        return window;
    }

    /**
     * Adds Q((s_q + u) mod g) into sums[u] for every u below the sums' length (q's ON duration): straight from the
     * residues when this window was built from them (they repeat with period min(t_q, g)), else along the profile.
     */
    void addOver(QueueSpec q, long[] sumCores, long[] sumMemory) {
        if (residueCores != null) {
            int width = residueCores.length;
            for (int u = 0, r = 0; u < sumCores.length; u++, r = r + 1 == width ? 0 : r + 1) {
                sumCores[u] += residueCores[r];
                sumMemory[u] += residueMemory[r];
            }
            return;
        }
        PeriodProfile profile = folded();
        long pos = Math.floorMod(q.startSeconds(), profile.period());
        int i = profile.segmentAt(pos);
        int u = 0;
        while (u < sumCores.length) {
            long end = Math.min(sumCores.length, u + profile.end(i) - pos);
            for (; u < end; u++) {
                sumCores[u] += profile.value(0, i);
                sumMemory[u] += profile.value(1, i);
            }
            i = i + 1 == profile.segments() ? 0 : i + 1;
            pos = profile.start(i);
        }
    }

    private static PeriodProfile residueProfile(long g, long first, long[] cores, long[] memory) {
        int width = cores.length;
        long[] cuts = new long[width + 2];
        long[][] values = new long[PeriodProfile.RESOURCES][width + 2];
        int k = 0;
        int wrapped = (int) Math.max(0, first + width - g);
        for (int u = width - wrapped; u < width; u++, k++) {
            cuts[k] = u - (width - wrapped);
            values[0][k] = cores[u];
            values[1][k] = memory[u];
        }
        if (wrapped < first) {
            cuts[k++] = wrapped;
        }
        for (int u = 0; u < width - wrapped; u++, k++) {
            cuts[k] = first + u;
            values[0][k] = cores[u];
            values[1][k] = memory[u];
        }
        if (wrapped == 0 && first + width < g) {
            cuts[k++] = first + width;
        }
        return PeriodProfile.fromCells(g, cuts, values, k);
    }
}
