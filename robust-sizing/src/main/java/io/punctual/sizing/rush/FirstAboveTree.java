package io.punctual.sizing.rush;

import java.util.Arrays;

/**
 * Keys at positions 0..n−1 in a max tree, to find the first position after a given one whose key exceeds a level in
 * O(log n) rather than by reading every position: {@link BackwardSequence}'s passes over the jobs in id order read
 * only the few jobs that could be flat at the current slot end. A removed position holds −∞.
 */
final class FirstAboveTree {

    private final int leaves;
    private final double[] max;

    FirstAboveTree(double[] keys) {
        int size = 1;
        while (size < keys.length) {
            size *= 2;
        }
        leaves = size;
        max = new double[2 * size];
        Arrays.fill(max, Double.NEGATIVE_INFINITY);
        System.arraycopy(keys, 0, max, size, keys.length);
        for (int node = size - 1; node >= 1; node--) {
            max[node] = Math.max(max[2 * node], max[2 * node + 1]);
        }
    }

    /** Whether some position's key exceeds {@code level}. */
    boolean anyAbove(double level) {
        return max[1] > level;
    }

    /** The first position after {@code after} (−1: from the start) whose key exceeds {@code level}, or −1. */
    int firstAbove(int after, double level) {
        return find(1, 0, leaves, after + 1, level);
    }

    private int find(int node, int low, int high, int from, double level) {
        if (high <= from || !(max[node] > level)) {
            return -1;
        }
        if (high - low == 1) {
            return low;
        }
        int middle = (low + high) >>> 1;
        int found = find(2 * node, low, middle, from, level);
        return found >= 0 ? found : find(2 * node + 1, middle, high, from, level);
    }

    /** Removes {@code position}: its key becomes −∞. */
    void remove(int position) {
        int node = leaves + position;
        max[node] = Double.NEGATIVE_INFINITY;
        for (node /= 2; node >= 1; node /= 2) {
            max[node] = Math.max(max[2 * node], max[2 * node + 1]);
        }
    }
}
