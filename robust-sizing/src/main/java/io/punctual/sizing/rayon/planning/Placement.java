package io.punctual.sizing.rayon.planning;

import io.punctual.sizing.rayon.plan.Segment;
import io.punctual.sizing.rayon.plan.StepFunction;
import java.util.List;
import java.util.Objects;

/** A planner's answer for one reservation: where each atom goes, or why it cannot be placed. */
public sealed interface Placement permits Placement.Placed, Placement.Infeasible {

    /** Every atom that must run (for {@code any}, those of the chosen alternative) with its leases. */
    record Placed(List<AtomAllocation> atoms) implements Placement {
        public Placed {
            atoms = List.copyOf(atoms);
        }

        /** The reservation's total allocation over time: non-zero segments in time order. */
        public List<Segment> total() {
            StepFunction f = new StepFunction();
            for (AtomAllocation a : atoms) {
                for (Lease l : a.leases()) {
                    f.add(l.start(), l.end(), a.atom().bundle().times(l.bundles()));
                }
            }
            return f.nonZeroSegments();
        }
    }

    record Infeasible(String reason) implements Placement {
        public Infeasible {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
