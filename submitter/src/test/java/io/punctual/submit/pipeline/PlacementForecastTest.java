package io.punctual.submit.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.Resources;
import io.punctual.sizing.sizer.Bound;
import io.punctual.sizing.sizer.SizingDecision;
import io.punctual.submit.launch.ContainerShapes;
import io.punctual.yarn.AllocationStep;
import io.punctual.yarn.ReservationId;
import io.punctual.yarn.ReservationInfo;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PlacementForecastTest {

    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");
    private static final Resources CAPACITY = Resources.of(4, 4096);

    /** A master and two executors of <1, 1024>: <3, 3072> held for 100 s. */
    private static final Sizing SIZING = new Sizing(
            new ContainerShapes(Resources.of(1, 1024), Resources.of(1, 1024), 2),
            new SizingDecision.Sized(2, "RUSH", Bound.DEADLINE, Duration.ofSeconds(100), Optional.empty(),
                    Optional.empty(), List.of()), 4);

    private static ReservationInfo holding(Resources amount, long fromSeconds, long toSeconds) {
        return holding("reservation_1_0001", amount, fromSeconds, toSeconds);
    }

    private static ReservationInfo holding(String id, Resources amount, long fromSeconds, long toSeconds) {
        return new ReservationInfo(new ReservationId(id), "other", "u", NOW, NOW.plusSeconds(toSeconds),
                List.of(new AllocationStep(NOW.plusSeconds(fromSeconds), NOW.plusSeconds(toSeconds), amount)));
    }

    @Test
    void anEmptyPlanFitsAndAFullOneDoesNot() {
        assertThat(PlacementForecast.of(CAPACITY, List.of(), NOW).fits(SIZING, NOW.plusSeconds(300))).isTrue();
        var busy = PlacementForecast.of(CAPACITY, List.of(holding(Resources.of(3, 3072), 0, 600)), NOW);
        // Only <1, 1024> is free until 600 s: the <3, 3072> gang cannot run before then.
        assertThat(busy.fits(SIZING, NOW.plusSeconds(300))).isFalse();
    }

    @Test
    void aWholeWindowHoldBlockedByAShortReservationFitsWithTheShorterHoldAskedAfterIt() {
        // Without history the hold is the whole 300 s window; another team holds <3, 3072> for its first minute.
        var guessed = new Sizing(SIZING.shapes(), new SizingDecision.Sized(2, "Justice", Bound.DEADLINE,
                Duration.ofSeconds(300), Optional.empty(), Optional.empty(), List.of()), 4);
        var shortBusy = PlacementForecast.of(CAPACITY, List.of(holding(Resources.of(3, 3072), 0, 60)), NOW);

        assertThat(ReservationWindows.holds(guessed, NOW.plusSeconds(1), NOW.plusSeconds(300)))
                .containsExactly(Duration.ofSeconds(297), Duration.ofSeconds(149));
        assertThat(shortBusy.fits(guessed, NOW.plusSeconds(300))).as("half the window, after the minute").isTrue();
        var longBusy = PlacementForecast.of(CAPACITY, List.of(holding(Resources.of(3, 3072), 0, 200)), NOW);
        assertThat(longBusy.fits(guessed, NOW.plusSeconds(300))).as("149 s do not fit in the last 100").isFalse();
    }

    @Test
    void theFreeContainersAreWhatTheBusiestMomentBeforeTheDeadlineLeaves() {
        var busy = PlacementForecast.of(CAPACITY, List.of(holding("reservation_1_0001", Resources.of(1, 1024), 0, 60),
                holding("reservation_1_0002", Resources.of(2, 2048), 100, 200)), NOW);
        Resources one = Resources.of(1, 1024);

        assertThat(busy.freeThroughout(one, NOW.plusSeconds(50))).as("only the first is held").isEqualTo(3);
        assertThat(busy.freeThroughout(one, NOW.plusSeconds(300))).as("the second leaves 2").isEqualTo(2);
        assertThat(busy.freeThroughout(Resources.of(2, 2048), NOW.plusSeconds(300))).isEqualTo(1);
        assertThat(PlacementForecast.of(CAPACITY, List.of(), NOW).freeThroughout(one, NOW.plusSeconds(300)))
                .isEqualTo(4);
    }

    @Test
    void theEarliestDeadlineIsWhenTheOtherReservationEndsPlusTheHold() {
        var busy = PlacementForecast.of(CAPACITY, List.of(holding(Resources.of(3, 3072), 0, 600)), NOW);

        // Room opens at 600 s; 100 s of hold end at 700 s.
        assertThat(busy.earliestFit(SIZING, NOW.plusSeconds(300))).contains(NOW.plusSeconds(700));
    }

    @Test
    void aTeamOverItsInstantaneousShareIsRefusedByItsSharingPolicy() {
        var empty = PlacementForecast.of(CAPACITY, List.of(), NOW);
        // <3, 3072> of <4, 4096> is 75% of the plan at once; the team may hold at most 50% at any instant.
        var policy = io.punctual.sizing.rayon.plan.SharingPolicy.perTeam(
                java.util.Map.of("finance", new io.punctual.sizing.rayon.plan.CapacityOverTimePolicy(0.5, 0.5, 3600)),
                io.punctual.sizing.rayon.plan.SharingPolicy.UNCONSTRAINED);

        assertThat(empty.policyViolation(SIZING, NOW.plusSeconds(300), "finance", policy)).hasValueSatisfying(reason ->
                assertThat(reason).startsWith("sharing policy"));
        assertThat(empty.policyViolation(SIZING, NOW.plusSeconds(300), "marketing", policy)).isEmpty();
    }

    @Test
    void reservationsPunctualMadeAreCountedAgainstTheirTeam() {
        assertThat(PlacementForecast.teamOf("punctual gw-p1-abc finance/daily.revenue")).isEqualTo("finance");
        assertThat(PlacementForecast.teamOf("someone else's")).isEqualTo("yarn");
    }

    @Test
    void aRequestLargerThanThePlanNeverFits() {
        var small = PlacementForecast.of(Resources.of(2, 2048), List.of(), NOW);
        assertThat(small.fits(SIZING, NOW.plusSeconds(3600))).isFalse();
        assertThat(small.earliestFit(SIZING, NOW.plusSeconds(3600))).isEmpty();
    }

    @Test
    void aHoldAsLongAsTheWholeWindowIsForecastAsTheShorterOneYarnIsAskedFor() {
        // Without history the user's sizing holds until the deadline; ReservationWindows asks YARN for 3 s less.
        var untilDeadline = new Sizing(SIZING.shapes(), new SizingDecision.Sized(2, "user", Bound.USER,
                Duration.ofSeconds(300), Optional.empty(), Optional.empty(), List.of()), 4);
        var empty = PlacementForecast.of(CAPACITY, List.of(), NOW);

        assertThat(empty.fits(untilDeadline, NOW.plusSeconds(300))).isTrue();
        // The earliest deadline is for the whole hold, so it is not pulled in by the trimming.
        var busy = PlacementForecast.of(CAPACITY, List.of(holding(Resources.of(3, 3072), 0, 600)), NOW);
        assertThat(busy.earliestFit(untilDeadline, NOW.plusSeconds(300))).contains(NOW.plusSeconds(900));
    }
}
