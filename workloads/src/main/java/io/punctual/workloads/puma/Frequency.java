package io.punctual.workloads.puma;

import java.io.Serializable;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Something and how often it occurs, ordered the way PUMA's ranking jobs list them: most frequent first, equal
 * counts by name (so the order is the same on every run).
 */
record Frequency(String name, long count) implements Comparable<Frequency>, Serializable {

    @Override
    public int compareTo(Frequency other) {
        int byCount = Long.compare(other.count, count);
        return byCount != 0 ? byCount : name.compareTo(other.name);
    }

    /** The list as PUMA's ranking jobs print it: {@code name:count,name:count,...}. */
    static String join(List<Frequency> frequencies) {
        return frequencies.stream().map(f -> f.name + ":" + f.count).collect(Collectors.joining(","));
    }
}
