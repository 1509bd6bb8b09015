package io.punctual.sizing.rush;

import java.util.Arrays;

/**
 * Containers ordered by when they become free (then by index), as a binary min-heap of primitive indices. The slot
 * mapping only ever takes the least busy container and pushes its free time later, so the one mutation offered is
 * {@link #delayTop(double)}: no boxing, one sift per placed run.
 */
final class ContainerHeap {

    private final int[] heap;
    private final double[] freeAt;

    ContainerHeap(int containers, double now) {
        heap = new int[containers];
        freeAt = new double[containers];
        Arrays.fill(freeAt, now);
        for (int k = 0; k < containers; k++) {
            heap[k] = k;
        }
    }

    /** The container that becomes free first. */
    int top() {
        return heap[0];
    }

    double freeAt(int container) {
        return freeAt[container];
    }

    /** Makes the top container busy until {@code until} (no earlier than now) and restores heap order. */
    void delayTop(double until) {
        int moving = heap[0];
        freeAt[moving] = until;
        int at = 0;
        int size = heap.length;
        while (true) {
            int child = 2 * at + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && before(heap[child + 1], heap[child])) {
                child++;
            }
            if (!before(heap[child], moving)) {
                break;
            }
            heap[at] = heap[child];
            at = child;
        }
        heap[at] = moving;
    }

    private boolean before(int a, int b) {
        return freeAt[a] < freeAt[b] || freeAt[a] == freeAt[b] && a < b;
    }
}
