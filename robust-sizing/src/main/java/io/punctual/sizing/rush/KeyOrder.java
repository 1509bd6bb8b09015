package io.punctual.sizing.rush;

/**
 * The order of indices 0..n−1 by a double key, ties by an int key — a bottom-up merge sort on primitives, so the
 * slot mapping's per-round sorts allocate two int arrays instead of boxing every index. Runs already in order are
 * not merged, so nearly sorted input (a job's containers, freed in about the order it took them) costs about O(n).
 */
final class KeyOrder {

    private KeyOrder() {
    }

    /** Indices sorted by {@code key} ascending, then by {@code tie} ascending. */
    static int[] ascending(double[] key, int[] tie, int n) {
        int[] order = new int[n];
        int[] buffer = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        for (int width = 1; width < n; width *= 2) {
            for (int low = 0; low < n - width; low += 2 * width) {
                merge(order, buffer, low, low + width, Math.min(low + 2 * width, n), key, tie);
            }
        }
        return order;
    }

    private static void merge(int[] order, int[] buffer, int low, int middle, int high, double[] key, int[] tie) {
        if (!before(order[middle], order[middle - 1], key, tie)) {
            return;
        }
        int left = low;
        int right = middle;
        for (int out = low; out < high; out++) {
            if (right >= high || left < middle && !before(order[right], order[left], key, tie)) {
                buffer[out] = order[left++];
            } else {
                buffer[out] = order[right++];
            }
        }
        System.arraycopy(buffer, low, order, low, high - low);
    }

    private static boolean before(int a, int b, double[] key, int[] tie) {
        return key[a] < key[b] || key[a] == key[b] && tie[a] < tie[b];
    }
}
