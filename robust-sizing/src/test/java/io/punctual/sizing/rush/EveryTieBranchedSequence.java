package io.punctual.sizing.rush;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The completion order {@link BackwardOnionPeeling} builds from the last slot to the first, for one round. Jobs are
 * always visited in id order and ties are broken by length, then id, so the order depends on the jobs and never on
 * the order they were given in.
 *
 * <p>Exact ties in the greatest utility at the end of the slot (two jobs worth the same there) are where the exchange
 * argument cannot choose: each tied job is as good for this layer, but which one goes last decides what the others
 * earn earlier. Such ties are settled by solving the rest of the round once per distinct tied job and keeping the
 * lexicographically best utility vector. Ties between distinct jobs need equal utilities to the last bit, so in
 * practice this runs only on hand-written or integer inputs; a budget of {@value #BRANCH_BUDGET} sub-rounds bounds the
 * cost, after which ties fall back to the longest job, then the smallest id. Ties at zero utility (overload) are
 * always settled that way: which jobs earn nothing is the documented heuristic of {@link BackwardOnionPeeling}.
 */
final class EveryTieBranchedSequence {

    static final int BRANCH_BUDGET = 10_000;

    private final List<RushJob> jobs;
    private final UtilityTable utilities;
    private final double[] length;
    private final double now;
    private final Integer[] byId;
    private int branchesLeft = BRANCH_BUDGET;
    private boolean ranOutOfBudget;

    EveryTieBranchedSequence(List<RushJob> jobs, int containers, double now) {
        this.jobs = jobs;
        this.utilities = new UtilityTable(jobs);
        this.now = now;
        int n = jobs.size();
        length = new double[n];
        byId = new Integer[n];
        for (int i = 0; i < n; i++) {
            length[i] = jobs.get(i).demand() / containers;
            byId[i] = i;
        }
        Arrays.sort(byId, (a, b) -> jobs.get(a).id().compareTo(jobs.get(b).id()));
    }

    /** Whether some tie was settled by the fallback because the budget was spent, in the last {@link #sequence}. */
    boolean ranOutOfBudget() {
        return ranOutOfBudget;
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
        List<Integer> backward = new ArrayList<>();
        List<Integer> front = List.of();
        double slotEnd = end;
        while (true) {
            slotEnd = placeFlat(left, slotEnd, backward);
            List<Integer> tied = bestAt(left, slotEnd);
            if (tied.isEmpty()) {
                break;
            }
            if (tied.size() > 1 && utilities.value(tied.get(0), slotEnd) > 0) {
                if (branchesLeft > 0) {
                    front = bestBranch(left, slotEnd, tied);
                    break;
                }
                ranOutOfBudget = true;
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
     * Puts last every job that earns as much completing at {@code end} as running first: it loses nothing there,
     * and the time it frees can only help the others. Repeated, as each one placed shortens the slot for the rest.
     */
    private double placeFlat(boolean[] left, double end, List<Integer> backward) {
        double slotEnd = end;
        boolean placed = true;
        while (placed) {
            placed = false;
            for (int i : byId) {
                if (left[i] && utilities.value(i, slotEnd) >= utilities.value(i, now + length[i])) {
                    backward.add(i);
                    left[i] = false;
                    slotEnd -= length[i];
                    placed = true;
                }
            }
        }
        return slotEnd;
    }

    /** The remaining jobs worth the most when completing at {@code end}, in id order; empty when none remain. */
    private List<Integer> bestAt(boolean[] left, double end) {
        List<Integer> best = new ArrayList<>();
        double bestValue = Double.NEGATIVE_INFINITY;
        for (int i : byId) {
            if (!left[i] || utilities.isSigmoid(i) && utilities.upperBound(i, end) < bestValue) {
                continue;
            }
            double value = utilities.value(i, end);
            if (value > bestValue) {
                best.clear();
                bestValue = value;
            }
            if (value == bestValue) {
                best.add(i);
            }
        }
        return best;
    }

    /**
     * The order of the {@code left} jobs, ending at {@code end}, that puts last the tied job leaving the rest of the
     * round lexicographically best.
     */
    private List<Integer> bestBranch(boolean[] left, double end, List<Integer> tied) {
        int pick = -1;
        List<Integer> best = null;
        double[] bestVector = null;
        for (int candidate : distinct(tied)) {
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

    /** The tied jobs with identical twins (same demand, same utility) dropped: going last, twins give one vector. */
    private List<Integer> distinct(List<Integer> tied) {
        List<Integer> kept = new ArrayList<>();
        for (int i : tied) {
            boolean twin = kept.stream().anyMatch(k -> length[k] == length[i]
                    && jobs.get(k).utility().equals(jobs.get(i).utility()));
            if (!twin) {
                kept.add(i);
            }
        }
        return kept;
    }

    private int canonical(List<Integer> tied) {
        int pick = tied.get(0);
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
