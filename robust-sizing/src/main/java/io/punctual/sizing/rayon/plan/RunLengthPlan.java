package io.punctual.sizing.rayon.plan;

import io.punctual.sizing.Resources;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * An in-memory Rayon plan (SoCC 2014, Section 5.2): total use, per-team use and per-reservation allocations, each a
 * run-length encoded {@link StepFunction}. Checks every change against capacity, so a buggy planner fails loudly
 * instead of over-committing the cluster.
 */
public final class RunLengthPlan implements PlanEdit {

    private final Resources capacity;
    private final long step;
    private final StepFunction used = new StepFunction();
    private final Map<String, StepFunction> byTeam = new HashMap<>();
    private final Map<String, Reservation> reservations = new LinkedHashMap<>();

    public RunLengthPlan(Resources capacity, long stepSeconds) {
        Objects.requireNonNull(capacity, "capacity");
        if (capacity.vcores() <= 0 || capacity.memoryMb() <= 0) {
            throw new IllegalArgumentException("plan capacity must be positive in every resource, got " + capacity);
        }
        if (stepSeconds <= 0) {
            throw new IllegalArgumentException("plan step must be at least 1 second, got " + stepSeconds);
        }
        this.capacity = capacity;
        this.step = stepSeconds;
    }

    /** An independent copy: later changes to either plan do not show in the other. */
    public RunLengthPlan copy() {
        RunLengthPlan c = new RunLengthPlan(capacity, step);
        for (Reservation r : reservations.values()) {
            c.add(r.id(), r.team(), r.allocation());
        }
        return c;
    }

    @Override
    public Resources capacity() {
        return capacity;
    }

    @Override
    public long step() {
        return step;
    }

    @Override
    public Resources usedAt(long time) {
        return used.valueAt(time);
    }

    @Override
    public List<Segment> usedSegments(long from, long to) {
        return used.segments(from, to);
    }

    @Override
    public List<Segment> teamSegments(String team, long from, long to) {
        StepFunction f = byTeam.get(team);
        return f == null ? List.of(new Segment(from, to, Resources.ZERO)) : f.segments(from, to);
    }

    @Override
    public Optional<Reservation> reservation(String id) {
        return Optional.ofNullable(reservations.get(id));
    }

    @Override
    public Collection<Reservation> reservations() {
        return Collections.unmodifiableCollection(reservations.values());
    }

    @Override
    public void add(String id, String team, List<Segment> allocation) {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(team, "team");
        if (reservations.containsKey(id)) {
            throw new IllegalArgumentException("reservation " + id + " is already in the plan; remove it first");
        }
        StepFunction addition = StepFunction.of(allocation);
        for (Segment s : addition.nonZeroSegments()) {
            checkAligned(id, s);
            for (Segment u : used.segments(s.start(), s.end())) {
                Resources after = u.amount().plus(s.amount());
                if (!after.fitsIn(capacity)) {
                    throw new IllegalArgumentException("reservation " + id + " would bring the plan to " + after
                            + " during [" + u.start() + ", " + u.end() + "), over its capacity " + capacity);
                }
            }
        }
        List<Segment> segments = addition.nonZeroSegments();
        StepFunction teamUse = byTeam.computeIfAbsent(team, t -> new StepFunction());
        for (Segment s : segments) {
            used.add(s.start(), s.end(), s.amount());
            teamUse.add(s.start(), s.end(), s.amount());
        }
        reservations.put(id, new Reservation(id, team, segments));
    }

    @Override
    public boolean remove(String id) {
        Reservation r = reservations.remove(id);
        if (r == null) {
            return false;
        }
        StepFunction teamUse = byTeam.get(r.team());
        for (Segment s : r.allocation()) {
            used.subtract(s.start(), s.end(), s.amount());
            teamUse.subtract(s.start(), s.end(), s.amount());
        }
        if (teamUse.isZero()) {
            byTeam.remove(r.team());
        }
        return true;
    }

    /** Number of breakpoints in the total use; how fragmented the plan is. */
    public int breakpoints() {
        return used.breakpoints();
    }

    private void checkAligned(String id, Segment s) {
        if (Math.floorMod(s.start(), step) != 0 || Math.floorMod(s.end(), step) != 0) {
            throw new IllegalArgumentException("reservation " + id + " has a segment [" + s.start() + ", " + s.end()
                    + ") that is not aligned to the plan step of " + step + " s");
        }
    }
}
