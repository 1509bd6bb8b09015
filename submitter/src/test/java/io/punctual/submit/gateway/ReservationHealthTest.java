package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.Resources;
import io.punctual.submit.request.SubmitArguments;
import io.punctual.yarn.ReservationInfo;
import io.punctual.yarn.ReservationOutcome;
import io.punctual.yarn.ReservationSpec;
import io.punctual.yarn.StageRequest;
import io.punctual.yarn.memory.InMemoryClusterGateway;
import io.punctual.yarn.memory.ManualClock;
import io.punctual.yarn.memory.ZeroCapacityFault;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** /healthz's count of live reservations whose queue has no capacity, on the in-memory model of the 3.3.x fault. */
class ReservationHealthTest {

    private static final Instant T0 = Instant.parse("2026-11-24T09:00:00Z");

    private final ManualClock clock = new ManualClock(T0);
    private final InMemoryClusterGateway cluster = InMemoryClusterGateway.embedded(clock);

    private BatchRecord waitingIn(ReservationInfo reservation) {
        return BatchRecord.recorded(0, "analytics", "gw-0", null, null, null, SubmitArguments.parse(List.of("a.jar")),
                "analytics/job", T0.toEpochMilli(), T0.plusSeconds(600).toEpochMilli(), "sla", false).toBuilder()
                .state(BatchState.STARTING).reservation(reservation.id().value(), start(reservation).toEpochMilli(), null)
                .build();
    }

    private static Instant start(ReservationInfo reservation) {
        return reservation.start().orElseThrow();
    }

    private ReservationInfo reserve() {
        var spec = ReservationSpec.single("sla", "punctual gw-0", T0, T0.plusSeconds(600),
                StageRequest.gang(Resources.of(1, 1024), 2, Duration.ofMinutes(5)));
        return ((ReservationOutcome.Reserved) cluster.reserve(spec)).reservation();
    }

    /** A batch waiting in a reservation of its own, looked at {@code after} the reservation's allocation began. */
    private int countedAfter(ZeroCapacityFault fault, Duration after) {
        cluster.zeroCapacityFault(fault);
        ReservationInfo reservation = reserve();
        clock.set(start(reservation).plus(after));
        return ReservationHealth.withoutCapacity(List.of(waitingIn(reservation)), cluster, clock.instant());
    }

    @Test
    void aStartedReservationWhoseQueueHasNoCapacityIsCounted() {
        assertThat(countedAfter(ZeroCapacityFault.PERMANENT, Duration.ofSeconds(30))).isEqualTo(1);
    }

    @Test
    void aReservationWithAUsableQueueIsNot() {
        assertThat(countedAfter(ZeroCapacityFault.NONE, Duration.ofSeconds(30))).isZero();
    }

    @Test
    void withinTheGraceAQueueMaySimplyNotBeReadyYet() {
        assertThat(countedAfter(ZeroCapacityFault.PERMANENT, Duration.ofSeconds(5))).isZero();
    }
}
