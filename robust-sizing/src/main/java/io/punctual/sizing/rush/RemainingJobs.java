package io.punctual.sizing.rush;

import java.util.Arrays;

/**
 * The jobs of one (sub-)round that {@link BackwardSequence} has not placed yet, indexed so that a layer reads a few
 * of them instead of all: a {@link FirstAboveTree} over id order finds the jobs that could be flat at the slot end;
 * per utility shape, a list by budget, latest first, gives the shape's most valuable job at its head (an admission
 * queue has a handful of shapes and a thousand budgets); and the longest job settles ties at zero, where every
 * remaining job is worth the same. Every decision is still made by evaluating utilities exactly, never by a bound.
 */
final class RemainingJobs {

    private final RoundIndex index;
    private final UtilityTable utilities;
    private final boolean[] left;
    private final FirstAboveTree flatCandidates;
    /** Linked lists over positions of {@link RoundIndex#byShape()}: next and previous remaining job of the shape. */
    private final int[] next;
    private final int[] previous;
    private final int[] head;
    private final int[] liveShapes;
    private final int[] liveAt;
    private int liveCount;
    private final double[] headValue;
    private int longestCursor;
    private int count;

    RemainingJobs(RoundIndex index, UtilityTable utilities, boolean[] remaining) {
        this.index = index;
        this.utilities = utilities;
        left = remaining.clone();
        int n = left.length;
        double[] keys = new double[n];
        for (int r = 0; r < n; r++) {
            int job = index.byId()[r];
            keys[r] = left[job] ? index.worthLessFrom()[job] : Double.NEGATIVE_INFINITY;
            count += left[job] ? 1 : 0;
        }
        flatCandidates = new FirstAboveTree(keys);
        next = new int[n];
        previous = new int[n];
        int shapes = index.shapeStart().length - 1;
        head = new int[shapes];
        liveShapes = new int[shapes];
        liveAt = new int[shapes];
        headValue = new double[shapes];
        for (int g = 0; g < shapes; g++) {
            link(g);
        }
    }

    /** Links shape {@code g}'s remaining jobs in budget order, and lists the shape as live if it has any. */
    private void link(int g) {
        int last = -1;
        head[g] = -1;
        for (int p = index.shapeStart()[g]; p < index.shapeStart()[g + 1]; p++) {
            if (!left[index.byShape()[p]]) {
                continue;
            }
            if (last < 0) {
                head[g] = p;
            } else {
                next[last] = p;
            }
            previous[p] = last;
            last = p;
        }
        if (last >= 0) {
            next[last] = -1;
            liveAt[g] = liveCount;
            liveShapes[liveCount++] = g;
        }
    }

    boolean isEmpty() {
        return count == 0;
    }

    /** Which jobs remain, as a mask by job index (a copy). */
    boolean[] mask() {
        return left.clone();
    }

    /**
     * The first remaining job after id rank {@code afterRank} (−1: from the first) that may be flat at slot end
     * {@code slotEnd} — the jobs skipped are surely worth less there than running first — as its id rank, or −1.
     */
    int nextFlatCandidate(int afterRank, double slotEnd) {
        return flatCandidates.firstAbove(afterRank, slotEnd);
    }

    void remove(int job) {
        left[job] = false;
        count--;
        flatCandidates.remove(index.rank()[job]);
        int p = index.shapePosition()[job];
        int g = index.shapeOf()[job];
        if (previous[p] >= 0) {
            next[previous[p]] = next[p];
        } else {
            head[g] = next[p];
        }
        if (next[p] >= 0) {
            previous[next[p]] = previous[p];
        }
        if (head[g] < 0) {
            int moved = liveShapes[--liveCount];
            liveShapes[liveAt[g]] = moved;
            liveAt[moved] = liveAt[g];
        }
    }

    /** The greatest utility of a remaining job completing at {@code slotEnd}: the greatest of the shapes' heads. */
    double bestValue(double slotEnd) {
        double best = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < liveCount; k++) {
            int g = liveShapes[k];
            headValue[g] = utilities.value(index.byShape()[head[g]], slotEnd);
            best = Math.max(best, headValue[g]);
        }
        return best;
    }

    /**
     * The remaining jobs worth {@code best} (from {@link #bestValue}) at {@code slotEnd}, in id order: in each shape
     * whose head is worth that, the jobs from the head on until one is worth less, as none after it is worth more.
     */
    int[] worth(double slotEnd, double best) {
        int[] ranks = new int[4];
        int found = 0;
        for (int k = 0; k < liveCount; k++) {
            int g = liveShapes[k];
            if (headValue[g] != best) {
                continue;
            }
            for (int p = head[g]; p >= 0; p = next[p]) {
                int job = index.byShape()[p];
                if (utilities.value(job, slotEnd) != best) {
                    break;
                }
                if (found == ranks.length) {
                    ranks = Arrays.copyOf(ranks, 2 * found);
                }
                ranks[found++] = index.rank()[job];
            }
        }
        Arrays.sort(ranks, 0, found);
        int[] jobs = new int[found];
        for (int k = 0; k < found; k++) {
            jobs[k] = index.byId()[ranks[k]];
        }
        return jobs;
    }

    /** The longest remaining job, the smaller id first among equally long ones. */
    int longest() {
        while (!left[index.longestFirst()[longestCursor]]) {
            longestCursor++;
        }
        return index.longestFirst()[longestCursor];
    }
}
