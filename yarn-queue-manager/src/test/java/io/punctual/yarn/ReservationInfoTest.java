package io.punctual.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.Resources;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ReservationInfoTest {

    private static final ReservationId ID = new ReservationId("reservation_1700000000000_0001");
    // A multiple of the 20 s period since the epoch: 1_795_328_080_000 / 20_000 = 89_766_404.
    private static final Instant PERIOD_START = Instant.ofEpochMilli(1_795_328_080_000L);

    /** YARN 3.3 reports a recurring allocation as offsets into the period, written from the epoch. */
    private static AllocationStep offsets(long fromMs, long toMs, Resources resources) {
        return new AllocationStep(Instant.ofEpochMilli(fromMs), Instant.ofEpochMilli(toMs), resources);
    }

    @Test
    void aRecurringAllocationUnrollsIntoOneStepPerPeriod() {
        var info = new ReservationInfo(ID, "lq", "alice", PERIOD_START, PERIOD_START.plusSeconds(10),
                List.of(offsets(0, 2_316, Resources.ZERO), offsets(2_316, 7_316, Resources.of(2, 2048))),
                Optional.of(Duration.ofSeconds(20)));

        var steps = info.occurrences(PERIOD_START, PERIOD_START.plusSeconds(40));

        // Offsets 2.316 s to 7.316 s in each 20 s period: [t+2.316, t+7.316) and [t+22.316, t+27.316); the zero
        // padding YARN adds holds nothing and is left out.
        assertThat(steps).containsExactly(
                new AllocationStep(PERIOD_START.plusMillis(2_316), PERIOD_START.plusMillis(7_316), Resources.of(2, 2048)),
                new AllocationStep(PERIOD_START.plusMillis(22_316), PERIOD_START.plusMillis(27_316), Resources.of(2, 2048)));
    }

    @Test
    void aRepetitionAlreadyUnderWayWhenTheIntervalOpensIsIncluded() {
        var info = new ReservationInfo(ID, "lq", "alice", PERIOD_START, PERIOD_START.plusSeconds(10),
                List.of(offsets(2_000, 8_000, Resources.of(1, 1024))), Optional.of(Duration.ofSeconds(20)));

        var steps = info.occurrences(PERIOD_START.plusSeconds(5), PERIOD_START.plusSeconds(23));

        assertThat(steps).extracting(AllocationStep::start)
                .containsExactly(PERIOD_START.plusSeconds(2), PERIOD_START.plusSeconds(22));
    }

    @Test
    void repetitionsStartWithTheOneInsideTheReservationsWindow() {
        // Accepted for the window [t+40 s, t+50 s] of a 20 s period: the allocation at offsets 2 s to 8 s first
        // holds at t+42 s, so the pattern's earlier slots (t+2 s, t+22 s) are not repetitions.
        var info = new ReservationInfo(ID, "lq", "alice", PERIOD_START.plusSeconds(40), PERIOD_START.plusSeconds(50),
                List.of(offsets(2_000, 8_000, Resources.of(1, 1024))), Optional.of(Duration.ofSeconds(20)));

        assertThat(info.occurrences(PERIOD_START, PERIOD_START.plusSeconds(70))).extracting(AllocationStep::start)
                .containsExactly(PERIOD_START.plusSeconds(42), PERIOD_START.plusSeconds(62));
    }

    @Test
    void aOneOffAllocationIsReturnedWhereItOverlaps() {
        var step = new AllocationStep(PERIOD_START, PERIOD_START.plusSeconds(60), Resources.of(1, 1024));
        var info = new ReservationInfo(ID, "once", "alice", PERIOD_START, PERIOD_START.plusSeconds(60), List.of(step));

        assertThat(info.recurrence()).isEmpty();
        assertThat(info.occurrences(PERIOD_START.plusSeconds(30), PERIOD_START.plusSeconds(90))).containsExactly(step);
        assertThat(info.occurrences(PERIOD_START.plusSeconds(60), PERIOD_START.plusSeconds(90))).isEmpty();
    }
}
