package io.punctual.sizing.rayon.planning;

import io.punctual.sizing.Resources;
import io.punctual.sizing.rayon.plan.Segment;
import io.punctual.sizing.rayon.plan.StepFunction;
import io.punctual.sizing.rayon.rdl.NormalForm;
import java.util.List;
import java.util.Objects;

/**
 * Where one atom was placed: its leases. Leases of one atom may overlap in time; their sum at any instant is 0 or
 * a multiple of g between g and h, and each lasts at least l (rounded up to the plan step).
 */
public record AtomAllocation(NormalForm.Atom atom, List<Lease> leases) {

    public AtomAllocation {
        Objects.requireNonNull(atom, "atom");
        leases = List.copyOf(leases);
    }

    /** Total bundle-seconds placed. */
    public long work() {
        return leases.stream().mapToLong(Lease::work).sum();
    }

    /** Earliest lease start, or {@code Long.MAX_VALUE} when nothing was placed (a void atom). */
    public long start() {
        return leases.stream().mapToLong(Lease::start).min().orElse(Long.MAX_VALUE);
    }

    /** Latest lease end, or {@code Long.MIN_VALUE} when nothing was placed. */
    public long end() {
        return leases.stream().mapToLong(Lease::end).max().orElse(Long.MIN_VALUE);
    }

    /** Bundles held at each instant, as non-zero segments whose amount counts bundles in its vcores field. */
    public List<Segment> bundlesOverTime() {
        StepFunction f = new StepFunction();
        leases.forEach(l -> f.add(l.start(), l.end(), Resources.of(l.bundles(), 0)));
        return f.nonZeroSegments();
    }

    /** Resources held over time. */
    public List<Segment> resourcesOverTime() {
        StepFunction f = new StepFunction();
        leases.forEach(l -> f.add(l.start(), l.end(), atom.bundle().times(l.bundles())));
        return f.nonZeroSegments();
    }
}
