package io.punctual.sizing.rush;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * RUSH's onion peeling (§III-B, Algorithm 3) computed from the outside in: the same lexicographic max-min targets,
 * found by fixing the <em>last</em> job to complete instead of bisecting on the lowest utility level.
 *
 * <p>Why this is the same optimum. With divisible demand on C containers and every job available now, a feasible
 * set of targets is realised by running jobs one after another at full width in target order (Theorem 2's EDF
 * argument), so it suffices to choose an order. Whatever the order, the last job completes at
 * E = now + Σ η_i / C. Put last the job j with the greatest U_j(E): were a lexicographically optimal order to end
 * with some k where U_k(E) &lt; U_j(E), moving j to the end would raise every job behind it — k among them, from
 * U_k(E) — while j keeps more than U_k(E), a lexicographic improvement (Lawler's exchange argument for 1‖f_max,
 * applied lexicographically). Then repeat on the rest, ending at E − η_j/C.
 *
 * <p>Where utilities are flat the exchange gains nothing, so two rules come first:
 * <ul>
 *   <li>a job whose utility is the same wherever it can still complete (constant utilities; linear ones that earn
 *       nothing even if run first; any utility flat over [now + η/C, end of the remaining slot]) loses nothing by
 *       going last, so such jobs go last — checked again each time the slot shrinks, as shrinking makes more jobs
 *       flat; this is exact;</li>
 *   <li>among candidates worth exactly the same at the end of the slot, the exchange argument cannot choose, and
 *       which one goes last decides what the others earn: the rest of the round is solved for each and the
 *       lexicographically best kept ({@link BackwardSequence}); ties left after that, and ties at zero utility,
 *       go to the longer job, then the smaller id, so the result never depends on the input order.</li>
 * </ul>
 * The result is exactly lexicographic max-min whenever the optimum gives every linear job that could earn
 * something positive utility. In overload, when some of them must earn zero, which ones do is a heuristic (longest
 * first, as Moore–Hodgson does); the least utility is still maximal, since the backward rule is Lawler's optimal
 * rule for the bottleneck.
 *
 * <p>Targets are the completion times of that order: T_i = now + (η of i and everything before it) / C, and the
 * utility reported is U_i(T_i). Cost without exact ties between different utility functions: one layer per job
 * placed, each reading the head of every utility shape (kind, W, β: within a shape the latest budget is worth the
 * most) and the few jobs that might be flat, found in a max tree over per-job thresholds — O(N·(S + log N)) utility
 * evaluations for S shapes, which an admission queue keeps to a handful; O(N²) when every job has its own shape —
 * and no bisection, against O(N² log N · log(1/Δ)) for {@link BisectionOnionPeeling} (jobs sharing a utility
 * function tie everywhere but cost nothing extra, as the longest of them goes last).
 */
public final class BackwardOnionPeeling implements OnionPeeling {

    @Override
    public PeelingResult peel(List<RushJob> jobs, int containers, double now) {
        RoundArguments.check(jobs, containers, now);
        double totalDemand = jobs.stream().mapToDouble(RushJob::demand).sum();
        int[] sequence = new BackwardSequence(jobs, containers, now).sequence(totalDemand, containers);
        return result(jobs, containers, now, sequence);
    }

    private static PeelingResult result(List<RushJob> jobs, int containers, double now, int[] sequence) {
        double[] target = new double[jobs.size()];
        Arrays.fill(target, now);
        double done = 0;
        for (int job : sequence) {
            done += jobs.get(job).demand();
            target[job] = now + done / containers;
        }
        List<CompletionTarget> targets = new ArrayList<>(jobs.size());
        for (int i = 0; i < jobs.size(); i++) {
            RushJob job = jobs.get(i);
            targets.add(new CompletionTarget(job, target[i], job.utility().at(target[i])));
        }
        return new PeelingResult(targets, containers, now);
    }
}
