package io.punctual.sizing.rayon.plan;

import io.punctual.sizing.Resources;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Read side of a Rayon plan (SoCC 2014, Section 5): the cluster's capacity, what admitted reservations use over
 * time, and who they belong to. Planners read a view and return a decision; only a {@link PlanEdit} changes a plan
 * (the split Hadoop draws between {@code PlanView} and {@code PlanEdit}).
 *
 * <p>All times are seconds; every stored boundary is a multiple of {@link #step()}.
 */
public interface PlanView {

    /** Physical capacity, constant over time. */
    Resources capacity();

    /** Time granularity in seconds: allocations start and end on multiples of it. */
    long step();

    Resources usedAt(long time);

    /** Resources in use over [from, to), as consecutive segments covering it exactly. */
    List<Segment> usedSegments(long from, long to);

    default Resources freeAt(long time) {
        return capacity().minusFloored(usedAt(time));
    }

    /** What one team's admitted reservations use over [from, to), as consecutive segments covering it. */
    List<Segment> teamSegments(String team, long from, long to);

    Optional<Reservation> reservation(String id);

    Collection<Reservation> reservations();

    /** An admitted reservation: its owner and its total allocation as non-zero segments in time order. */
    record Reservation(String id, String team, List<Segment> allocation) {
        public Reservation {
            allocation = List.copyOf(allocation);
        }
    }
}
