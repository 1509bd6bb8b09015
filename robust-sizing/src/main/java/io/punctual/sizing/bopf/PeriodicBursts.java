package io.punctual.sizing.bopf;

/**
 * Summed bursts of some hard queues, periodic with {@link #period()} in absolute time: the building block of
 * {@link HardBurstLoad}. Two layouts: {@link DenseBursts} (one cell per second over a small hyperperiod, cheap to
 * update and scan) and {@link SparseBursts} (a step function, for long periods).
 */
interface PeriodicBursts {

    /** The period in seconds: the load at t equals the load at t + period. */
    long period();

    /** Adds a hard queue whose period divides {@link #period()}. */
    void add(QueueSpec hard);

    /** The load over one period as a step function. */
    PeriodProfile profile();

    /**
     * What these bursts can put beside q: with g = gcd(period, T_q), the profile folded onto [0, g) — its maximum
     * over each residue class modulo g, which is what q meets at offset u of its ON window over all its periods —
     * at least on the residues q's ON window covers, and the maximum there.
     */
    FoldedWindow foldFor(QueueSpec q);

    /** Roughly how many cell reads {@link #foldFor} costs for q. */
    double foldWork(QueueSpec q);

    /** The highest load at any instant, per resource. */
    long[] max();

    /** Adds the load at instants from, from + 1, ... into sums[0], sums[1], ... (as many as the sums hold). */
    void addLoadFrom(long from, long[] sumCores, long[] sumMemory);
}
