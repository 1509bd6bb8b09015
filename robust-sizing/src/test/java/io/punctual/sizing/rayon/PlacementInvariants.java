package io.punctual.sizing.rayon;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.Resources;
import io.punctual.sizing.rayon.plan.PlanView;
import io.punctual.sizing.rayon.plan.Segment;
import io.punctual.sizing.rayon.planning.AtomAllocation;
import io.punctual.sizing.rayon.planning.Lease;
import io.punctual.sizing.rayon.planning.Placement;
import io.punctual.sizing.rayon.rdl.NormalForm;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks a placement against the RDL semantics of Rayon Section 3.1, independently of how the planners work: every
 * atom inside its window, at each instant 0 or a multiple of g within [g, h] bundles, every lease at least l,
 * exactly its work (rounded up to whole steps and gangs), orders strictly sequential, exactly one any alternative.
 */
public final class PlacementInvariants {

    private PlacementInvariants() {
    }

    public static void assertValid(NormalForm form, Placement.Placed placed, long step) {
        Map<Integer, AtomAllocation> byId = new HashMap<>();
        for (AtomAllocation a : placed.atoms()) {
            assertThat(byId.put(a.atom().id(), a)).as("atom %s placed twice", a.atom().id()).isNull();
            assertAtom(a, step);
        }
        long[] span = structure(form, byId);
        assertThat(byId).as("placed atoms that the expression did not choose").isEmpty();
        assertThat(span).isNotNull();
    }

    public static void assertAtom(AtomAllocation a, long step) {
        NormalForm.Atom atom = a.atom();
        long leaseSteps = ceilDiv(atom.minLeaseSeconds(), step);
        for (Lease lease : a.leases()) {
            assertThat(lease.start()).as("lease start in window of %s", atom.describe()).isGreaterThanOrEqualTo(atom.start());
            assertThat(lease.end()).as("lease end in window of %s", atom.describe()).isLessThanOrEqualTo(atom.end());
            assertThat(lease.end() - lease.start()).as("lease of %s at least l", atom.describe())
                    .isGreaterThanOrEqualTo(leaseSteps * step);
            assertThat(Math.floorMod(lease.start(), step)).isZero();
            assertThat(Math.floorMod(lease.end(), step)).isZero();
            assertThat(lease.bundles() % atom.minParallel()).as("whole gangs").isZero();
        }
        for (Segment s : a.bundlesOverTime()) {
            long bundles = s.amount().vcores();
            assertThat(bundles).as("bundles of %s at %s", atom.describe(), s.start())
                    .isBetween((long) atom.minParallel(), (long) atom.maxParallel());
            assertThat(bundles % atom.minParallel()).isZero();
        }
        long expected = ceilDiv(ceilDiv(atom.work(), step), atom.minParallel()) * atom.minParallel() * step;
        assertThat(a.work()).as("work of %s", atom.describe()).isEqualTo(expected);
        if (step == 1 && atom.work() % atom.minParallel() == 0) {
            assertThat(a.work()).isEqualTo(atom.work());
        }
    }

    /** Removes checked atoms from {@code left}; returns [first start, last end] or {MAX, MIN} when nothing runs. */
    private static long[] structure(NormalForm form, Map<Integer, AtomAllocation> left) {
        if (form instanceof NormalForm.Atom atom) {
            AtomAllocation a = left.remove(atom.id());
            assertThat(a).as("atom %s must be placed", atom.describe()).isNotNull();
            return new long[] {a.start(), a.end()};
        }
        if (form instanceof NormalForm.Any any) {
            long[] chosen = null;
            int count = 0;
            for (NormalForm alternative : any.alternatives()) {
                boolean placed = alternative.atoms().stream().anyMatch(x -> left.containsKey(x.id()));
                if (placed) {
                    count++;
                    chosen = structure(alternative, left);
                }
            }
            assertThat(count).as("exactly one alternative of any").isEqualTo(1);
            return chosen;
        }
        List<NormalForm> parts = form instanceof NormalForm.All all ? all.parts() : ((NormalForm.Order) form).stages();
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (NormalForm part : parts) {
            long[] span = structure(part, left);
            if (form instanceof NormalForm.Order && span[0] != Long.MAX_VALUE) {
                assertThat(span[0]).as("order stage starts after the previous one ended").isGreaterThanOrEqualTo(last);
            }
            first = Math.min(first, span[0]);
            last = Math.max(last, span[1]);
        }
        return new long[] {first, last};
    }

    /** No instant of the plan holds more than its capacity. */
    public static void assertWithinCapacity(PlanView plan, long from, long to) {
        Resources capacity = plan.capacity();
        for (Segment s : plan.usedSegments(from, to)) {
            assertThat(s.amount().fitsIn(capacity)).as("%s within %s", s, capacity).isTrue();
        }
    }

    static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }
}
