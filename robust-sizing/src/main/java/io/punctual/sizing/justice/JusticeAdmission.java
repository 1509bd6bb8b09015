package io.punctual.sizing.justice;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Justice's admission control (Justice paper, Algorithm 4 and Section 2.2) as a pure decision over a snapshot:
 * <ol>
 *   <li>every running job past its deadline whose {@code requestedTasks} exceed the kill threshold is killed;
 *       smaller violators run on so Justice still learns from its misses;</li>
 *   <li>every queued job is re-estimated with its time to deadline (ESTIMATE_REQ); it is dropped when no time is
 *       left or its need exceeds {@code min(tasks, capacity)};</li>
 *   <li>the rest go into a min-heap on {@code reqCpus / TTD}, so small jobs with distant deadlines come first
 *       (the paper's policy for meeting the most deadlines);</li>
 *   <li>CREATE_OFFERS: in heap order, a job is admitted only if its whole request fits in what is still free
 *       (all-or-nothing); a job that does not fit waits and smaller jobs behind it may still be admitted.</li>
 * </ol>
 * The paper's bootstrap of giving a job "the CPUs available" when its full request does not fit is not taken:
 * offers here are always all-or-nothing, so an admitted job always has the size it was estimated to need.
 * Ties in priority go to the earlier submission, then to the smaller id, so a round is deterministic.
 */
public final class JusticeAdmission {

    private final int killAboveTasks;

    /**
     * @param killAboveTasks deadline violators with more tasks than this are killed; {@code Integer.MAX_VALUE}
     *                       never kills
     */
    public JusticeAdmission(int killAboveTasks) {
        if (killAboveTasks < 0) {
            throw new IllegalArgumentException("killAboveTasks must be ≥ 0 (Integer.MAX_VALUE to never kill), got "
                    + killAboveTasks);
        }
        this.killAboveTasks = killAboveTasks;
    }

    public int killAboveTasks() {
        return killAboveTasks;
    }

    /** One admission round: what to kill, drop, admit and leave waiting, given what Justice has learned. */
    public AdmissionRound decide(JusticeState state, AdmissionSnapshot snapshot) {
        List<AdmissionDecision> decisions = new ArrayList<>(snapshot.queued().size() + 16);
        addKills(snapshot, decisions);
        PriorityQueue<Candidate> heap = new PriorityQueue<>(candidates(state.allocationFraction(), snapshot,
                decisions));
        int free = snapshot.freeCpus();
        while (!heap.isEmpty()) {
            Candidate next = heap.poll();
            if (next.size.grantedCpus() <= free) {
                free -= next.size.grantedCpus();
                decisions.add(new AdmissionDecision.Admit(next.job, next.size, next.priority.value()));
            } else {
                decisions.add(new AdmissionDecision.Wait(next.job, next.size, next.priority.value()));
            }
        }
        return new AdmissionRound(decisions, snapshot.freeCpus(), free);
    }

    private void addKills(AdmissionSnapshot snapshot, List<AdmissionDecision> decisions) {
        for (RunningJob job : snapshot.running()) {
            Instant due = job.dueAt();
            if (snapshot.now().isAfter(due) && job.tasks() > killAboveTasks) {
                decisions.add(new AdmissionDecision.Kill(job, Duration.between(due, snapshot.now()), killAboveTasks));
            }
        }
    }

    /** Adds a drop for every infeasible job and returns the feasible ones, ready to heapify. */
    private static List<Candidate> candidates(AllocationFraction fraction, AdmissionSnapshot snapshot,
                                              List<AdmissionDecision> decisions) {
        List<Candidate> feasible = new ArrayList<>(snapshot.queued().size());
        for (QueuedJob job : snapshot.queued()) {
            JobDemand demand = job.demandAt(snapshot.now(), snapshot.capacityCpus());
            CpuEstimate estimate = JusticeEstimator.estimate(fraction, demand);
            if (estimate instanceof CpuEstimate.Sized size) {
                feasible.add(new Candidate(job, size, AdmissionPriority.of(job.id(), size.cpus(), job.submittedAt(),
                        demand.timeToDeadline())));
            } else {
                decisions.add(new AdmissionDecision.Drop(job, (CpuEstimate.Unmeetable) estimate));
            }
        }
        return feasible;
    }

    /** A heap entry ordered by the paper's priority {@code reqCpus / TTD}, ascending. */
    private record Candidate(QueuedJob job, CpuEstimate.Sized size, AdmissionPriority priority)
            implements Comparable<Candidate> {
        @Override
        public int compareTo(Candidate other) {
            return priority.compareTo(other.priority);
        }
    }
}
