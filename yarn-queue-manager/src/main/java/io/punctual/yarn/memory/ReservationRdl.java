package io.punctual.yarn.memory;

import io.punctual.sizing.rayon.plan.Segment;
import io.punctual.sizing.rayon.planning.Placement;
import io.punctual.sizing.rayon.rdl.Rdl;
import io.punctual.yarn.AllocationStep;
import io.punctual.yarn.ReservationSpec;
import io.punctual.yarn.StageRequest;
import java.time.Instant;
import java.util.List;

/**
 * A YARN reservation request in Rayon's RDL (SoCC 2014, Section 3.1), so robust-sizing's planners can place it, and
 * their placement back as YARN's allocation steps. Times are milliseconds since the epoch: YARN's agent places
 * reservations to the millisecond (a window exactly as long as its stage, opening at any millisecond, is accepted),
 * and Rayon's plans and planners work in any time unit, since they walk runs of equal capacity, never single steps.
 *
 * <p>A stage of {@code n} containers of capability {@code c}, {@code k} at a time, each for {@code d}, is
 * {@code atom(c, k, n, d, n·d)}: what YARN's ReservationRequest means. {@code ORDER_NO_GAP} has no RDL operator; it
 * is planned as {@code order}, which allows gaps between stages YARN's agent would not leave.
 */
final class ReservationRdl {

    private ReservationRdl() {
    }

    /** {@code window(e, from, to)} where {@code e} combines the stages as {@code spec.combine()} says. */
    static Rdl request(ReservationSpec spec, long from, long to) {
        List<Rdl> atoms = spec.stages().stream().<Rdl>map(ReservationRdl::atom).toList();
        Rdl combined = atoms.size() == 1 ? atoms.get(0) : switch (spec.combine()) {
            case ALL -> new Rdl.All(atoms);
            case ANY -> new Rdl.Any(atoms);
            case ORDER, ORDER_NO_GAP -> new Rdl.Order(atoms);
        };
        return Rdl.window(combined, from, to);
    }

    static Rdl.Atom atom(StageRequest stage) {
        long lease = Math.max(1, stage.duration().toMillis());
        return Rdl.atom(stage.capability(), stage.concurrency(), stage.containers(), lease,
                Math.multiplyExact(lease, stage.containers()));
    }

    /** The placement's total over time, one step per constant stretch, zero stretches left out. */
    static List<AllocationStep> steps(Placement.Placed placed) {
        return placed.total().stream().map(ReservationRdl::step).toList();
    }

    private static AllocationStep step(Segment segment) {
        return new AllocationStep(Instant.ofEpochMilli(segment.start()), Instant.ofEpochMilli(segment.end()),
                segment.amount());
    }
}
