package io.punctual.sizing.bopf;

import java.util.Arrays;

/**
 * The summed bursts of hard queues whose periods share a small hyperperiod L (a day for 60 s … 86,400 s), one cell
 * per second: adding a queue touches its L/T windows, O(L·t/T) cells; folding for a new queue reads only the cells
 * its ON window meets, O(L·min(t_q, g)/g) with g = gcd(L, T_q). Coupled periods inside one family need no
 * hyperperiod merge at query time — the family already is that merge; {@link CoupledFold} handles coupled families.
 */
final class DenseBursts implements PeriodicBursts {

    private int period;
    private long[] vcores;
    private long[] memory;
    private PeriodProfile profile;
    private final long[] max = new long[PeriodProfile.RESOURCES];

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
        return Periods.lcm(period, queuePeriod);
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
                max[0] = Math.max(max[0], vcores[cell]);
                max[1] = Math.max(max[1], memory[cell]);
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
    public double foldWork(QueueSpec q) {
        long g = Periods.gcd(period, q.periodSeconds());
        return (double) (period / g) * Math.min(q.onSeconds(), g);
    }

    @Override
    public long[] max() {
        return max.clone();
    }

    @Override
    public void addLoadFrom(long from, long[] sumCores, long[] sumMemory) {
        addInto(sumCores, sumMemory, 0, Math.floorMod(from, (long) period), sumCores.length);
    }

    @Override
    public FoldedWindow foldFor(QueueSpec q) {
        long g = Periods.gcd(period, q.periodSeconds());
        int width = (int) Math.min(q.onSeconds(), g);
        long[] cores = new long[width];
        long[] memory = new long[width];
        foldInto(g, q.startSeconds() % g, cores, memory);
        return FoldedWindow.fromResidues(g, q.startSeconds() % g, cores, memory);
    }

    /**
     * out[u] = max over j of this load at ((offset + u) mod step) + j·step, for u below out's length; {@code step}
     * divides the period. Reads (period/step)·min(length, step) cells.
     */
    void foldInto(long step, long offset, long[] outCores, long[] outMemory) {
        int gap = (int) step;
        int width = (int) Math.min(outCores.length, step);
        int first = (int) (offset % step);
        int beforeWrap = Math.min(width, gap - first);
        Arrays.fill(outCores, 0, width, 0);
        Arrays.fill(outMemory, 0, width, 0);
        for (int base = 0; base < period; base += gap) {
            maxInto(outCores, outMemory, 0, base + first, beforeWrap);
            maxInto(outCores, outMemory, beforeWrap, base, width - beforeWrap);
        }
        for (int u = width; u < outCores.length; u++) {
            outCores[u] = outCores[u - width];
            outMemory[u] = outMemory[u - width];
        }
    }

    private void maxInto(long[] outCores, long[] outMemory, int at, int cell, int length) {
        for (int i = 0; i < length; i++) {
            outCores[at + i] = Math.max(outCores[at + i], vcores[cell + i]);
            outMemory[at + i] = Math.max(outMemory[at + i], memory[cell + i]);
        }
    }

    /** Adds the cells from {@code cell} on (wrapping around the period) into sums[at, at + length). */
    void addInto(long[] sumCores, long[] sumMemory, int at, long cell, int length) {
        int i = (int) cell;
        for (int k = 0; k < length; k++) {
            sumCores[at + k] += vcores[i];
            sumMemory[at + k] += memory[i];
            i = i + 1 == period ? 0 : i + 1;
        }
    }
}
