package io.punctual.sizing.rush;

import java.util.Arrays;

/**
 * Containers sorted by when they become free (then by index) in a ring buffer. A job takes containers from the
 * front — least busy first — and keeps them out of the ring while it fills them; {@link #restore()} then sorts the
 * k it took and merges them back from the tail. A job pushes its containers past its own target, and later jobs'
 * targets are no earlier, so the merge only shifts the few containers that earlier jobs overran beyond that target.
 * Cost per job: O(k log k + shifted), with primitive arrays only.
 */
final class ContainerRing {

    private static final int INSERTION_SORT_LIMIT = 16;

    private final double[] freeAt;
    private final int[] container;
    private int head;
    private int size;
    private final double[] takenFreeAt;
    private final int[] takenContainer;
    private int taken;

    ContainerRing(int containers, double now) {
        freeAt = new double[containers];
        container = new int[containers];
        Arrays.fill(freeAt, now);
        for (int k = 0; k < containers; k++) {
            container[k] = k;
        }
        size = containers;
        takenFreeAt = new double[containers];
        takenContainer = new int[containers];
    }

    boolean isEmpty() {
        return size == 0;
    }

    int frontContainer() {
        return container[head];
    }

    double frontFreeAt() {
        return freeAt[head];
    }

    /** Takes the front container out of the ring; it will be busy until {@code until} once restored. */
    void takeFront(double until) {
        takenFreeAt[taken] = until;
        takenContainer[taken] = container[head];
        taken++;
        head = head + 1 == freeAt.length ? 0 : head + 1;
        size--;
    }

    /** Puts every taken container back in order. */
    void restore() {
        sortTaken();
        int kept = size - 1;
        int write = size + taken - 1;
        for (int next = taken - 1; next >= 0; write--) {
            int at = physical(kept);
            int to = physical(write);
            if (kept >= 0 && after(freeAt[at], container[at], takenFreeAt[next], takenContainer[next])) {
                move(at, to);
                kept--;
            } else {
                freeAt[to] = takenFreeAt[next];
                container[to] = takenContainer[next];
                next--;
            }
        }
        size += taken;
        taken = 0;
    }

    /** Array index of the ring's {@code logical}-th entry from the head (logical ≥ 0 and &lt; capacity). */
    private int physical(int logical) {
        int at = head + logical;
        return at >= freeAt.length ? at - freeAt.length : at;
    }

    private void move(int from, int to) {
        freeAt[to] = freeAt[from];
        container[to] = container[from];
    }

    private static boolean after(double aFree, int a, double bFree, int b) {
        return aFree > bFree || aFree == bFree && a > b;
    }

    private void sortTaken() {
        if (taken <= INSERTION_SORT_LIMIT) {
            for (int i = 1; i < taken; i++) {
                double free = takenFreeAt[i];
                int c = takenContainer[i];
                int j = i - 1;
                while (j >= 0 && after(takenFreeAt[j], takenContainer[j], free, c)) {
                    takenFreeAt[j + 1] = takenFreeAt[j];
                    takenContainer[j + 1] = takenContainer[j];
                    j--;
                }
                takenFreeAt[j + 1] = free;
                takenContainer[j + 1] = c;
            }
            return;
        }
        int[] order = KeyOrder.ascending(takenFreeAt, takenContainer, taken);
        double[] free = new double[taken];
        int[] ids = new int[taken];
        for (int i = 0; i < taken; i++) {
            free[i] = takenFreeAt[order[i]];
            ids[i] = takenContainer[order[i]];
        }
        System.arraycopy(free, 0, takenFreeAt, 0, taken);
        System.arraycopy(ids, 0, takenContainer, 0, taken);
    }
}
