package io.punctual.yarn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.sizing.Resources;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Reservations on a real ResourceManager (one embedded cluster for the class). */
class ReservationsIT {

    @RegisterExtension
    static final TestCluster cluster = TestCluster.perClass("reservations-it").expectingNoReservationsLeftIn("sla");

    private static ClusterGateway gateway() {
        return cluster.gateway();
    }

    private static ReservationSpec gang(String name, int containers, Duration window) {
        Instant now = Instant.now();
        return ReservationSpec.single("sla", name, now, now.plus(window),
                StageRequest.gang(Resources.of(1, 1024), containers, window));
    }

    @Test
    void aReservationIsListedWithItsAllocationAndRunsAsAQueueWithRealCapacity() {
        var outcome = gateway().reserve(gang("listed", 3, Duration.ofMinutes(4)));
        assertThat(outcome).isInstanceOf(ReservationOutcome.Reserved.class);
        ReservationInfo placed = ((ReservationOutcome.Reserved) outcome).reservation();
        try {
            assertThat(gateway().reservations("sla")).extracting(ReservationInfo::id).containsExactly(placed.id());
            assertThat(placed.name()).isEqualTo("listed");
            assertThat(placed.allocation()).isNotEmpty();
            assertThat(placed.allocation()).allSatisfy(step ->
                    assertThat(step.resources()).isEqualTo(Resources.of(3, 3072)));

            QueueSnapshot queue = gateway().awaitReservationQueue("sla", placed.id(), Duration.ofSeconds(30));

            assertThat(queue.name()).isEqualTo(placed.id().queueName());
            var seen = gateway().snapshot().queue(placed.id().queueName()).orElseThrow();
            assertThat(seen.guaranteed()).isEqualTo(Resources.of(3, 3072));
            assertThat(seen.ceiling().memoryMb()).isPositive();
        } finally {
            assertThat(gateway().release(placed.id())).isTrue();
        }
    }

    @Test
    void anUpdateReplacesTheRequestAndAnImpossibleUpdateKeepsTheOldOne() {
        var placed = (ReservationOutcome.Reserved) gateway().reserve(gang("grows", 2, Duration.ofMinutes(3)));
        try {
            var bigger = gateway().update(placed.id(), gang("grows", 4, Duration.ofMinutes(3)));
            assertThat(bigger).isInstanceOf(ReservationOutcome.Reserved.class);
            assertThat(((ReservationOutcome.Reserved) bigger).reservation().allocation())
                    .allSatisfy(step -> assertThat(step.resources()).isEqualTo(Resources.of(4, 4096)));

            var impossible = gateway().update(placed.id(), gang("grows", 500, Duration.ofMinutes(3)));
            assertThat(impossible).isInstanceOf(ReservationOutcome.Refused.class);
            assertThat(gateway().reservation("sla", placed.id()).orElseThrow().allocation())
                    .allSatisfy(step -> assertThat(step.resources()).isEqualTo(Resources.of(4, 4096)));
        } finally {
            gateway().release(placed.id());
        }
    }

    @Test
    void aGangLargerThanThePlanIsRefusedWithYarnsReason() {
        var outcome = gateway().reserve(gang("too-big", 100, Duration.ofMinutes(2)));

        assertThat(outcome).isInstanceOf(ReservationOutcome.Refused.class);
        assertThat(((ReservationOutcome.Refused) outcome).reason()).isNotBlank();
    }

    @Test
    void stagesInOrderArePlacedOneAfterTheOther() {
        Instant now = Instant.now();
        var spec = new ReservationSpec("sla", "ordered", now, now.plus(Duration.ofMinutes(10)),
                ReservationSpec.Combine.ORDER,
                List.of(StageRequest.gang(Resources.of(1, 1024), 2, Duration.ofMinutes(2)),
                        StageRequest.gang(Resources.of(1, 1024), 4, Duration.ofMinutes(2))),
                Optional.empty());
        var placed = (ReservationOutcome.Reserved) gateway().reserve(spec);
        try {
            var steps = placed.reservation().allocation();
            var small = steps.stream().filter(s -> s.resources().equals(Resources.of(2, 2048))).findFirst().orElseThrow();
            var large = steps.stream().filter(s -> s.resources().equals(Resources.of(4, 4096))).findFirst().orElseThrow();
            assertThat(small.end()).isBeforeOrEqualTo(large.start());
        } finally {
            gateway().release(placed.id());
        }
    }

    @Test
    void releasingTwiceIsHarmlessAndWaitingOnAReleasedReservationSaysSo() {
        var placed = (ReservationOutcome.Reserved) gateway().reserve(gang("short-lived", 1, Duration.ofMinutes(2)));

        assertThat(gateway().release(placed.id())).isTrue();
        assertThat(gateway().release(placed.id())).isFalse();
        assertThatThrownBy(() -> gateway().awaitReservationQueue("sla", placed.id(), Duration.ofSeconds(2)))
                .isInstanceOf(GatewayException.class).hasMessageContaining("not in the plan");
    }

    @Test
    void aReservationPlacedLaterInItsWindowGetsItsQueueOnlyWhenItStarts() {
        // A window that opens 12 s from now: nothing can run in the reservation before then.
        Instant opens = Instant.now().plusSeconds(12).truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
        var spec = ReservationSpec.single("sla", "later", opens, opens.plusSeconds(60),
                StageRequest.gang(Resources.of(1, 1024), 2, Duration.ofSeconds(40)));
        var placed = (ReservationOutcome.Reserved) gateway().reserve(spec);
        try {
            assertThat(placed.reservation().start()).hasValueSatisfying(start -> assertThat(start).isAfterOrEqualTo(opens));

            QueueSnapshot queue = gateway().awaitReservationQueue("sla", placed.id(), Duration.ofSeconds(90));

            assertThat(queue.name()).isEqualTo(placed.id().queueName());
            // YARN's plan follower rounds its clock up to the next plan step (1 s here), so a queue may open up to
            // one step before the reserved start.
            assertThat(Instant.now()).isAfterOrEqualTo(placed.reservation().start().orElseThrow().minusSeconds(1));
        } finally {
            gateway().release(placed.id());
        }
    }

    @Test
    void theSnapshotShowsBothQueuesAndTheWholeCluster() {
        ClusterSnapshot snapshot = gateway().snapshot();

        assertThat(snapshot.nodeManagers()).isEqualTo(2);
        assertThat(snapshot.total()).isEqualTo(Resources.of(16, 16384));
        assertThat(snapshot.queue("sla").orElseThrow().capacity()).isEqualTo(0.7, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(snapshot.queue("adhoc").orElseThrow().guaranteed().memoryMb()).isBetween(4000L, 5000L);
    }
}
