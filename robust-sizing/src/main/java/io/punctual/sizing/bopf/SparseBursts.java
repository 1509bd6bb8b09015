package io.punctual.sizing.bopf;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The summed burst load of hard queues sharing one long period T, as a step function on [0, T) in absolute time
 * modulo T. Adding a queue is O(log n); the materialised profile and its folds are rebuilt lazily and cached until
 * the next addition.
 */
final class SparseBursts implements PeriodicBursts {

    private final long period;
    private final TreeMap<Long, long[]> steps = new TreeMap<>();
    private final long[] atZero = new long[PeriodProfile.RESOURCES];
    private final Map<Long, PeriodProfile> folds = new HashMap<>();
    private PeriodProfile profile;

    SparseBursts(long period) {
        this.period = period;
    }

    @Override
    public long period() {
        return period;
    }

    @Override
    public void add(QueueSpec hard) {
        long[] burst = {hard.alpha().vcores(), hard.alpha().memoryMb()};
        long on = hard.onSeconds();
        long from = hard.startSeconds() % period;
        if (on == period) {
            addTo(atZero, burst, 1);
        } else {
            step(from, burst, 1);
            long to = from + on;
            if (to > period) {
                addTo(atZero, burst, 1);
                step(to - period, burst, -1);
            } else if (to < period) {
                step(to, burst, -1);
            }
        }
        profile = null;
        folds.clear();
    }

    private void step(long at, long[] burst, int sign) {
        addTo(steps.computeIfAbsent(at, k -> new long[PeriodProfile.RESOURCES]), burst, sign);
    }

    private static void addTo(long[] into, long[] burst, int sign) {
        into[0] += sign * burst[0];
        into[1] += sign * burst[1];
    }

    @Override
    public PeriodProfile profile() {
        if (profile == null) {
            int cells = steps.size() + 1;
            long[] cuts = new long[cells];
            long[][] level = new long[PeriodProfile.RESOURCES][cells];
            level[0][0] = atZero[0];
            level[1][0] = atZero[1];
            int k = 0;
            for (Map.Entry<Long, long[]> step : steps.entrySet()) {
                if (step.getKey() != 0) {
                    k++;
                    cuts[k] = step.getKey();
                    level[0][k] = level[0][k - 1];
                    level[1][k] = level[1][k - 1];
                }
                level[0][k] += step.getValue()[0];
                level[1][k] += step.getValue()[1];
            }
            profile = PeriodProfile.fromCells(period, cuts, level, k + 1);
        }
        return profile;
    }

    @Override
    public double foldWork(QueueSpec q) {
        boolean cached = folds.containsKey(Periods.gcd(period, q.periodSeconds()));
        return (cached ? 1.0 : HardBurstLoad.SPARSE_SEGMENT_COST) * (steps.size() + 1);
    }

    @Override
    public long[] max() {
        return profile().max();
    }

    @Override
    public void addLoadFrom(long from, long[] sumCores, long[] sumMemory) {
        PeriodProfile p = profile();
        long pos = Math.floorMod(from, period);
        int i = p.segmentAt(pos);
        int u = 0;
        while (u < sumCores.length) {
            long end = Math.min(sumCores.length, u + p.end(i) - pos);
            for (; u < end; u++) {
                sumCores[u] += p.value(0, i);
                sumMemory[u] += p.value(1, i);
            }
            i = i + 1 == p.segments() ? 0 : i + 1;
            pos = p.start(i);
        }
    }

    @Override
    public FoldedWindow foldFor(QueueSpec q) {
        long g = Periods.gcd(period, q.periodSeconds());
        PeriodProfile folded = folds.get(g);
        if (folded == null) {
            folded = profile().foldTo(g);
            folds.put(g, folded);
        }
        return new FoldedWindow(folded, folded.maxOver(q.startSeconds(), q.onSeconds()));
    }
}
