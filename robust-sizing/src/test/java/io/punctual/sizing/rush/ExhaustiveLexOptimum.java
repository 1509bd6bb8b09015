package io.punctual.sizing.rush;

import java.util.Arrays;
import java.util.List;

/**
 * The lexicographic max-min utility vector of a small round by trying every order of its jobs. Any feasible set of
 * targets is met by running jobs one after another at full width in target order, so the optimum is some order's
 * completion times.
 */
final class ExhaustiveLexOptimum {

    private ExhaustiveLexOptimum() {
    }

    /** The sorted (ascending) utility vector of the best order. */
    static double[] sortedUtilities(List<RushJob> jobs, int containers, double now) {
        int[] order = new int[jobs.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        double[][] best = {null};
        permute(order, 0, jobs, containers, now, best);
        return best[0];
    }

    private static void permute(int[] order, int from, List<RushJob> jobs, int containers, double now,
                                double[][] best) {
        if (from == order.length) {
            double[] utilities = sortedUtilitiesOf(order, jobs, containers, now);
            if (best[0] == null || lexicographicallyGreater(utilities, best[0])) {
                best[0] = utilities;
            }
            return;
        }
        for (int i = from; i < order.length; i++) {
            swap(order, from, i);
            permute(order, from + 1, jobs, containers, now, best);
            swap(order, from, i);
        }
    }

    /**
     * Each job's completion time is summed over the set of jobs up to it in input order, not in this order's: a
     * running sum rounds differently for the same set in another order, and the exact comparison below would then
     * choose between orders by a last-bit difference in one layer over a real one in the next.
     */
    private static double[] sortedUtilitiesOf(int[] order, List<RushJob> jobs, int containers, double now) {
        double[] utilities = new double[order.length];
        boolean[] done = new boolean[order.length];
        for (int k = 0; k < order.length; k++) {
            done[order[k]] = true;
            double work = 0;
            for (int i = 0; i < order.length; i++) {
                work += done[i] ? jobs.get(i).demand() : 0;
            }
            utilities[k] = jobs.get(order[k]).utility().at(now + work / containers);
        }
        Arrays.sort(utilities);
        return utilities;
    }

    private static boolean lexicographicallyGreater(double[] a, double[] b) {
        for (int k = 0; k < a.length; k++) {
            if (a[k] != b[k]) {
                return a[k] > b[k];
            }
        }
        return false;
    }

    private static void swap(int[] a, int i, int j) {
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
