package io.punctual.yarn.hadoop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.sizing.Resources;
import io.punctual.yarn.ReservationId;
import io.punctual.yarn.ReservationInfo;
import io.punctual.yarn.ReservationSpec;
import io.punctual.yarn.StageRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.yarn.api.records.ReservationAllocationState;
import org.apache.hadoop.yarn.api.records.ReservationRequestInterpreter;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.ResourceAllocationRequest;
import org.junit.jupiter.api.Test;

class ReservationTranslationTest {

    /** A multiple of the 20 s period since the epoch: 1_795_328_080_000 / 20_000 = 89_766_404. */
    private static final Instant RECURRING_START = Instant.ofEpochMilli(1_795_328_080_000L);

    private static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");

    @Test
    void stagesBecomeReservationRequestsWithTheirShapeCountConcurrencyAndDuration() {
        var spec = new ReservationSpec("sla", "nightly", T0, T0.plusSeconds(600), ReservationSpec.Combine.ORDER,
                List.of(new StageRequest(Resources.of(2, 3072), 6, 3, Duration.ofSeconds(90)),
                        StageRequest.gang(Resources.of(1, 1024), 4, Duration.ofSeconds(30))),
                Optional.empty());

        var definition = ReservationTranslation.toYarn(spec);

        assertThat(definition.getArrival()).isEqualTo(T0.toEpochMilli());
        assertThat(definition.getDeadline()).isEqualTo(T0.plusSeconds(600).toEpochMilli());
        assertThat(definition.getReservationName()).isEqualTo("nightly");
        assertThat(definition.getRecurrenceExpression()).isEqualTo("0");
        var requests = definition.getReservationRequests();
        assertThat(requests.getInterpreter()).isEqualTo(ReservationRequestInterpreter.R_ORDER);
        var first = requests.getReservationResources().get(0);
        assertThat(first.getCapability()).isEqualTo(Resource.newInstance(3072, 2));
        assertThat(first.getNumContainers()).isEqualTo(6);
        assertThat(first.getConcurrency()).isEqualTo(3);
        assertThat(first.getDuration()).isEqualTo(90_000);
        assertThat(requests.getReservationResources().get(1).getConcurrency()).isEqualTo(4);
    }

    @Test
    void everyCombinationMapsToItsInterpreter() {
        assertThat(ReservationTranslation.interpreter(ReservationSpec.Combine.ALL)).isEqualTo(ReservationRequestInterpreter.R_ALL);
        assertThat(ReservationTranslation.interpreter(ReservationSpec.Combine.ANY)).isEqualTo(ReservationRequestInterpreter.R_ANY);
        assertThat(ReservationTranslation.interpreter(ReservationSpec.Combine.ORDER_NO_GAP))
                .isEqualTo(ReservationRequestInterpreter.R_ORDER_NO_GAP);
    }

    @Test
    void aRecurrenceIsThePeriodInMilliseconds() {
        var spec = new ReservationSpec("sla", "hourly", T0, T0.plusSeconds(600), ReservationSpec.Combine.ALL,
                List.of(StageRequest.gang(Resources.of(1, 1024), 2, Duration.ofSeconds(60))),
                Optional.of(Duration.ofHours(1)));
        assertThat(ReservationTranslation.toYarn(spec).getRecurrenceExpression()).isEqualTo("3600000");
    }

    @Test
    void thePlacedAllocationComesBackSortedByStart() {
        var spec = ReservationSpec.single("sla", "x", T0, T0.plusSeconds(600),
                StageRequest.gang(Resources.of(1, 1024), 2, Duration.ofSeconds(60)));
        var later = ResourceAllocationRequest.newInstance(T0.plusSeconds(60).toEpochMilli(),
                T0.plusSeconds(120).toEpochMilli(), Resource.newInstance(1024, 1));
        var earlier = ResourceAllocationRequest.newInstance(T0.toEpochMilli(), T0.plusSeconds(60).toEpochMilli(),
                Resource.newInstance(2048, 2));
        var state = ReservationAllocationState.newInstance(T0.toEpochMilli(), "alice", List.of(later, earlier),
                org.apache.hadoop.yarn.api.records.ReservationId.newInstance(1700000000000L, 7),
                ReservationTranslation.toYarn(spec));

        ReservationInfo info = ReservationTranslation.fromYarn(state);

        assertThat(info.id()).isEqualTo(new ReservationId("reservation_1700000000000_0007"));
        assertThat(info.user()).isEqualTo("alice");
        assertThat(info.start()).contains(T0);
        assertThat(info.end()).contains(T0.plusSeconds(120));
        assertThat(info.allocation().get(0).resources()).isEqualTo(Resources.of(2, 2048));
    }

    @Test
    void invalidRequestsAreRefusedBeforeReachingYarn() {
        assertThatThrownBy(() -> new StageRequest(Resources.of(1, 1024), 2, 3, Duration.ofSeconds(1)))
                .hasMessageContaining("concurrency must be in 1..2");
        assertThatThrownBy(() -> ReservationSpec.single("sla", "x", T0, T0,
                StageRequest.gang(Resources.of(1, 1024), 1, Duration.ofSeconds(1))))
                .hasMessageContaining("ends");
        assertThatThrownBy(() -> new ReservationId("application_1_1")).hasMessageContaining("not a YARN reservation id");
    }

    @Test
    void theRecurrenceComesBackFromYarnsExpression() {
        var spec = new ReservationSpec("sla", "lq", RECURRING_START, RECURRING_START.plusSeconds(10),
                ReservationSpec.Combine.ALL, List.of(StageRequest.gang(Resources.of(1, 1024), 2, Duration.ofSeconds(5))),
                Optional.of(Duration.ofSeconds(30)));
        var state = ReservationAllocationState.newInstance(RECURRING_START.toEpochMilli(), "alice",
                List.of(ResourceAllocationRequest.newInstance(1_000, 6_000, Resource.newInstance(2048, 2))),
                org.apache.hadoop.yarn.api.records.ReservationId.newInstance(1700000000000L, 1),
                ReservationTranslation.toYarn(spec));

        assertThat(ReservationTranslation.fromYarn(state).recurrence()).contains(Duration.ofSeconds(30));
        assertThat(ReservationTranslation.recurrence("0")).isEmpty();
        assertThat(ReservationTranslation.recurrence("")).isEmpty();
        assertThat(ReservationTranslation.recurrence(null)).isEmpty();
        assertThat(ReservationTranslation.recurrence("* * * * *")).isEmpty();
    }
}
