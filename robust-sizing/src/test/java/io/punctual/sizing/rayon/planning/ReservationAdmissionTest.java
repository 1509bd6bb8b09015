package io.punctual.sizing.rayon.planning;

import static io.punctual.sizing.rayon.planning.GreeTest.compile;
import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.Resources;
import io.punctual.sizing.rayon.plan.CapacityOverTimePolicy;
import io.punctual.sizing.rayon.plan.RunLengthPlan;
import io.punctual.sizing.rayon.plan.Segment;
import io.punctual.sizing.rayon.plan.SharingPolicy;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReservationAdmissionTest {

    private static final Resources CAPACITY = Resources.of(10, 10_240);

    @Test
    void commitsAPlacedReservationUnderItsIdAndTeam() {
        RunLengthPlan plan = new RunLengthPlan(CAPACITY, 1);
        ReservationAdmission admission = new ReservationAdmission(new Gree(), SharingPolicy.UNCONSTRAINED);

        Placement p = admission.admit("job-1", "etl", compile("window(atom(<1,1024>,1,4,10,400),0,100)"), plan);

        assertThat(p).isInstanceOf(Placement.Placed.class);
        assertThat(plan.reservation("job-1")).hasValueSatisfying(r -> {
            assertThat(r.team()).isEqualTo("etl");
            assertThat(r.allocation()).containsExactly(new Segment(0, 100, Resources.of(4, 4096)));
        });
    }

    @Test
    void refusesWhatBreaksTheTeamsShareAndLeavesThePlanAlone() {
        // 4 of 10 is within 50% at once, but 4 x 100 s over a 100 s window averages 40% > 25%.
        RunLengthPlan plan = new RunLengthPlan(CAPACITY, 1);
        ReservationAdmission admission = new ReservationAdmission(new Gree(),
                new CapacityOverTimePolicy(0.5, 0.25, 100));

        Placement p = admission.admit("job-1", "etl", compile("window(atom(<1,1024>,1,4,10,400),0,100)"), plan);

        assertThat(p).isInstanceOf(Placement.Infeasible.class);
        assertThat(((Placement.Infeasible) p).reason()).startsWith("sharing policy: team etl would average");
        assertThat(plan.reservations()).isEmpty();
        assertThat(plan.usedSegments(0, 200)).containsExactly(new Segment(0, 200, Resources.ZERO));
    }

    @Test
    void refusesATakenId() {
        RunLengthPlan plan = new RunLengthPlan(CAPACITY, 1);
        ReservationAdmission admission = new ReservationAdmission(new GreeL(), SharingPolicy.UNCONSTRAINED);
        admission.admit("job-1", "etl", compile("window(atom(<1,1024>,1,1,10,10),0,100)"), plan);

        Placement again = admission.admit("job-1", "etl", compile("window(atom(<1,1024>,1,1,10,10),0,100)"), plan);

        assertThat(again).isEqualTo(new Placement.Infeasible("reservation job-1 is already in the plan"));
        assertThat(plan.reservations()).hasSize(1);
        assertThat(plan.usedAt(95)).isEqualTo(Resources.of(1, 1024));
        assertThat(List.copyOf(plan.reservations()).get(0).allocation()).hasSize(1);
    }
}
