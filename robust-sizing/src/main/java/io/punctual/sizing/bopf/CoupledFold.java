package io.punctual.sizing.bopf;

import java.util.Arrays;
import java.util.List;

/**
 * The peak a new queue q can meet from dense families whose phases relative to q are coupled (BoPF resource
 * condition (3); see {@link HardBurstLoad} for the fold and the CRT). Write q's instants as s_q + u + k·T_q; family
 * i sees k only through k mod n_i, n_i = L_i / gcd(L_i, T_q). Two exact ways, the cheaper one is taken:
 * <ul>
 *   <li>Split on the shared part. With D = lcm of gcd(n_i, n_j) over pairs, fixing c = k mod D leaves the families
 *       independent (generalised CRT: the remaining congruences are pairwise consistent), so the peak at offset u is
 *       max over c of Σ_i max over k ≡ c of F_i — each a fold of family i with step gcd(gcd(n_i, D)·T_q, L_i).
 *       Work: D · Σ_i (L_i/step_i)·w, w = min(t_q, g).</li>
 *   <li>Read the joint hyperperiod H = lcm L_i directly, block by block: (H/g)·w·families cell reads.</li>
 * </ul>
 * Here g = gcd(H, T_q): the peak at offset u repeats with period g in u, so offsets u &lt; w suffice.
 */
final class CoupledFold {

    private CoupledFold() {
    }

    /** Past this many families the pairwise shared modulus is not worked out (only the merge way is priced). */
    private static final int MAX_FAMILIES_TO_SPLIT = 64;
    /** Offsets are held in arrays: the window per residue class stays below this. */
    private static final long MAX_WIDTH = 1 << 26;

    /** The two exact ways; {@link #fold} takes the cheaper. */
    enum Way { SPLIT, MERGE }

    /** The folded window of the families' summed load for q, or null when both ways exceed what is left. */
    static FoldedWindow fold(List<DenseBursts> families, QueueSpec q, WorkBudget budget) {
        Plan plan = new Plan(families, q);
        double splitWork = plan.splitWork();
        double mergeWork = plan.mergeWork();
        if (plan.width > MAX_WIDTH || !budget.spend(Math.min(splitWork, mergeWork))) {
            return null;
        }
        return plan.run(splitWork <= mergeWork ? Way.SPLIT : Way.MERGE);
    }

    /** The folded window computed one given way, whatever it costs (for tests). */
    static FoldedWindow fold(List<DenseBursts> families, QueueSpec q, Way way) {
        return new Plan(families, q).run(way);
    }

    private static final class Plan {
        final List<DenseBursts> families;
        final QueueSpec q;
        final long[] n;
        final long hyperperiod;
        final long shared;
        final long g;
        final long width;

        Plan(List<DenseBursts> families, QueueSpec q) {
            this.families = families;
            this.q = q;
            int m = families.size();
            n = new long[m];
            long h = 1;
            long common = 1;
            for (int i = 0; i < m; i++) {
                long period = families.get(i).period();
                h = Periods.lcm(h, period);
                n[i] = period / Periods.gcd(period, q.periodSeconds());
                // gcd(lcm L_i, T_q) = lcm gcd(L_i, T_q): known even when the hyperperiod overflows
                common = Periods.lcm(common, Periods.gcd(period, q.periodSeconds()));
            }
            long d = m > MAX_FAMILIES_TO_SPLIT ? Long.MAX_VALUE : 1;
            for (int i = 0; i < m && d != Long.MAX_VALUE; i++) {
                for (int j = i + 1; j < m; j++) {
                    d = Periods.lcm(d, Periods.gcd(n[i], n[j]));
                }
            }
            hyperperiod = h;
            shared = d;
            g = common;
            width = Math.min(q.onSeconds(), g);
        }

        double splitWork() {
            return shared == Long.MAX_VALUE ? Double.MAX_VALUE : CoupledFold.splitWork(families, n, shared, q, width);
        }

        double mergeWork() {
            return hyperperiod == Long.MAX_VALUE ? Double.MAX_VALUE : (double) (hyperperiod / g) * width * families.size();
        }

        FoldedWindow run(Way way) {
            long first = q.startSeconds() % g;
            long[][] peak = way == Way.SPLIT
                    ? split(families, n, shared, q, (int) width)
                    : merge(families, hyperperiod, g, first, (int) width);
            return FoldedWindow.fromResidues(g, first, peak[0], peak[1]);
        }
    }

    private static long step(DenseBursts family, long n, long shared, QueueSpec q) {
        long e = Periods.gcd(n, shared);
        return Periods.gcd(family.period(), (e % family.period()) * (q.periodSeconds() % family.period()));
    }

    private static double splitWork(List<DenseBursts> families, long[] n, long shared, QueueSpec q, long width) {
        double perResidue = families.size() * (double) width;
        for (int i = 0; i < families.size(); i++) {
            long step = step(families.get(i), n[i], shared, q);
            perResidue += (double) (families.get(i).period() / step) * Math.min(width, step);
        }
        return shared * perResidue;
    }

    /** max over c in [0, D) of Σ_i (family i folded with its step at s_q + u + c·T_q), for u in [0, width). */
    private static long[][] split(List<DenseBursts> families, long[] n, long shared, QueueSpec q, int width) {
        long[] bestCores = new long[width];
        long[] bestMemory = new long[width];
        long[] sumCores = new long[width];
        long[] sumMemory = new long[width];
        long[] foldCores = new long[width];
        long[] foldMemory = new long[width];
        for (long c = 0; c < shared; c++) {
            Arrays.fill(sumCores, 0);
            Arrays.fill(sumMemory, 0);
            for (int i = 0; i < families.size(); i++) {
                long step = step(families.get(i), n[i], shared, q);
                long offset = (q.startSeconds() % step + (c % step) * (q.periodSeconds() % step)) % step;
                families.get(i).foldInto(step, offset, foldCores, foldMemory);
                for (int u = 0; u < width; u++) {
                    sumCores[u] += foldCores[u];
                    sumMemory[u] += foldMemory[u];
                }
            }
            for (int u = 0; u < width; u++) {
                bestCores[u] = Math.max(bestCores[u], sumCores[u]);
                bestMemory[u] = Math.max(bestMemory[u], sumMemory[u]);
            }
        }
        return new long[][] {bestCores, bestMemory};
    }

    /** For each residue first + u (mod g), the max over the joint hyperperiod of the summed cells. */
    private static long[][] merge(List<DenseBursts> families, long hyperperiod, long g, long first, int width) {
        int beforeWrap = (int) Math.min(width, g - first);
        long[] bestCores = new long[width];
        long[] bestMemory = new long[width];
        long[] sumCores = new long[width];
        long[] sumMemory = new long[width];
        for (long base = 0; base < hyperperiod; base += g) {
            Arrays.fill(sumCores, 0);
            Arrays.fill(sumMemory, 0);
            for (DenseBursts family : families) {
                family.addInto(sumCores, sumMemory, 0, (base + first) % family.period(), beforeWrap);
                family.addInto(sumCores, sumMemory, beforeWrap, base % family.period(), width - beforeWrap);
            }
            for (int u = 0; u < width; u++) {
                bestCores[u] = Math.max(bestCores[u], sumCores[u]);
                bestMemory[u] = Math.max(bestMemory[u], sumMemory[u]);
            }
        }
        return new long[][] {bestCores, bestMemory};
    }
}
