package io.punctual.sizing.rayon.planning;

import io.punctual.sizing.Resources;
import io.punctual.sizing.rayon.plan.PlanView;
import io.punctual.sizing.rayon.plan.Segment;
import io.punctual.sizing.rayon.plan.StepFunction;
import java.util.ArrayList;
import java.util.List;

/**
 * A plan as one reservation's placement sees it while in progress: the read-only base plus the atoms placed so far,
 * with marks to undo a failed {@code any} alternative. Lives for one {@link Planner#place} call.
 */
final class TentativePlan {

    private final PlanView base;
    private final StepFunction pending = new StepFunction();
    private final List<AtomAllocation> journal = new ArrayList<>();

    TentativePlan(PlanView base) {
        this.base = base;
    }

    Resources capacity() {
        return base.capacity();
    }

    long step() {
        return base.step();
    }

    /** Use over [from, to) by the base plan and the pending atoms together. */
    List<Segment> usedSegments(long from, long to) {
        if (pending.isZero()) {
            return base.usedSegments(from, to);
        }
        List<Segment> a = base.usedSegments(from, to);
        List<Segment> b = pending.segments(from, to);
        List<Segment> out = new ArrayList<>(a.size() + b.size());
        int i = 0;
        int j = 0;
        long at = from;
        while (at < to) {
            Segment x = a.get(i);
            Segment y = b.get(j);
            long end = Math.min(x.end(), y.end());
            out.add(new Segment(at, end, x.amount().plus(y.amount())));
            at = end;
            if (x.end() == end) {
                i++;
            }
            if (y.end() == end) {
                j++;
            }
        }
        return out;
    }

    void add(AtomAllocation allocation) {
        for (Lease l : allocation.leases()) {
            pending.add(l.start(), l.end(), allocation.atom().bundle().times(l.bundles()));
        }
        journal.add(allocation);
    }

    int mark() {
        return journal.size();
    }

    void rollback(int mark) {
        while (journal.size() > mark) {
            AtomAllocation a = journal.remove(journal.size() - 1);
            for (Lease l : a.leases()) {
                pending.subtract(l.start(), l.end(), a.atom().bundle().times(l.bundles()));
            }
        }
    }
}
