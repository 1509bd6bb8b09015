package io.punctual.sizing.rayon.planning;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.Resources;
import io.punctual.sizing.rayon.PlacementInvariants;
import io.punctual.sizing.rayon.RayonArbitraries;
import io.punctual.sizing.rayon.plan.PlanView;
import io.punctual.sizing.rayon.plan.RunLengthPlan;
import io.punctual.sizing.rayon.plan.Segment;
import io.punctual.sizing.rayon.plan.SharingPolicy;
import io.punctual.sizing.rayon.rdl.Compilation;
import io.punctual.sizing.rayon.rdl.NormalForm;
import io.punctual.sizing.rayon.rdl.Rdl;
import io.punctual.sizing.rayon.rdl.RdlCompiler;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/** Invariants of GREE and GREE-L placements on random workloads and random plan sizes and steps. */
class PlannerPropertiesTest {

    private static final long HORIZON = 3000;

    @Provide
    Arbitrary<List<Rdl>> workload() {
        return RayonArbitraries.reservation(HORIZON).list().ofMinSize(1).ofMaxSize(25);
    }

    @Provide
    Arbitrary<Planner> planner() {
        return Arbitraries.of(new Gree(), new GreeL());
    }

    @Provide
    Arbitrary<Long> step() {
        return Arbitraries.of(1L, 1L, 5L, 30L);
    }

    @Property(tries = 300)
    void placementsKeepRdlSemanticsAndThePlanWithinCapacity(@ForAll("workload") List<Rdl> workload,
                                                            @ForAll("planner") Planner planner,
                                                            @ForAll("step") long step,
                                                            @ForAll("capacity") Resources capacity) {
        RunLengthPlan plan = new RunLengthPlan(capacity, step);
        ReservationAdmission admission = new ReservationAdmission(planner, SharingPolicy.UNCONSTRAINED);
        int i = 0;
        for (Rdl rdl : workload) {
            if (!(RdlCompiler.compile(rdl) instanceof Compilation.Feasible feasible)) {
                Statistics.label("outcome").collect("not compilable");
                continue;
            }
            List<Segment> before = plan.usedSegments(0, 2 * HORIZON);
            int reservationsBefore = plan.reservations().size();
            Placement placement = admission.admit("r" + i++, "team", feasible.form(), plan);
            Statistics.label("outcome").collect(placement.getClass().getSimpleName());
            if (placement instanceof Placement.Placed placed) {
                PlacementInvariants.assertValid(feasible.form(), placed, step);
                assertThat(plan.reservations()).hasSize(reservationsBefore + 1);
            } else {
                assertThat(plan.usedSegments(0, 2 * HORIZON)).as("a rejection leaves the plan unchanged")
                        .isEqualTo(before);
                assertThat(plan.reservations()).hasSize(reservationsBefore);
            }
            PlacementInvariants.assertWithinCapacity(plan, 0, 2 * HORIZON);
        }
    }

    @Property(tries = 300)
    void greePlacesEveryCompilableReservationOnAnEmptyPlanLargeEnoughForAllItsAtomsAtOnce(
            @ForAll("reservationWithoutChoiceInOrder") Rdl rdl) {
        // Given room for every atom at full width at once, only time can refuse; the compiler already checked time,
        // and GREE places each stage in its shortest time as late as possible, the latest-start schedule.
        if (!(RdlCompiler.compile(rdl) instanceof Compilation.Feasible feasible)) {
            return;
        }
        Resources room = Resources.ZERO;
        for (NormalForm.Atom a : feasible.form().atoms()) {
            room = room.plus(a.bundle().times(a.maxParallel()));
        }
        Placement placement = new Gree().place(feasible.form(), new RunLengthPlan(room, 1));

        assertThat(placement).isInstanceOf(Placement.Placed.class);
    }

    @Property(tries = 200)
    void bothPlannersPlaceASingleCompilableAtomOnAnEmptyPlanWideEnoughForIt(
            @ForAll("atom") Rdl rdl, @ForAll("planner") Planner planner) {
        NormalForm form = ((Compilation.Feasible) RdlCompiler.compile(rdl)).form();
        NormalForm.Atom atom = form.atoms().get(0);
        PlanView plan = new RunLengthPlan(atom.bundle().times(atom.maxParallel()), 1);

        Placement placement = planner.place(form, plan);

        assertThat(placement).isInstanceOf(Placement.Placed.class);
        PlacementInvariants.assertValid(form, (Placement.Placed) placement, 1);
    }

    @Property(tries = 200)
    void aPlannerNeverChangesThePlanItReads(@ForAll("workload") List<Rdl> workload, @ForAll("planner") Planner planner) {
        RunLengthPlan plan = new RunLengthPlan(Resources.of(16, 16 * 1024), 1);
        List<Segment> before = new ArrayList<>(plan.usedSegments(0, 2 * HORIZON));
        for (Rdl rdl : workload) {
            if (RdlCompiler.compile(rdl) instanceof Compilation.Feasible feasible) {
                planner.place(feasible.form(), plan);
            }
        }
        assertThat(plan.usedSegments(0, 2 * HORIZON)).isEqualTo(before);
        assertThat(plan.reservations()).isEmpty();
    }

    @Provide
    Arbitrary<Resources> capacity() {
        return RayonArbitraries.capacity();
    }

    @Provide
    Arbitrary<Rdl> atom() {
        return RayonArbitraries.windowedAtom(HORIZON)
                .filter(r -> RdlCompiler.compile(r) instanceof Compilation.Feasible);
    }

    @Provide
    Arbitrary<Rdl> reservationWithoutChoiceInOrder() {
        return RayonArbitraries.reservation(HORIZON).filter(r -> !hasAnyInsideOrder(r, false));
    }

    private static boolean hasAnyInsideOrder(Rdl rdl, boolean insideOrder) {
        if (rdl instanceof Rdl.Any any) {
            return insideOrder || any.alternatives().stream().anyMatch(a -> hasAnyInsideOrder(a, false));
        }
        if (rdl instanceof Rdl.Window w) {
            return hasAnyInsideOrder(w.expression(), insideOrder);
        }
        if (rdl instanceof Rdl.Order order) {
            return order.stages().stream().anyMatch(s -> hasAnyInsideOrder(s, true));
        }
        if (rdl instanceof Rdl.All all) {
            return all.parts().stream().anyMatch(p -> hasAnyInsideOrder(p, insideOrder));
        }
        return false;
    }
}
