package io.punctual.workloads.puma.input;

import java.util.SplittableRandom;

/**
 * Item sets for PUMA's self-join job, the candidate-generation step of Apriori: one k-item set per line (k = 4), items
 * comma-separated and ascending, {@code <a>,<b>,<c>,<d>}. Sets come in groups of 1 to 5 sharing their first three
 * items, as frequent sets do, so the join (which pairs the sets of a group) has work to do but its output stays
 * within a few times its input. Items are 1..10,000.
 */
public final class ItemsetsGenerator implements RecordGenerator {

    /** How many items there are; items are 1..ITEMS. */
    public static final int ITEMS = 10_000;

    private static final int PREFIX = 3;
    private static final int MAX_GROUP = 5;

    /** The arguments are those of {@link InputKind#generator}; item sets need neither. */
    public ItemsetsGenerator(long totalBytes, SplittableRandom random) {
    }

    /** Appends one group of sets with a common prefix. */
    @Override
    public void append(long id, SplittableRandom random, StringBuilder out) {
        int[] prefix = distinctAscending(PREFIX, 1, ITEMS - 4 * MAX_GROUP, random);
        int last = prefix[PREFIX - 1];
        for (int item : distinctAscending(random.nextInt(1, MAX_GROUP + 1), last + 1, ITEMS, random)) {
            for (int p : prefix) {
                out.append(p).append(',');
            }
            out.append(item).append('\n');
        }
    }

    /** {@code count} different numbers from {@code low..high}, ascending. */
    private static int[] distinctAscending(int count, int low, int high, SplittableRandom random) {
        int[] chosen = new int[count];
        int found = 0;
        while (found < count) {
            int candidate = random.nextInt(low, high + 1);
            int at = 0;
            while (at < found && chosen[at] < candidate) {
                at++;
            }
            if (at == found || chosen[at] != candidate) {
                System.arraycopy(chosen, at, chosen, at + 1, found - at);
                chosen[at] = candidate;
                found++;
            }
        }
        return chosen;
    }
}
