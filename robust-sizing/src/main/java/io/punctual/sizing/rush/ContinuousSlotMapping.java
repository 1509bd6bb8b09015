package io.punctual.sizing.rush;

import java.util.List;

/**
 * RUSH Algorithm 4 (§III-C, "Continuous Time Slot Mapping"): turns completion targets into uninterrupted container
 * slots. Jobs are taken in target order. Each job's demand η_i is cut into slots of R_i seconds (the last one
 * shorter, so the job gets exactly η_i); the job fills a container with consecutive slots for as long as each new
 * slot would <em>start</em> before T_i, then moves to another container, until its demand is placed.
 *
 * <p>Guarantee (Theorem 3): if the targets satisfy condition (12) — as onion peeling's do — every job completes by
 * T_i + R_i. Each container is busy without gaps from {@code now}, so when job i comes, the jobs before it occupy
 * at most their own demand of the C·(T_i − now) container-seconds before T_i; by (12) the rest is at least η_i, and
 * the job uses all of it on every container it visits, overrunning T_i by less than one slot. One container runs
 * one slot at a time, so capacity is never exceeded.
 *
 * <p>Deviations from the pseudocode. The paper starts every job at container 1 and walks up; this takes containers
 * least busy first, from a ring kept sorted by free time (ties by index). The guarantee's argument does not depend
 * on the order, and the ring avoids scanning containers already full past T_i: the cost is O(N log N + runs ·
 * log k) for a job touching k containers, rather than O(N·C). The pseudocode's
 * ⌊(T_i − O_k)/R_i⌋ would never overrun T_i and can strand demand; the text's rule ("until the queue occupation is
 * larger than T_i") is the one that yields Theorem 3, and is the one used. Targets that violate (12) are still
 * mapped: the job then continues one slot at a time on the least-busy container and completes late, as
 * {@link JobSlots#lateness()} shows.
 */
public final class ContinuousSlotMapping {

    private ContinuousSlotMapping() {
    }

    /** Maps the targets of {@code peeling} onto its containers. */
    public static SlotPlan map(PeelingResult peeling) {
        return map(peeling.targets(), peeling.containers(), peeling.now());
    }

    /**
     * Maps {@code targets} onto {@code containers} containers free from {@code now}. The plan lists jobs in the
     * order of {@code targets}.
     */
    public static SlotPlan map(List<CompletionTarget> targets, int containers, double now) {
        if (containers < 1) {
            throw new IllegalArgumentException("capacity C must be at least 1 container, got " + containers);
        }
        if (!Double.isFinite(now)) {
            throw new IllegalArgumentException("now must be a finite time, got " + now);
        }
        ContainerRing leastBusy = new ContainerRing(containers, now);
        double[] due = new double[targets.size()];
        int[] index = new int[targets.size()];
        for (int i = 0; i < due.length; i++) {
            due[i] = targets.get(i).target();
            index[i] = i;
        }
        SlotPlan.Builder plan = new SlotPlan.Builder(targets, containers);
        for (int i : KeyOrder.ascending(due, index, due.length)) {
            place(i, targets.get(i), leastBusy, now, plan);
        }
        return plan.build();
    }

    private static void place(int index, CompletionTarget target, ContainerRing leastBusy, double now,
                              SlotPlan.Builder plan) {
        RushJob job = target.job();
        double slot = job.slotSeconds();
        double perSlot = 1.0 / slot;
        double left = job.demand();
        double negligible = 1e-9 * job.demand();
        double completion = now;
        plan.startJob(index);
        while (left > negligible) {
            if (leastBusy.isEmpty()) {
                leastBusy.restore();
            }
            int container = leastBusy.frontContainer();
            double start = leastBusy.frontFreeAt();
            long needed = (long) Math.ceil(left * perSlot - 1e-9);
            long fitting = start < target.target() ? (long) Math.ceil((target.target() - start) * perSlot) : 1;
            long slots = Math.max(1, Math.min(needed, fitting));
            double work = Math.min(left, slots * slot);
            plan.addRun(index, container, start, slots, work);
            leastBusy.takeFront(start + work);
            completion = Math.max(completion, start + work);
            left -= work;
        }
        leastBusy.restore();
        plan.finishJob(index, completion);
    }
}
