package io.punctual.sizing.rush;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The completion order {@link BackwardOnionPeeling} builds from the last slot to the first, for one round. Jobs are
 * always visited in id order and ties are broken by length, then id, so the order depends on the jobs and never on
 * the order they were given in.
 *
 * <p>Exact ties in the greatest utility at the end of the slot (two jobs worth the same there) are where the exchange
 * argument cannot choose: each tied job is as good for this layer, but which one goes last decides what the others
 * earn earlier. Such ties are settled by solving the rest of the round once per tied utility function and keeping
 * the lexicographically best utility vector. Jobs sharing one utility function (one deadline and shape: common in an
 * admission queue) tie at every time, and among them the longest always goes last (see
 * {@link #longestPerUtility}), so they are no reason to branch; branching on them made the cost exponential in the
 * number of such pairs. Ties between different functions need equal utilities to the last bit, so in practice the
 * search runs only on hand-written or integer inputs; a budget of {@value #BRANCH_BUDGET} sub-rounds bounds the cost,
 * after which ties fall back to the longest job, then the smallest id. Ties at zero utility (overload) are always
 * settled that way: which jobs earn nothing is the documented heuristic of {@link BackwardOnionPeeling}.
 *
 * <p>Each layer reads only what {@link RemainingJobs} cannot rule out, and decides from exact utility values, so the
 * order is the one a scan of every remaining job per layer gives (kept as {@code EveryTieBranchedSequence} in the
 * tests): scanning all jobs once per job placed was 4–5 ms of a 1,000-job admission round.
 */
final class BackwardSequence {

    static final int BRANCH_BUDGET = 10_000;

    private final List<RushJob> jobs;
    private final UtilityTable utilities;
    private final double[] length;
    /** What each job earns running first, completing at now + its length: the bar for being flat. */
    private final double[] earliest;
    private final double now;
    private final int[] byId;
    private int branchesLeft = BRANCH_BUDGET;
    private RoundIndex index;

    BackwardSequence(List<RushJob> jobs, int containers, double now) {
        this.jobs = jobs;
        this.utilities = new UtilityTable(jobs);
        this.now = now;
        int n = jobs.size();
        length = new double[n];
        earliest = new double[n];
        for (int i = 0; i < n; i++) {
            length[i] = jobs.get(i).demand() / containers;
            earliest[i] = utilities.value(i, now + length[i]);
        }
        byId = sorted(n, (a, b) -> jobs.get(a).id().compareTo(jobs.get(b).id()));
    }

    /** Job indices in completion order, first to finish first. */
    int[] sequence(double totalDemand, int containers) {
        double end = now + totalDemand / containers;
        index = index(end);
        boolean[] remaining = new boolean[jobs.size()];
        List<Integer> first = new ArrayList<>();
        for (int i : byId) {
            if (length[i] == 0) {
                first.add(i);
            } else {
                remaining[i] = true;
            }
        }
        List<Integer> rest = order(remaining, end);
        first.addAll(rest);
        return first.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The round's orders for {@link RemainingJobs}; {@code end} is when the round's last job completes. */
    private RoundIndex index(double end) {
        int n = jobs.size();
        int[] rank = new int[n];
        double[] worthLessFrom = new double[n];
        for (int r = 0; r < n; r++) {
            rank[byId[r]] = r;
        }
        for (int i = 0; i < n; i++) {
            worthLessFrom[i] = utilities.worthLessFrom(i, now + length[i], earliest[i], end);
        }
        int[] byShape = sorted(n, (a, b) -> {
            int shape = utilities.compareShape(a, b);
            return shape != 0 ? shape : Double.compare(utilities.budget(b), utilities.budget(a));
        });
        int[] shapeOf = new int[n];
        int[] shapePosition = new int[n];
        int[] starts = new int[n + 1];
        int shapes = 0;
        for (int p = 0; p < n; p++) {
            if (p == 0 || utilities.compareShape(byShape[p - 1], byShape[p]) != 0) {
                starts[shapes++] = p;
            }
            shapeOf[byShape[p]] = shapes - 1;
            shapePosition[byShape[p]] = p;
        }
        starts[shapes] = n;
        int[] longestFirst = sorted(n, (a, b) -> before(a, b) ? -1 : before(b, a) ? 1 : 0);
        return new RoundIndex(byId, rank, byShape, Arrays.copyOf(starts, shapes + 1), shapeOf, shapePosition,
                longestFirst, worthLessFrom);
    }

    private static int[] sorted(int n, Comparator<Integer> order) {
        Integer[] sorted = new Integer[n];
        for (int i = 0; i < n; i++) {
            sorted[i] = i;
        }
        Arrays.sort(sorted, order);
        return Arrays.stream(sorted).mapToInt(Integer::intValue).toArray();
    }

    /** The order of the {@code remaining} jobs when the last of them completes at {@code end}, first to finish first. */
    private List<Integer> order(boolean[] remaining, double end) {
        RemainingJobs left = new RemainingJobs(index, utilities, remaining);
        List<Integer> backward = new ArrayList<>();
        List<Integer> front = List.of();
        double slotEnd = end;
        while (true) {
            slotEnd = placeFlat(left, slotEnd, backward);
            if (left.isEmpty()) {
                break;
            }
            double bestValue = left.bestValue(slotEnd);
            // At zero every remaining job ties (utilities are never negative) and none branches: the longest goes.
            int last = bestValue > 0 ? -1 : left.longest();
            if (last < 0) {
                int[] tied = left.worth(slotEnd, bestValue);
                List<Integer> candidates = tied.length > 1 && branchesLeft > 0 ? longestPerUtility(tied) : List.of();
                if (candidates.size() > 1) {
                    front = bestBranch(left.mask(), slotEnd, candidates);
                    break;
                }
                last = canonical(tied);
            }
            backward.add(last);
            left.remove(last);
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
     * and the time it frees can only help the others. Passes go through the jobs in id order and repeat while one
     * places a job, as each one placed shortens the slot for the rest; a pass reads only the jobs that
     * {@link RemainingJobs#nextFlatCandidate} cannot rule out, which places the same jobs in the same order as
     * reading them all. Returns where the slot ends once they are placed.
     */
    private double placeFlat(RemainingJobs left, double end, List<Integer> backward) {
        double slotEnd = end;
        boolean placed = false;
        int after = -1;
        while (true) {
            int rank = left.nextFlatCandidate(after, slotEnd);
            if (rank < 0) {
                if (!placed) {
                    return slotEnd;
                }
                placed = false;
                after = -1;
                continue;
            }
            int i = byId[rank];
            if (utilities.value(i, slotEnd) >= earliest[i]) {
                backward.add(i);
                left.remove(i);
                slotEnd -= length[i];
                placed = true;
            }
            after = rank;
        }
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
