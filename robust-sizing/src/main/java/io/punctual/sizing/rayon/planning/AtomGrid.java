package io.punctual.sizing.rayon.planning;

import io.punctual.sizing.Resources;
import io.punctual.sizing.rayon.rdl.NormalForm;
import java.util.ArrayList;
import java.util.List;

/**
 * An atom on the plan's time grid, counted in units of g bundles (Rayon, SoCC 2014, Section 4.1, constraint (6):
 * with g &gt; 1 allocations are multiples of g). Steps of the plan; the window shrinks inward to whole steps, the
 * lease rounds up to whole steps and the work rounds up to whole unit-steps — so with a 1-second step and w a
 * multiple of g, the placed work is exactly w.
 */
record AtomGrid(NormalForm.Atom atom, long step, long lo, long hi, long leaseSteps, long workUnits, long unitsCap,
                Resources unit) {

    /** The grid for {@code atom} when it must end by {@code notAfter} seconds (an {@code order} bound). */
    static AtomGrid of(NormalForm.Atom atom, long step, long notAfter) {
        long lo = ceilDiv(atom.start(), step);
        long hi = Math.floorDiv(Math.min(atom.end(), notAfter), step);
        long g = atom.minParallel();
        long lease = ceilDiv(atom.minLeaseSeconds(), step);
        long work = ceilDiv(ceilDiv(atom.work(), step), g);
        return new AtomGrid(atom, step, lo, Math.max(lo, hi), lease, work, atom.maxParallel() / g,
                atom.bundle().times(g));
    }

    /** The same atom restricted to start no earlier than {@code seconds} (rounded up to a step). */
    AtomGrid startingFrom(long seconds) {
        long from = Math.min(hi, Math.max(lo, ceilDiv(seconds, step)));
        return new AtomGrid(atom, step, from, hi, leaseSteps, workUnits, unitsCap, unit);
    }

    long length() {
        return hi - lo;
    }

    /** Work placed once every unit-step is, in bundle-seconds (at least the atom's w). */
    long placedWork() {
        return workUnits * atom.minParallel() * step;
    }

    AtomAllocation toAllocation(List<UnitLease> units) {
        List<Lease> leases = new ArrayList<>(units.size());
        for (UnitLease u : units) {
            leases.add(new Lease(u.start() * step, u.end() * step, u.units() * atom.minParallel()));
        }
        return new AtomAllocation(atom, leases);
    }

    String window() {
        return "[" + lo * step + ", " + hi * step + ")";
    }

    static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }

    /** {@code units} gangs of g bundles during steps [start, end). */
    record UnitLease(long start, long end, long units) {
        long area() {
            return units * (end - start);
        }
    }
}
