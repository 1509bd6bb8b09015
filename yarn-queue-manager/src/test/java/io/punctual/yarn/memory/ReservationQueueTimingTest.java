package io.punctual.yarn.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.sizing.Resources;
import io.punctual.yarn.AppId;
import io.punctual.yarn.AppReport;
import io.punctual.yarn.AppState;
import io.punctual.yarn.GatewayException;
import io.punctual.yarn.QueueSnapshot;
import io.punctual.yarn.ReservationInfo;
import io.punctual.yarn.ReservationOutcome;
import io.punctual.yarn.ReservationSpec;
import io.punctual.yarn.StageRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** When a reservation's queue exists and can start applications: the plan follower's steps, and the 3.3.x fault. */
class ReservationQueueTimingTest {

    private static final Instant T0 = Instant.parse("2026-11-24T09:00:00.250Z");

    private final ManualClock clock = new ManualClock(T0);
    private final InMemoryClusterGateway cluster = InMemoryClusterGateway.embedded(clock);

    private ReservationInfo reserve(Instant arrival, Duration window, Duration hold) {
        var spec = ReservationSpec.single("sla", "timed", arrival, arrival.plus(window),
                StageRequest.gang(Resources.of(1, 1024), 2, hold));
        return ((ReservationOutcome.Reserved) cluster.reserve(spec)).reservation();
    }

    private boolean queueExists(ReservationInfo r) {
        return cluster.snapshot().queue(r.id().queueName()).isPresent();
    }

    /** The first multiple of {@code step} since the epoch at or after {@code t}. */
    private static Instant stepAtOrAfter(Instant t, Duration step) {
        long s = step.toMillis();
        return Instant.ofEpochMilli(Math.floorDiv(t.toEpochMilli() + s - 1, s) * s);
    }

    @Test
    void aQueueExistsFromTheStepAfterArrivalAndIsUsableFromTheFirstStepAtOrAfterItsAllocationStarts() {
        Instant arrival = T0.plusSeconds(10);
        ReservationInfo r = reserve(arrival, Duration.ofMinutes(2), Duration.ofSeconds(30));
        Instant start = r.start().orElseThrow();
        assertThat(start).as("GREE-L places it late in its window").isAfter(arrival.plusSeconds(60));

        clock.set(arrival.minusMillis(1));
        assertThat(queueExists(r)).isFalse();
        clock.set(stepAtOrAfter(arrival, Duration.ofSeconds(1)));
        assertThat(queueExists(r)).as("a queue from its arrival, with nothing yet").isTrue();
        assertThat(cluster.snapshot().queue(r.id().queueName()).orElseThrow().guaranteed()).isEqualTo(Resources.ZERO);
        assertThat(cluster.reservationQueue("sla", r.id())).isEmpty();

        Instant usable = stepAtOrAfter(start, Duration.ofSeconds(1));
        clock.set(usable.minusMillis(1));
        assertThat(cluster.reservationQueue("sla", r.id())).isEmpty();
        clock.set(usable);
        assertThat(cluster.reservationQueue("sla", r.id())).hasValueSatisfying(q ->
                assertThat(q.guaranteed()).isEqualTo(Resources.of(2, 2048)));
    }

    @Test
    void aLongerPlanFollowerStepOpensTheQueueLater() {
        var slow = new InMemoryClusterGateway(ClusterLayout.embedded().withPlanFollowerStep(Duration.ofSeconds(5)),
                clock);
        var spec = ReservationSpec.single("sla", "slow", T0, T0.plusSeconds(60),
                StageRequest.gang(Resources.of(1, 1024), 1, Duration.ofSeconds(60)));
        ReservationInfo r = ((ReservationOutcome.Reserved) slow.reserve(spec)).reservation();

        clock.set(T0.plusSeconds(4));
        assertThat(slow.reservationQueue("sla", r.id())).isEmpty();
        clock.set(Instant.parse("2026-11-24T09:00:05Z"));
        assertThat(slow.reservationQueue("sla", r.id())).isPresent();
    }

    @Test
    void afterItsDeadlineTheQueueIsGoneThePlanStillListsItForTheRetentionAndAskingForItsQueueSaysItEnded() {
        ReservationInfo r = reserve(T0, Duration.ofSeconds(60), Duration.ofSeconds(60));

        clock.set(T0.plusSeconds(61));

        assertThat(queueExists(r)).isFalse();
        assertThat(cluster.reservations("sla")).extracting(ReservationInfo::id).containsExactly(r.id());
        assertThatThrownBy(() -> cluster.reservationQueue("sla", r.id())).isInstanceOf(GatewayException.class)
                .hasMessageContaining("ended at").hasMessageContaining("submit again");
        clock.advance(Duration.ofDays(1));
        assertThat(cluster.reservations("sla")).isEmpty();
        assertThat(cluster.release(r.id())).isFalse();
    }

    @Test
    void anApplicationStillRunningWhenItsReservationEndsIsKilledUnlessItLeftForAnotherQueue() {
        ReservationInfo r = reserve(T0, Duration.ofSeconds(60), Duration.ofSeconds(60));
        clock.advance(Duration.ofSeconds(1));
        AppId stays = cluster.submit("stays", r.id().queueName(), Set.of(), "ana", Duration.ofMinutes(10));
        AppId leaves = cluster.submit("leaves", r.id().queueName(), Set.of(), "ana", Duration.ofMinutes(10));
        clock.advance(Duration.ofSeconds(1));
        assertThat(cluster.application(stays).orElseThrow().state()).isEqualTo(AppState.RUNNING);
        assertThat(cluster.leaveReservation(leaves, "adhoc")).isEqualTo("adhoc");

        clock.advance(Duration.ofMinutes(1));

        AppReport killed = cluster.application(stays).orElseThrow();
        assertThat(killed.state()).isEqualTo(AppState.KILLED);
        assertThat(killed.diagnostics()).isEqualTo("Application killed due to expiry of reservation queue "
                + r.id().queueName() + ".");
        AppReport moved = cluster.application(leaves).orElseThrow();
        assertThat(moved.queue()).isEqualTo("adhoc");
        assertThat(moved.state()).isEqualTo(AppState.RUNNING);
    }

    @Test
    void underTheZeroCapacityFaultAnApplicationWaitsWithYarnsDiagnosticsUntilTheRemedy() {
        cluster.zeroCapacityFault(ZeroCapacityFault.UNTIL_REMEDY);
        ReservationInfo r = reserve(T0, Duration.ofMinutes(5), Duration.ofMinutes(5));
        clock.advance(Duration.ofSeconds(1));
        QueueSnapshot broken = cluster.snapshot().queue(r.id().queueName()).orElseThrow();
        assertThat(broken.capacity()).as("the percentage is right").isPositive();
        assertThat(broken.guaranteed()).isEqualTo(Resources.ZERO);
        assertThat(broken.ceiling()).isEqualTo(Resources.ZERO);

        AppId app = cluster.submit("stuck", r.id().queueName(), Set.of(), "ana", Duration.ofMinutes(1));
        clock.advance(Duration.ofMinutes(2));
        AppReport stuck = cluster.application(app).orElseThrow();
        assertThat(stuck.state()).isEqualTo(AppState.ACCEPTED);
        assertThat(stuck.diagnostics()).contains("<memory:0, vCores:0>").contains("AM resource limit exceeded");

        assertThat(cluster.reservationQueue("sla", r.id())).as("the gateway applies the remedy").isPresent();
        clock.advance(Duration.ofSeconds(1));
        assertThat(cluster.application(app).orElseThrow().state()).isEqualTo(AppState.RUNNING);
    }

    @Test
    void aQueueChangeRepairsALiveReservationQueueAtOnce() {
        cluster.zeroCapacityFault(ZeroCapacityFault.UNTIL_REMEDY);
        ReservationInfo r = reserve(T0, Duration.ofMinutes(5), Duration.ofMinutes(5));
        clock.advance(Duration.ofSeconds(1));
        assertThat(cluster.snapshot().queue(r.id().queueName()).orElseThrow().guaranteed()).isEqualTo(Resources.ZERO);

        cluster.queuesChanged();

        assertThat(cluster.snapshot().queue(r.id().queueName()).orElseThrow().guaranteed())
                .isNotEqualTo(Resources.ZERO);
    }

    @Test
    void aPermanentFaultTimesOutAWaitOnTheModelsClockSayingWhy() {
        cluster.zeroCapacityFault(ZeroCapacityFault.PERMANENT);
        ReservationInfo r = reserve(T0, Duration.ofMinutes(5), Duration.ofMinutes(5));

        assertThatThrownBy(() -> cluster.awaitReservationQueue("sla", r.id(), Duration.ofSeconds(30)))
                .isInstanceOf(GatewayException.class).hasMessageContaining("zero effective resources");
        assertThat(clock.instant()).as("the wait passed on the manual clock").isEqualTo(T0.plusSeconds(30));
        cluster.remedy().apply();
        assertThat(cluster.snapshot().queue(r.id().queueName()).orElseThrow().guaranteed()).isEqualTo(Resources.ZERO);
    }

    @Test
    void waitingForAQueueOnAManualClockAdvancesItToTheStepThatOpensIt() {
        ReservationInfo r = reserve(T0.plusSeconds(10), Duration.ofMinutes(1), Duration.ofSeconds(20));

        QueueSnapshot queue = cluster.awaitReservationQueue("sla", r.id(), Duration.ofMinutes(2));

        assertThat(queue.name()).isEqualTo(r.id().queueName());
        assertThat(clock.instant()).isEqualTo(stepAtOrAfter(r.start().orElseThrow(), Duration.ofSeconds(1)));
    }
}
