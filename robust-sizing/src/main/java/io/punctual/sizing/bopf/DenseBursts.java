package io.punctual.sizing.bopf;

/**
 * The summed bursts of hard queues whose periods share a small hyperperiod L (a day for 60 s … 86,400 s), one cell
 * per second: adding a queue touches its L/T windows, O(L·t/T) cells; folding for a new queue reads only the cells
 * its ON window meets, O(L·min(t_q, g)/g) with g = gcd(L, T_q). Coupled periods inside one family need no
 * hyperperiod merge at query time — the family already is that merge.
 */
final class DenseBursts implements PeriodicBursts {

    private int period;
    private long[] vcores;
    private long[] memory;
    private PeriodProfile profile;

    DenseBursts(long period) {
        this.period = Math.toIntExact(period);
        this.vcores = new long[this.period];
        this.memory = new long[this.period];
    }

    @Override
    public long period() {
        return period;
    }

    /** The period this family would have after taking a queue of {@code queuePeriod}: lcm(L, T). */
    long periodWith(long queuePeriod) {
        return HardBurstLoad.lcm(period, queuePeriod);
    }

    @Override
    public void add(QueueSpec hard) {
        long queuePeriod = hard.periodSeconds();
        if (period % queuePeriod != 0) {
            grow(Math.toIntExact(periodWith(queuePeriod)));
        }
        long burstCores = hard.alpha().vcores();
        long burstMemory = hard.alpha().memoryMb();
        int on = (int) hard.onSeconds();
        for (long from = hard.startSeconds() % queuePeriod; from < period; from += queuePeriod) {
            int cell = (int) from;
            for (int i = 0; i < on; i++) {
                vcores[cell] += burstCores;
                memory[cell] += burstMemory;
                cell = cell + 1 == period ? 0 : cell + 1;
            }
        }
        profile = null;
    }

    private void grow(int newPeriod) {
        long[] grownCores = new long[newPeriod];
        long[] grownMemory = new long[newPeriod];
        for (int offset = 0; offset < newPeriod; offset += period) {
            System.arraycopy(vcores, 0, grownCores, offset, period);
            System.arraycopy(memory, 0, grownMemory, offset, period);
        }
        period = newPeriod;
        vcores = grownCores;
        memory = grownMemory;
    }

    @Override
    public PeriodProfile profile() {
        if (profile == null) {
            long[] cuts = new long[period];
            for (int i = 0; i < period; i++) {
                cuts[i] = i;
            }
            profile = PeriodProfile.fromCells(period, cuts, new long[][] {vcores, memory}, period);
        }
        return profile;
    }

    @Override
    public FoldedWindow foldFor(QueueSpec q) {
        int g = (int) HardBurstLoad.gcd(period, q.periodSeconds());
        int first = (int) (q.startSeconds() % g);
        int width = (int) Math.min(q.onSeconds(), g);
        long[] foldedCores = new long[width];
        long[] foldedMemory = new long[width];
        int beforeWrap = Math.min(width, g - first);
        for (int base = 0; base < period; base += g) {
            maxInto(foldedCores, foldedMemory, 0, base + first, beforeWrap);
            maxInto(foldedCores, foldedMemory, beforeWrap, base, width - beforeWrap);
        }
        long[] windowMax = new long[PeriodProfile.RESOURCES];
        for (int u = 0; u < width; u++) {
            windowMax[0] = Math.max(windowMax[0], foldedCores[u]);
            windowMax[1] = Math.max(windowMax[1], foldedMemory[u]);
        }
        return new FoldedWindow(windowProfile(g, first, foldedCores, foldedMemory), windowMax);
    }

    private void maxInto(long[] foldedCores, long[] foldedMemory, int at, int cell, int length) {
        for (int i = 0; i < length; i++) {
            foldedCores[at + i] = Math.max(foldedCores[at + i], vcores[cell + i]);
            foldedMemory[at + i] = Math.max(foldedMemory[at + i], memory[cell + i]);
        }
    }

    /** Q on [0, g): the folded values on the window's residues first, first + 1, ... (mod g), zero elsewhere. */
    private static PeriodProfile windowProfile(int g, int first, long[] foldedCores, long[] foldedMemory) {
        int width = foldedCores.length;
        int cells = width + 2;
        long[] cuts = new long[cells];
        long[][] values = new long[PeriodProfile.RESOURCES][cells];
        int k = 0;
        int wrapped = Math.max(0, first + width - g);
        for (int u = width - wrapped; u < width; u++, k++) {
            cuts[k] = u - (width - wrapped);
            values[0][k] = foldedCores[u];
            values[1][k] = foldedMemory[u];
        }
        if (wrapped < first) {
            cuts[k++] = wrapped;
        }
        for (int u = 0; u < width - wrapped; u++, k++) {
            cuts[k] = first + u;
            values[0][k] = foldedCores[u];
            values[1][k] = foldedMemory[u];
        }
        if (first + width - wrapped < g && wrapped == 0) {
            cuts[k++] = first + width;
        }
        return PeriodProfile.fromCells(g, cuts, values, k);
    }
}
