package io.punctual.history.eventlog;

import java.util.Arrays;

/** A growable list of ints without boxing: one per task end, so it stays small for 100k-task logs. */
final class IntList {
    private int[] values = new int[16];
    private int size;

    void add(int value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = value;
    }

    int size() {
        return size;
    }

    int[] toArray() {
        return Arrays.copyOf(values, size);
    }
}
