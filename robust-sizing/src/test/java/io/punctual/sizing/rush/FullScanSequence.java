package io.punctual.sizing.rush;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link BackwardSequence} as it was before {@link RemainingJobs}: the same layers, decided by reading every remaining
 * job in each pass (flat test and best at the slot end fused into one pass over a compacted list, in id order), and
 * the longest of the jobs sharing a utility function as the only branch candidate among them. Kept to pin the
 * indexed sequence to it on rounds where {@link EveryTieBranchedSequence}, which branches on every tie, can order
 * equal-function jobs differently. It evaluates every utility exactly where the original skipped some by sound
 * bounds, which cannot change what it chooses.
 */
final class FullScanSequence {

    static final int BRANCH_BUDGET = 10_000;

    private final List<RushJob> jobs;
    private final UtilityTable utilities;
    private final double[] length;
    /** What each job earns running first, completing at now + its length: the bar for being flat. */
    private final double[] earliest;
    /** Scratch for one pass: each remaining job's value at the slot end, −∞ where the pass did not need it. */
    private final double[] seen;
    private final int[] tiedScratch;
    private final double now;
    private final int[] byId;
    private int branchesLeft = BRANCH_BUDGET;

    FullScanSequence(List<RushJob> jobs, int containers, double now) {
        this.jobs = jobs;
        this.utilities = new UtilityTable(jobs);
        this.now = now;
        int n = jobs.size();
        length = new double[n];
        earliest = new double[n];
        seen = new double[n];
        tiedScratch = new int[n];
        Integer[] sorted = new Integer[n];
        for (int i = 0; i < n; i++) {
            length[i] = jobs.get(i).demand() / containers;
            earliest[i] = utilities.value(i, now + length[i]);
            sorted[i] = i;
        }
        Arrays.sort(sorted, (a, b) -> jobs.get(a).id().compareTo(jobs.get(b).id()));
        byId = Arrays.stream(sorted).mapToInt(Integer::intValue).toArray();
    }

    /** Job indices in completion order, first to finish first. */
    int[] sequence(double totalDemand, int containers) {
        boolean[] remaining = new boolean[jobs.size()];
        List<Integer> first = new ArrayList<>();
        for (int i : byId) {
            if (length[i] == 0) {
                first.add(i);
            } else {
                remaining[i] = true;
            }
        }
        List<Integer> rest = order(remaining, now + totalDemand / containers);
        first.addAll(rest);
        return first.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The order of the {@code remaining} jobs when the last of them completes at {@code end}, first to finish first. */
    private List<Integer> order(boolean[] remaining, double end) {
        boolean[] left = remaining.clone();
        Live live = new Live(byId, left);
        List<Integer> backward = new ArrayList<>();
        List<Integer> front = List.of();
        double slotEnd = end;
        while (true) {
            Layer layer = placeFlatThenBest(left, live, slotEnd, backward);
            slotEnd = layer.slotEnd();
            int[] tied = layer.best();
            if (tied.length == 0) {
                break;
            }
            // Grouping costs a map per layer, so it waits until a branch is possible at all: overload ties at zero
            // involve hundreds of jobs and never branch.
            if (tied.length > 1 && utilities.value(tied[0], slotEnd) > 0 && branchesLeft > 0) {
                List<Integer> candidates = longestPerUtility(tied);
                if (candidates.size() > 1) {
                    front = bestBranch(left, slotEnd, candidates);
                    break;
                }
            }
            int last = canonical(tied);
            backward.add(last);
            left[last] = false;
            slotEnd -= length[last];
        }
        List<Integer> forward = new ArrayList<>(front);
        for (int k = backward.size() - 1; k >= 0; k--) {
            forward.add(backward.get(k));
        }
        return forward;
    }

    /**
     * Where the slot ends once the flat jobs are placed, and the remaining jobs worth the most there, in id order
     * (empty when none remain).
     *
     * @param slotEnd when the slot ends before any flat job is placed
     * @param best    the remaining jobs worth the most when completing at {@code slotEnd}
     */
    private record Layer(double slotEnd, int[] best) {
    }

    /**
     * The jobs not yet placed, in id order, compacted before each pass: passes then cost what is left of the round,
     * not the whole round, and there is one pass per job placed.
     */
    private static final class Live {
        private final int[] ids;
        private int count;

        Live(int[] byId, boolean[] left) {
            ids = byId.clone();
            count = ids.length;
            compact(left);
        }

        void compact(boolean[] left) {
            int kept = 0;
            for (int k = 0; k < count; k++) {
                if (left[ids[k]]) {
                    ids[kept++] = ids[k];
                }
            }
            count = kept;
        }
    }

    /**
     * Puts last every job that earns as much completing at {@code end} as running first: it loses nothing there,
     * and the time it frees can only help the others. Passes repeat while one places a job, as each one placed
     * shortens the slot for the rest; the pass that places none has read every remaining job at the final slot end,
     * so it also collects the best of them, instead of a second sweep evaluating every utility again.
     */
    private Layer placeFlatThenBest(boolean[] left, Live live, double end, List<Integer> backward) {
        double slotEnd = end;
        while (true) {
            double bestValue = Double.NEGATIVE_INFINITY;
            boolean placed = false;
            live.compact(left);
            for (int k = 0; k < live.count; k++) {
                int i = live.ids[k];
                double value = utilities.value(i, slotEnd);
                seen[i] = Double.NEGATIVE_INFINITY;
                if (value >= earliest[i]) {
                    backward.add(i);
                    left[i] = false;
                    slotEnd -= length[i];
                    placed = true;
                } else if (!placed) {
                    seen[i] = value;
                    bestValue = Math.max(bestValue, seen[i]);
                }
            }
            if (!placed) {
                return new Layer(slotEnd, worth(live, bestValue));
            }
        }
    }

    /**
     * The remaining jobs whose value in {@link #seen} is {@code bestValue}, in id order. Collected after the pass
     * rather than during it: in overload hundreds of jobs tie at zero before a better one turns up, and clearing
     * them each time cost more than the pass.
     */
    private int[] worth(Live live, double bestValue) {
        int found = 0;
        for (int k = 0; k < live.count; k++) {
            if (seen[live.ids[k]] == bestValue) {
                tiedScratch[found++] = live.ids[k];
            }
        }
        return Arrays.copyOf(tiedScratch, found);
    }

    /**
     * The order of the {@code left} jobs, ending at {@code end}, that puts last the tied job leaving the rest of the
     * round lexicographically best.
     */
    private List<Integer> bestBranch(boolean[] left, double end, List<Integer> tied) {
        int pick = -1;
        List<Integer> best = null;
        double[] bestVector = null;
        for (int candidate : tied) {
            branchesLeft--;
            boolean[] rest = left.clone();
            rest[candidate] = false;
            List<Integer> order = order(rest, end - length[candidate]);
            order.add(candidate);
            double[] vector = sortedUtilities(order, end);
            int compared = bestVector == null ? 1 : compare(vector, bestVector);
            if (compared > 0 || compared == 0 && before(candidate, pick)) {
                pick = candidate;
                best = order;
                bestVector = vector;
            }
        }
        return best;
    }

    /**
     * Of each group of tied jobs with the same utility function, only the one {@link #before} puts last, in id order.
     * Going last, the longer of two jobs with one utility never does worse: take any order ending with the shorter
     * b, swap it with the longer a wherever a completes, and b finishes (len a − len b) earlier than a did, the jobs
     * between them finish that much earlier too, and a earns at the end what b earned there — no job loses.
     */
    private List<Integer> longestPerUtility(int[] tied) {
        Map<Utility, Integer> pick = new HashMap<>();
        for (int i : tied) {
            pick.merge(jobs.get(i).utility(), i, (kept, next) -> before(next, kept) ? next : kept);
        }
        if (pick.size() == 1) {
            return List.copyOf(pick.values());
        }
        List<Integer> kept = new ArrayList<>(pick.size());
        for (int i : tied) {
            if (pick.get(jobs.get(i).utility()) == i) {
                kept.add(i);
            }
        }
        return kept;
    }

    private int canonical(int[] tied) {
        int pick = tied[0];
        for (int i : tied) {
            if (before(i, pick)) {
                pick = i;
            }
        }
        return pick;
    }

    /** The longer job goes last, freeing the most time for the others; then the smaller id. */
    private boolean before(int job, int than) {
        return than < 0 || length[job] > length[than]
                || length[job] == length[than] && jobs.get(job).id().compareTo(jobs.get(than).id()) < 0;
    }

    /** Utilities of {@code order} (first to finish first) when its last job completes at {@code end}, ascending. */
    private double[] sortedUtilities(List<Integer> order, double end) {
        double[] values = new double[order.size()];
        double completion = end;
        for (int k = order.size() - 1; k >= 0; k--) {
            int job = order.get(k);
            values[k] = utilities.value(job, completion);
            completion -= length[job];
        }
        Arrays.sort(values);
        return values;
    }

    private static int compare(double[] a, double[] b) {
        for (int k = 0; k < a.length; k++) {
            if (a[k] != b[k]) {
                return a[k] > b[k] ? 1 : -1;
            }
        }
        return 0;
    }
}
