package io.punctual.yarn.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.sizing.Resources;
import io.punctual.yarn.AppId;
import io.punctual.yarn.GatewayException;
import io.punctual.yarn.ReservationId;
import io.punctual.yarn.ReservationInfo;
import io.punctual.yarn.ReservationOutcome;
import io.punctual.yarn.ReservationSpec;
import io.punctual.yarn.StageRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The in-memory reservation system: what it refuses and why, and that it is deterministic. */
class InMemoryReservationsTest {

    private static final Instant T0 = Instant.parse("2026-11-24T09:00:00.250Z");

    private final ManualClock clock = new ManualClock(T0);
    private final InMemoryClusterGateway cluster = InMemoryClusterGateway.embedded(clock);

    private static ReservationSpec gang(String queue, int containers, Instant arrival, Duration window, Duration hold) {
        return ReservationSpec.single(queue, "gang", arrival, arrival.plus(window),
                StageRequest.gang(Resources.of(1, 1024), containers, hold));
    }

    private static String refusal(ReservationOutcome outcome) {
        assertThat(outcome).isInstanceOf(ReservationOutcome.Refused.class);
        return ((ReservationOutcome.Refused) outcome).reason();
    }

    @Test
    void aFullPlanRefusesAnOverlappingRequestUntilTheFirstIsReleased() {
        // The plan holds 70% of <16 vcores, 16384 MiB>: <11 vcores, 11468 MiB>; 10 GiB-gangs leave no room for two.
        var first = (ReservationOutcome.Reserved) cluster.reserve(gang("sla", 10, T0, Duration.ofMinutes(2),
                Duration.ofMinutes(2)));
        ReservationSpec second = gang("sla", 10, T0, Duration.ofMinutes(3), Duration.ofMinutes(2));

        assertThat(refusal(cluster.reserve(second))).startsWith(
                "org.apache.hadoop.yarn.server.resourcemanager.reservation.exceptions.PlanningException:"
                        + " The request cannot be satisfied");

        cluster.release(first.id());
        assertThat(cluster.reserve(second)).isInstanceOf(ReservationOutcome.Reserved.class);
    }

    @Test
    void requestsYarnsValidatorRejectsAreRefusedInItsWords() {
        assertThat(refusal(cluster.reserve(gang("adhoc", 1, T0, Duration.ofMinutes(1), Duration.ofMinutes(1)))))
                .isEqualTo("The specified queue: adhoc is not managed by reservation system."
                        + " Please try again with a valid reservable queue.");
        assertThat(refusal(cluster.reserve(gang("sla", 1, T0.minusSeconds(120), Duration.ofMinutes(1),
                Duration.ofMinutes(1))))).contains("is the past");
        assertThat(refusal(cluster.reserve(gang("sla", 1, T0, Duration.ofMinutes(1), Duration.ofMinutes(2)))))
                .contains("must  be greater or equal to the minimum resource duration (120000)");
        assertThat(refusal(cluster.reserve(gang("sla", 12, T0, Duration.ofMinutes(2), Duration.ofMinutes(1)))))
                .isEqualTo("The size of the largest gang in the reservation definition (<memory:12288, vCores:12>)"
                        + " exceed the capacity available (<memory:11468, vCores:11> )");
        assertThat(refusal(cluster.update(new ReservationId("reservation_1_0007"),
                gang("sla", 1, T0, Duration.ofMinutes(1), Duration.ofMinutes(1))))).contains("is unknown");
    }

    @Test
    void recurringReservationsAreRefusedAsUnsupported() {
        var spec = new ReservationSpec("sla", "hourly", T0, T0.plusSeconds(60), ReservationSpec.Combine.ALL,
                List.of(StageRequest.gang(Resources.of(1, 1024), 1, Duration.ofSeconds(30))),
                Optional.of(Duration.ofHours(1)));

        assertThat(refusal(cluster.reserve(spec))).contains("recurring reservations are not supported");
    }

    @Test
    void stagesInOrderArePlacedOneAfterTheOther() {
        var spec = new ReservationSpec("sla", "ordered", T0, T0.plus(Duration.ofMinutes(10)),
                ReservationSpec.Combine.ORDER,
                List.of(StageRequest.gang(Resources.of(1, 1024), 2, Duration.ofMinutes(2)),
                        StageRequest.gang(Resources.of(1, 1024), 4, Duration.ofMinutes(2))),
                Optional.empty());

        var steps = ((ReservationOutcome.Reserved) cluster.reserve(spec)).reservation().allocation();

        var small = steps.stream().filter(s -> s.resources().equals(Resources.of(2, 2048))).findFirst().orElseThrow();
        var large = steps.stream().filter(s -> s.resources().equals(Resources.of(4, 4096))).findFirst().orElseThrow();
        assertThat(small.end()).isBeforeOrEqualTo(large.start());
        assertThat(small.start()).isAfterOrEqualTo(T0);
    }

    @Test
    void listingAQueueThatIsNotAPlanIsAnErrorAsInYarn() {
        assertThatThrownBy(() -> cluster.reservations("adhoc")).isInstanceOf(GatewayException.class)
                .hasMessageContaining("not managed by reservation system");
    }

    @Test
    void twoClustersOnTheSameClockAndInputsAgreeToTheMillisecondAndTheIdsLookLikeYarns() {
        ManualClock otherClock = new ManualClock(T0);
        InMemoryClusterGateway other = InMemoryClusterGateway.embedded(otherClock);
        for (InMemoryClusterGateway c : List.of(cluster, other)) {
            c.reserve(gang("sla", 3, T0.plusSeconds(5), Duration.ofMinutes(5), Duration.ofSeconds(90)));
            c.submit("a", "adhoc", Set.of("x"), "ana", Duration.ofMinutes(1));
        }

        List<ReservationInfo> mine = cluster.reservations("sla");
        assertThat(mine).isEqualTo(other.reservations("sla"));
        assertThat(mine.get(0).id().value()).isEqualTo("reservation_" + T0.toEpochMilli() + "_0001");
        assertThat(cluster.applicationsTagged("x")).extracting(r -> r.id())
                .containsExactly(new AppId("application_" + T0.toEpochMilli() + "_0001"));
        assertThat(cluster.applicationsTagged("x")).isEqualTo(other.applicationsTagged("x"));
    }

    @Test
    void aDayWithManyReservationsPlaysOutQuickly() {
        for (int i = 0; i < 200; i++) {
            Instant arrival = T0.plus(Duration.ofMinutes(5L * i));
            cluster.reserve(gang("sla", 1 + i % 5, arrival, Duration.ofMinutes(20), Duration.ofMinutes(4)));
        }

        clock.advance(Duration.ofDays(2));

        assertThat(cluster.reservations("sla")).isEmpty();
        assertThat(cluster.snapshot().queues()).extracting(q -> q.name())
                .containsExactly("sla", "sla-default", "adhoc");
    }
}
