package io.punctual.yarn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.sizing.Resources;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class UnrolledRecurrenceTest {

    private static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");
    private static final StageRequest BURST = StageRequest.gang(Resources.of(1, 1024), 4, Duration.ofSeconds(20));
    // Window [T0+10 s, T0+40 s], every 60 s.
    private static final ReservationSpec LQ = new ReservationSpec("sla", "lq", T0.plusSeconds(10), T0.plusSeconds(40),
            ReservationSpec.Combine.ALL, List.of(BURST), Optional.of(Duration.ofSeconds(60)));

    @Test
    void repetitionsAreTheWindowShiftedByWholePeriods() {
        // From T0+50 s to T0+200 s: repetition 0 ended at 40 s; 1 is [70, 100], 2 is [130, 160], 3 is [190, 220];
        // 4 would open at 250 s, after the horizon.
        var repetitions = UnrolledRecurrence.repetitions(LQ, T0.plusSeconds(50), T0.plusSeconds(200));

        assertThat(repetitions).extracting(UnrolledRecurrence.Repetition::index).containsExactly(1L, 2L, 3L);
        assertThat(repetitions).extracting(r -> r.spec().arrival())
                .containsExactly(T0.plusSeconds(70), T0.plusSeconds(130), T0.plusSeconds(190));
        assertThat(repetitions).extracting(r -> r.spec().deadline())
                .containsExactly(T0.plusSeconds(100), T0.plusSeconds(160), T0.plusSeconds(220));
        assertThat(repetitions).allSatisfy(r -> {
            assertThat(r.spec().recurrence()).isEmpty();
            assertThat(r.spec().stages()).containsExactly(BURST);
            assertThat(r.spec().name()).isEqualTo("lq#" + r.index());
        });
    }

    @Test
    void aRepetitionUnderWayIsBookedFromNow() {
        var repetitions = UnrolledRecurrence.repetitions(LQ, T0.plusSeconds(80), T0.plusSeconds(100));

        assertThat(repetitions).singleElement().satisfies(r -> {
            assertThat(r.index()).isEqualTo(1);
            assertThat(r.spec().arrival()).isEqualTo(T0.plusSeconds(80));
            assertThat(r.spec().deadline()).isEqualTo(T0.plusSeconds(100));
        });
    }

    @Test
    void renewingBooksOnlyWhatIsMissingAndReleaseTakesThemAllBack() {
        var gateway = new BookingGateway();
        var unrolled = new UnrolledRecurrence(gateway);

        var first = unrolled.renew(LQ, T0, Duration.ofSeconds(120));
        var again = unrolled.renew(LQ, T0, Duration.ofSeconds(120));
        var later = unrolled.renew(LQ, T0.plusSeconds(60), Duration.ofSeconds(120));

        // Horizon [T0, T0+120 s]: repetitions 0 (10 s) and 1 (70 s); a minute later also 2 (130 s).
        assertThat(first).extracting(UnrolledRecurrence.Booking::index).containsExactly(0L, 1L);
        assertThat(first).allSatisfy(b -> assertThat(b.outcome()).isInstanceOf(ReservationOutcome.Reserved.class));
        assertThat(again).isEmpty();
        assertThat(later).extracting(UnrolledRecurrence.Booking::index).containsExactly(2L);
        assertThat(gateway.reservations("sla")).extracting(ReservationInfo::name).containsExactly("lq#0", "lq#1", "lq#2");

        gateway.reserve(ReservationSpec.single("sla", "other#1", T0, T0.plusSeconds(30), BURST));
        assertThat(unrolled.release(LQ)).isEqualTo(3);
        assertThat(gateway.reservations("sla")).extracting(ReservationInfo::name).containsExactly("other#1");
    }

    @Test
    void aOneOffReservationHasNoRepetitions() {
        assertThatThrownBy(() -> UnrolledRecurrence.repetitions(ReservationSpec.single("sla", "once", T0,
                T0.plusSeconds(30), BURST), T0, T0.plusSeconds(60))).hasMessageContaining("does not recur");
    }

    /** Accepts every reservation and lists them back by name; nothing else. */
    private static final class BookingGateway implements ClusterGateway {
        private final List<ReservationInfo> held = new ArrayList<>();
        private int sequence;

        @Override
        public ReservationOutcome reserve(ReservationSpec spec) {
            var info = new ReservationInfo(new ReservationId("reservation_1_" + ++sequence), spec.name(), "punctual",
                    spec.arrival(), spec.deadline(), List.of());
            held.add(info);
            return new ReservationOutcome.Reserved(info);
        }

        @Override
        public List<ReservationInfo> reservations(String planQueue) {
            return List.copyOf(held);
        }

        @Override
        public boolean release(ReservationId id) {
            return held.removeIf(r -> r.id().equals(id));
        }

        @Override
        public ClusterSnapshot snapshot() {
            throw new UnsupportedOperationException();
        }

        @Override
        public Resources minimumAllocation() {
            throw new UnsupportedOperationException();
        }

        @Override
        public ReservationOutcome update(ReservationId id, ReservationSpec spec) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<AgentForecast> forecast(List<ReservationSpec> inTurn) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<ReservationInfo> reservation(String planQueue, ReservationId id) {
            throw new UnsupportedOperationException();
        }

        @Override
        public QueueSnapshot awaitReservationQueue(String planQueue, ReservationId id, Duration timeout) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<QueueSnapshot> reservationQueue(String planQueue, ReservationId id) {
            throw new UnsupportedOperationException();
        }

        @Override
        public List<AppReport> applicationsTagged(String tag) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<AppReport> application(AppId id) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<String> amContainerLogUrl(AppId id) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void kill(AppId id, String why) {
            throw new UnsupportedOperationException();
        }

        @Override
        public String leaveReservation(AppId id, String queue) {
            throw new UnsupportedOperationException();
        }

        @Override
        public String enterReservation(AppId id, String planQueue, ReservationId reservation) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void close() {
        }
    }
}
