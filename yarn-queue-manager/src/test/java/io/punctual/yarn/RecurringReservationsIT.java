package io.punctual.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.sizing.Resources;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Recurring reservations (BoPF "Hard" latency-sensitive queues) on a real ResourceManager, one embedded cluster for
 * the class. This pins down what Hadoop 3.3.4 does with YARN's {@code recurrenceExpression}: it accepts the
 * reservation and keeps its allocation in period-relative time; its plan follower opens the reservation's queue in
 * every period, but gives it the reserved share only in the first repetition. (It asks the reservation for its
 * resources "now", which answers zero outside the first repetition's absolute start and end.)
 */
class RecurringReservationsIT {

    private static final Duration PERIOD = Duration.ofSeconds(30);
    private static final Duration LAG = Duration.ofSeconds(5);
    /**
     * YARN's plan walks every repetition of a native recurring reservation in its 24 h cycle (2880 of them) when it
     * books or deletes one: seconds on an idle host, and a delete outlasted a command's two 10 s answer timeouts in a
     * CI run on a busy 2-core host. Punctual itself books repetitions one by one ({@link UnrolledRecurrence}), so only
     * this test, which pins down YARN's own behaviour, talks to the plan in native recurrences, and waits longer.
     */
    private static final ClientPatience NATIVE_RECURRENCE = new ClientPatience(Duration.ofSeconds(15),
            Duration.ofSeconds(90));

    @RegisterExtension
    static final TestCluster cluster = TestCluster.perClass("recurring-it").expectingNoReservationsLeftIn("sla");

    private static ClusterGateway gateway() {
        return cluster.gateway();
    }

    record Sample(Instant at, Optional<QueueSnapshot> queue) {
    }

    @Test
    void aRecurringReservationIsListedWithItsPeriodAndItsQueueComesBackEveryPeriodButOnlyTheFirstHasCapacity() {
        try (ClusterGateway patient = cluster.yarn().gateway(NATIVE_RECURRENCE)) {
            watchANativeRecurrence(patient);
        }
    }

    private static void watchANativeRecurrence(ClusterGateway patient) {
        // A window inside one period (offsets 1 s to 21 s of the 30 s period since the epoch), so no repetition
        // straddles a period boundary, opening at least 25 s from now: YARN's agent checks every repetition in its
        // 24 h cycle (2880 of them) and takes seconds to accept, and the first window must not open before that.
        long periodMs = PERIOD.toMillis();
        long boundary = (Instant.now().plusSeconds(25).toEpochMilli() / periodMs + 1) * periodMs;
        Instant arrival = Instant.ofEpochMilli(boundary + 1_000);
        var spec = new ReservationSpec("sla", "hard-lq", arrival, arrival.plusSeconds(20), ReservationSpec.Combine.ALL,
                List.of(StageRequest.gang(Resources.of(1, 1024), 2, Duration.ofSeconds(8))), Optional.of(PERIOD));

        var outcome = patient.reserve(spec);

        assertThat(outcome).isInstanceOf(ReservationOutcome.Reserved.class);
        ReservationId id = ((ReservationOutcome.Reserved) outcome).id();
        try {
            ReservationInfo listed = patient.reservations("sla").stream().filter(r -> r.id().equals(id))
                    .findFirst().orElseThrow();
            assertThat(listed.recurrence()).contains(PERIOD);
            assertThat(listed.name()).isEqualTo("hard-lq");
            assertPeriodRelative(listed);

            Instant watchFrom = Instant.now();
            List<AllocationStep> next = listed.occurrences(watchFrom, arrival.plus(PERIOD.multipliedBy(2)));
            assertThat(next).hasSizeGreaterThanOrEqualTo(2);
            AllocationStep first = next.get(0);
            AllocationStep second = next.get(1);
            assertThat(Duration.between(first.start(), second.start())).isEqualTo(PERIOD);
            assertThat(first.start()).as("the first window opens after YARN accepted it").isAfter(watchFrom)
                    .isAfterOrEqualTo(arrival);

            // The first repetition is a real reservation: its queue opens with the reserved share (once the 3.3.x
            // zero-effective-resources fault is remedied, which awaitReservationQueue does).
            pauseUntil(first.start());
            QueueSnapshot opened = patient.awaitReservationQueue("sla", id,
                    Duration.between(Instant.now(), first.end()));
            assertThat(opened.guaranteed()).isEqualTo(Resources.of(2, 2048));

            List<Sample> samples = watch(id.queueName(), second.end().plus(LAG));

            assertThat(samples).as("the queue closes before the next repetition at %s", second.start())
                    .anySatisfy(s -> {
                        assertThat(s.at()).isBetween(first.end().plus(LAG), second.start());
                        assertThat(s.queue()).isEmpty();
                    });
            List<Sample> reopened = presentBetween(samples, second.start().plus(LAG), second.end());
            assertThat(reopened).as("it opens again one period later, at %s", second.start()).isNotEmpty();
            // What Hadoop 3.3.4 does not do: give the later repetitions their resources.
            assertThat(reopened).allSatisfy(sample -> {
                assertThat(sample.queue().orElseThrow().capacity()).isZero();
                assertThat(sample.queue().orElseThrow().guaranteed()).isEqualTo(Resources.ZERO);
            });
        } finally {
            assertThat(patient.release(id)).isTrue();
        }
    }

    @Test
    void aPeriodThatDoesNotDivideTheMaximumPeriodicityIsRefusedWithYarnsReason() {
        Instant now = Instant.now();
        var spec = new ReservationSpec("sla", "odd-period", now.plusSeconds(1), now.plusSeconds(6),
                ReservationSpec.Combine.ALL, List.of(StageRequest.gang(Resources.of(1, 1024), 1, Duration.ofSeconds(2))),
                Optional.of(Duration.ofSeconds(7)));

        var outcome = gateway().reserve(spec);

        // YARN's plan holds recurring allocations over a 24 h cycle (max-periodicity 86400000 ms): 7 s does not divide it.
        assertThat(outcome).isInstanceOf(ReservationOutcome.Refused.class);
        assertThat(((ReservationOutcome.Refused) outcome).reason()).contains("86400000").contains("7000");
    }

    @Test
    void punctualBooksEachRepetitionAsItsOwnReservationInRealTime() {
        Instant now = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
        var hard = new ReservationSpec("sla", "hard-unrolled", now.plusSeconds(2), now.plusSeconds(22),
                ReservationSpec.Combine.ALL, List.of(StageRequest.gang(Resources.of(1, 1024), 2, Duration.ofSeconds(8))),
                Optional.of(PERIOD));
        var unrolled = new UnrolledRecurrence(gateway());
        try {
            var booked = unrolled.renew(hard, now, PERIOD.multipliedBy(2));

            assertThat(booked).extracting(UnrolledRecurrence.Booking::index).containsExactly(0L, 1L);
            assertThat(booked).allSatisfy(b -> assertThat(b.outcome()).isInstanceOf(ReservationOutcome.Reserved.class));
            var placed = booked.stream().map(b -> ((ReservationOutcome.Reserved) b.outcome()).reservation()).toList();
            // Each repetition is placed inside its own window, in real time, one period after the previous one's.
            for (int k = 0; k < 2; k++) {
                ReservationInfo repetition = placed.get(k);
                assertThat(repetition.recurrence()).isEmpty();
                assertThat(repetition.start().orElseThrow()).isAfterOrEqualTo(hard.arrival().plus(PERIOD.multipliedBy(k)));
                assertThat(repetition.end().orElseThrow()).isBeforeOrEqualTo(hard.deadline().plus(PERIOD.multipliedBy(k)));
            }
            assertThat(unrolled.renew(hard, Instant.now(), PERIOD.multipliedBy(2))).isEmpty();
        } finally {
            assertThat(unrolled.release(hard)).isEqualTo(2);
        }
    }

    /**
     * YARN 3.3.4 lists a recurring allocation as offsets into the period: every step within the first period after
     * the epoch, the held ones inside the window's offsets (1 s to 21 s), 2 containers for 8 s in all.
     */
    private static void assertPeriodRelative(ReservationInfo listed) {
        assertThat(listed.allocation()).allSatisfy(step -> {
            assertThat(step.start()).isAfterOrEqualTo(Instant.EPOCH);
            assertThat(step.end()).isBeforeOrEqualTo(Instant.ofEpochMilli(PERIOD.toMillis()));
        });
        var held = listed.allocation().stream().filter(s -> !s.resources().isZero()).toList();
        assertThat(held).isNotEmpty().allSatisfy(s -> assertThat(s.resources()).isEqualTo(Resources.of(2, 2048)));
        assertThat(held.stream().map(s -> Duration.between(s.start(), s.end())).reduce(Duration.ZERO, Duration::plus))
                .isEqualTo(Duration.ofSeconds(8));
        assertThat(held.get(0).start()).isAfterOrEqualTo(Instant.ofEpochMilli(1_000));
        assertThat(held.get(held.size() - 1).end()).isBeforeOrEqualTo(Instant.ofEpochMilli(21_000));
    }

    private static List<Sample> watch(String queue, Instant until) {
        List<Sample> samples = new ArrayList<>();
        while (Instant.now().isBefore(until)) {
            samples.add(new Sample(Instant.now(), gateway().snapshot().queue(queue)));
            pause(Duration.ofMillis(500));
        }
        return samples;
    }

    private static List<Sample> presentBetween(List<Sample> samples, Instant from, Instant to) {
        return samples.stream().filter(s -> s.queue().isPresent() && !s.at().isBefore(from) && !s.at().isAfter(to))
                .toList();
    }

    private static void pauseUntil(Instant when) {
        Duration left = Duration.between(Instant.now(), when);
        if (!left.isNegative()) {
            pause(left);
        }
    }

    private static void pause(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while watching the reservation queue", e);
        }
    }
}
