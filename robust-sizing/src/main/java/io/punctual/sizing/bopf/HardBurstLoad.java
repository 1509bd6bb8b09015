package io.punctual.sizing.bopf;

import io.punctual.sizing.Resources;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The bursts of BoPF's hard queues over time, and the exact peak of their sum during a new queue's ON windows —
 * the left side of resource condition (3), {@code α_q ≤ C − Σ_{h∈H} g_h(t)} (BoPF paper §3.3; DESIGN.md §3).
 *
 * <p>Why not sweep the hyperperiod: the LCM of a few dozen periods is astronomically large. Instead, write an
 * instant of q's ON windows as t = s_q + k·T_q + u with u ∈ [0, t_q). For hard queues of period T, the position
 * t mod T depends on k only through k mod n, n = T / gcd(T, T_q), and as k runs over the integers it visits the
 * whole residue class of (s_q + u) modulo g = gcd(T, T_q). So one period group contributes, at offset u, the
 * maximum of its profile over that residue class — its profile folded onto [0, g). Groups whose n are coprime are
 * independent by the Chinese remainder theorem (any combination of k mod n_i is reached by one k), so their folded
 * maxima add; groups whose n share a factor are coupled and are folded together first ({@link CoupledFold}: split
 * on the factor they share, or read on their joint hyperperiod; step functions are summed on it). The
 * peak is then the maximum over u of the sum of the independent folded profiles, an exact sweep over q's ON
 * window. This is exact for every input whose coupled groups fit the work budget.
 *
 * <p>Hard queues are stored in families: periods whose joint hyperperiod stays within {@link #DENSE_HYPERPERIOD}
 * (all the usual 1 min … 1 day periods share 86,400 s) share one {@link DenseBursts} array, so the coupling between
 * them costs nothing at query time; longer periods are {@link SparseBursts} step functions.
 *
 * <p>In general the question is NP-hard (with one-second ON windows it is the simultaneous congruences problem),
 * so past the budget this returns sound bounds instead: the upper bound treats coupled groups as independent, the
 * lower bound is a peak some instant really reaches. Callers decide from the bounds and say when they could not.
 */
final class HardBurstLoad {

    /** Beyond this many sources the pairwise coupling analysis is skipped and only bounds are given. */
    static final int MAX_PERIODS_FOR_COUPLING = 512;
    /** Sweeps of q's ON window up to this many (second × source) cells run densely. */
    static final long DENSE_SWEEP = 1 << 24;
    /** Sampling reads at most this many of q's ON windows (keeps s_q + k·T_q within a long) ... */
    static final long MAX_SAMPLED_WINDOWS = 1 << 20;
    /** ... and at most this many seconds of each. */
    static final long MAX_SAMPLED_WIDTH = 1 << 16;
    /** A sparse segment costs about this many dense cell reads (sorting and searching instead of a linear scan). */
    static final long SPARSE_SEGMENT_COST = 16;
    /** Periods up to this (about three days) live in dense per-second families of at most this hyperperiod. */
    static final long DENSE_HYPERPERIOD = 1 << 18;

    private final long denseHyperperiod;
    private final long denseSweep;
    private final List<DenseBursts> families = new ArrayList<>();
    private final Map<Long, SparseBursts> sparse = new LinkedHashMap<>();
    private final List<PeriodicBursts> sources = new ArrayList<>();
    private final long[] totalBurst = new long[PeriodProfile.RESOURCES];

    HardBurstLoad() {
        this(DENSE_HYPERPERIOD, DENSE_SWEEP);
    }

    /**
     * With families of hyperperiod at most {@code denseHyperperiod} (0 keeps every period sparse) and dense sweeps
     * up to {@code denseSweep} cells (0 always sweeps events).
     */
    HardBurstLoad(long denseHyperperiod, long denseSweep) {
        this.denseHyperperiod = denseHyperperiod;
        this.denseSweep = denseSweep;
    }

    void add(QueueSpec hard) {
        sourceFor(hard.periodSeconds()).add(hard);
        totalBurst[0] += hard.alpha().vcores();
        totalBurst[1] += hard.alpha().memoryMb();
    }

    /**
     * The family whose hyperperiod T divides; else the one that grows least to take T, within the limit and without
     * new prime factors (so a 110 s queue does not drag a family of 1 min … 1 day periods to an 11-day hyperperiod,
     * which would couple it with every other family); else a new family.
     */
    private PeriodicBursts sourceFor(long period) {
        if (period > denseHyperperiod) {
            return sparse.computeIfAbsent(period, p -> register(new SparseBursts(p)));
        }
        DenseBursts best = null;
        long bestPeriod = Long.MAX_VALUE;
        for (DenseBursts family : families) {
            long grown = family.periodWith(period);
            if (grown <= denseHyperperiod && grown < bestPeriod && Periods.primesDivide(period, family.period())) {
                best = family;
                bestPeriod = grown;
            }
        }
        if (best == null) {
            best = register(new DenseBursts(period));
            families.add(best);
        }
        return best;
    }

    private <T extends PeriodicBursts> T register(T source) {
        sources.add(source);
        return source;
    }

    /** Σ α_h over all hard queues: the load if every hard queue burst at once. */
    Resources totalBurst() {
        return PeakLoad.toResources(totalBurst);
    }

    /** Bounds on the peak hard load during {@code q}'s ON windows, exact whenever the budget allows. */
    PeakLoad peakDuring(QueueSpec q, long budget) {
        if (sources.isEmpty()) {
            return PeakLoad.NONE;
        }
        double foldWork = 0;
        long[] sumOfMax = new long[PeriodProfile.RESOURCES];
        for (PeriodicBursts source : sources) {
            foldWork += source.foldWork(q);
            sumOfMax = sum(sumOfMax, source.max());
        }
        WorkBudget work = new WorkBudget(budget);
        if (!work.spend(foldWork)) {
            return PeakLoad.between(sampledPeak(q, budget / 4), sumOfMax);
        }
        return foldedPeak(q, work, sumOfMax);
    }

    /** Folds every source for q, resolves coupled ones together, and sweeps q's ON window. */
    private PeakLoad foldedPeak(QueueSpec q, WorkBudget budget, long[] sumOfMax) {
        List<PeriodicBursts> touching = new ArrayList<>();
        List<FoldedWindow> alone = new ArrayList<>();
        for (PeriodicBursts source : sources) {
            FoldedWindow folded = source.foldFor(q);
            if (!folded.isZero()) {
                touching.add(source);
                alone.add(folded);
            }
        }
        if (touching.isEmpty()) {
            return PeakLoad.NONE;
        }
        if (touching.size() == 1) {
            return PeakLoad.exact(alone.get(0).windowMax());
        }
        List<FoldedWindow> exactUnits = new ArrayList<>();
        List<FoldedWindow> relaxedUnits = new ArrayList<>();
        for (int[] component : coupledComponents(touching, q.periodSeconds())) {
            FoldedWindow merged = component.length == 1 ? alone.get(component[0]) : merge(touching, component, q, budget);
            if (merged != null) {
                exactUnits.add(merged);
            } else {
                for (int i : component) {
                    relaxedUnits.add(alone.get(i));
                }
            }
        }
        long[] exactPeak = sweep(exactUnits, q, budget);
        if (relaxedUnits.isEmpty() && exactPeak != null) {
            return PeakLoad.exact(exactPeak);
        }
        long[] lower = exactPeak != null ? exactPeak : largestSingle(exactUnits);
        lower = elementwiseMax(lower, largestSingle(relaxedUnits));
        List<FoldedWindow> all = new ArrayList<>(exactUnits);
        all.addAll(relaxedUnits);
        long[] upper = sweep(all, q, budget);
        return PeakLoad.between(lower, elementwiseMin(upper != null ? upper : sumOfMaxima(all), sumOfMax));
    }

    /**
     * A peak some instant really reaches, for when folding is over budget: the load over q's first ON windows, as
     * many windows as the budget pays for (each costs a pass over every source), at least one.
     */
    private long[] sampledPeak(QueueSpec q, long budget) {
        int width = (int) Math.min(q.onSeconds(), MAX_SAMPLED_WIDTH);
        long windows = Math.max(1, Math.min(MAX_SAMPLED_WINDOWS, budget / ((long) width * sources.size())));
        long[] peak = new long[PeriodProfile.RESOURCES];
        long[] sumCores = new long[width];
        long[] sumMemory = new long[width];
        for (long k = 0; k < windows; k++) {
            Arrays.fill(sumCores, 0);
            Arrays.fill(sumMemory, 0);
            for (PeriodicBursts source : sources) {
                source.addLoadFrom(q.startSeconds() + k * q.periodSeconds(), sumCores, sumMemory);
            }
            for (int u = 0; u < width; u++) {
                peak[0] = Math.max(peak[0], sumCores[u]);
                peak[1] = Math.max(peak[1], sumMemory[u]);
            }
        }
        return peak;
    }

    private static long[] elementwiseMin(long[] a, long[] b) {
        return new long[] {Math.min(a[0], b[0]), Math.min(a[1], b[1])};
    }

    private static long[] sum(long[] a, long[] b) {
        return new long[] {a[0] + b[0], a[1] + b[1]};
    }

    /**
     * Components of the "n_i and n_j share a factor" graph over the touching groups, n = T / gcd(T, T_q). Groups in
     * different components are independent (CRT); with too many periods everything is put in one component.
     */
    private static List<int[]> coupledComponents(List<PeriodicBursts> touching, long queuePeriod) {
        int m = touching.size();
        int[] parent = new int[m];
        long[] n = new long[m];
        for (int i = 0; i < m; i++) {
            parent[i] = i;
            n[i] = touching.get(i).period() / Periods.gcd(touching.get(i).period(), queuePeriod);
        }
        int firstCoupled = -1;
        for (int i = 0; i < m; i++) {
            if (n[i] == 1) {
                continue;
            }
            if (m > MAX_PERIODS_FOR_COUPLING) {
                firstCoupled = firstCoupled < 0 ? i : firstCoupled;
                parent[i] = firstCoupled;
                continue;
            }
            for (int j = i + 1; j < m; j++) {
                if (n[j] > 1 && Periods.gcd(n[i], n[j]) > 1) {
                    parent[find(parent, i)] = find(parent, j);
                }
            }
        }
        Map<Integer, List<Integer>> byRoot = new LinkedHashMap<>();
        for (int i = 0; i < m; i++) {
            byRoot.computeIfAbsent(find(parent, i), k -> new ArrayList<>()).add(i);
        }
        List<int[]> components = new ArrayList<>();
        for (List<Integer> members : byRoot.values()) {
            components.add(members.stream().mapToInt(Integer::intValue).toArray());
        }
        return components;
    }

    private static int find(int[] parent, int i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }

    /**
     * Folds a coupled component on its joint hyperperiod: straight from the cells when every member is dense, else
     * by summing step functions (each segment weighed {@link #SPARSE_SEGMENT_COST} against the budget). Null when
     * that exceeds the budget.
     */
    private static FoldedWindow merge(List<PeriodicBursts> touching, int[] component, QueueSpec q, WorkBudget budget) {
        List<DenseBursts> dense = new ArrayList<>();
        for (int i : component) {
            if (touching.get(i) instanceof DenseBursts family) {
                dense.add(family);
            }
        }
        if (dense.size() == component.length) {
            return CoupledFold.fold(dense, q, budget);
        }
        long hyperperiod = 1;
        List<PeriodProfile> parts = new ArrayList<>();
        for (int i : component) {
            hyperperiod = Periods.lcm(hyperperiod, touching.get(i).period());
            if (hyperperiod > QueueSpec.MAX_SECONDS) {
                return null;
            }
            parts.add(touching.get(i).profile());
        }
        long segments = PeriodProfile.segmentsOnHyperperiod(parts, hyperperiod);
        if (segments > PeriodProfile.MAX_SEGMENTS || !budget.spend((double) segments * SPARSE_SEGMENT_COST)) {
            return null;
        }
        PeriodProfile folded = PeriodProfile.sum(parts, hyperperiod)
                .foldTo(Periods.gcd(hyperperiod, q.periodSeconds()));
        return new FoldedWindow(folded, folded.maxOver(q.startSeconds(), q.onSeconds()));
    }

    /**
     * max over u ∈ [0, t_q) of Σ_units Q((s_q + u) mod g), per resource; null when the step functions over the
     * window would need more events than the budget.
     */
    private long[] sweep(List<FoldedWindow> units, QueueSpec q, WorkBudget budget) {
        if (units.isEmpty()) {
            return new long[PeriodProfile.RESOURCES];
        }
        if (units.size() == 1) {
            return units.get(0).windowMax().clone();
        }
        double cells = (double) q.onSeconds() * units.size();
        if (cells <= denseSweep && budget.spend(cells)) {
            return denseSweep(units, q);
        }
        long events = 0;
        for (FoldedWindow unit : units) {
            PeriodProfile folded = unit.folded();
            events += (long) folded.segments() * (q.onSeconds() / folded.period() + 2);
            if (events > PeriodProfile.MAX_SEGMENTS) {
                return null;
            }
        }
        if (!budget.spend((double) events * SPARSE_SEGMENT_COST)) {
            return null;
        }
        long[] keys = new long[(int) events];
        long[][] delta = new long[PeriodProfile.RESOURCES][(int) events];
        int count = 0;
        for (FoldedWindow unit : units) {
            count = emitSteps(unit.folded(), q, keys, delta, count);
        }
        Arrays.sort(keys, 0, count);
        long[] level = new long[PeriodProfile.RESOURCES];
        long[] peak = new long[PeriodProfile.RESOURCES];
        for (int e = 0; e < count; e++) {
            int event = PeriodProfile.keyIndex(keys[e]);
            level[0] += delta[0][event];
            level[1] += delta[1][event];
            boolean lastAtThisOffset = e + 1 == count
                    || PeriodProfile.keyPosition(keys[e + 1]) != PeriodProfile.keyPosition(keys[e]);
            if (lastAtThisOffset) {
                peak[0] = Math.max(peak[0], level[0]);
                peak[1] = Math.max(peak[1], level[1]);
            }
        }
        return peak;
    }

    /** The sweep one second at a time: O(t_q) per source, no sorting. */
    private static long[] denseSweep(List<FoldedWindow> units, QueueSpec q) {
        long[] sumCores = new long[(int) q.onSeconds()];
        long[] sumMemory = new long[(int) q.onSeconds()];
        for (FoldedWindow unit : units) {
            unit.addOver(q, sumCores, sumMemory);
        }
        long[] peak = new long[PeriodProfile.RESOURCES];
        for (int u = 0; u < sumCores.length; u++) {
            peak[0] = Math.max(peak[0], sumCores[u]);
            peak[1] = Math.max(peak[1], sumMemory[u]);
        }
        return peak;
    }

    /** Appends the changes of u ↦ Q((s_q + u) mod g) over u ∈ [0, t_q) as (u, index) keys and deltas. */
    private static int emitSteps(PeriodProfile folded, QueueSpec q, long[] keys, long[][] delta, int count) {
        long pos = Math.floorMod(q.startSeconds(), folded.period());
        int i = folded.segmentAt(pos);
        long u = 0;
        long previous0 = 0;
        long previous1 = 0;
        while (u < q.onSeconds()) {
            keys[count] = PeriodProfile.sortKey(u, count);
            delta[0][count] = folded.value(0, i) - previous0;
            delta[1][count] = folded.value(1, i) - previous1;
            previous0 = folded.value(0, i);
            previous1 = folded.value(1, i);
            count++;
            u += folded.end(i) - pos;
            i = i + 1 == folded.segments() ? 0 : i + 1;
            pos = folded.start(i);
        }
        return count;
    }

    private static long[] largestSingle(List<FoldedWindow> units) {
        long[] best = new long[PeriodProfile.RESOURCES];
        for (FoldedWindow unit : units) {
            best = elementwiseMax(best, unit.windowMax());
        }
        return best;
    }

    private static long[] sumOfMaxima(List<FoldedWindow> units) {
        long[] total = new long[PeriodProfile.RESOURCES];
        for (FoldedWindow unit : units) {
            total[0] += unit.windowMax()[0];
            total[1] += unit.windowMax()[1];
        }
        return total;
    }

    private static long[] elementwiseMax(long[] a, long[] b) {
        return new long[] {Math.max(a[0], b[0]), Math.max(a[1], b[1])};
    }
}
