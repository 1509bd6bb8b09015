package io.punctual.sizing.rush;

import java.util.Arrays;

/**
 * Containers ordered by when they become free (then by index), as a binary min-heap over parallel primitive arrays
 * kept in heap order, so a sift compares keys without chasing indices. The slot mapping only ever takes the least
 * busy container and pushes its free time later, so the one mutation offered is {@link #delayTop(double)}.
 */
final class ContainerHeap {

    private final double[] freeAt;
    private final int[] container;

    ContainerHeap(int containers, double now) {
        freeAt = new double[containers];
        container = new int[containers];
        Arrays.fill(freeAt, now);
        for (int k = 0; k < containers; k++) {
            container[k] = k;
        }
    }

    /** The container that becomes free first. */
    int top() {
        return container[0];
    }

    /** When the top container becomes free. */
    double topFreeAt() {
        return freeAt[0];
    }

    /** Makes the top container busy until {@code until} (no earlier than it was) and restores heap order. */
    void delayTop(double until) {
        int moving = container[0];
        int size = freeAt.length;
        int at = 0;
        int child = 1;
        while (child < size) {
            if (child + 1 < size && before(child + 1, child)) {
                child++;
            }
            if (freeAt[child] > until || freeAt[child] == until && container[child] > moving) {
                break;
            }
            freeAt[at] = freeAt[child];
            container[at] = container[child];
            at = child;
            child = 2 * at + 1;
        }
        freeAt[at] = until;
        container[at] = moving;
    }

    private boolean before(int a, int b) {
        return freeAt[a] < freeAt[b] || freeAt[a] == freeAt[b] && container[a] < container[b];
    }
}
