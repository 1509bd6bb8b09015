package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.punctual.sizing.Resources;
import io.punctual.sizing.sizer.Bound;
import io.punctual.sizing.sizer.SizingDecision;
import io.punctual.submit.launch.ContainerShapes;
import io.punctual.submit.pipeline.Replanning;
import io.punctual.submit.pipeline.Sizing;
import io.punctual.submit.pipeline.SubmissionState;
import io.punctual.submit.request.SubmitArguments;
import io.punctual.yarn.AppId;
import io.punctual.yarn.ReservationId;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What re-planning did to a running batch survives the store and a restart, and the batch's JSON and the metrics
 * say it (issue 25, items 4 and 5).
 */
class ReplanningRecordTest {

    private static final Instant T0 = Instant.parse("2026-11-28T09:00:00Z");
    private static final Path WORK = Path.of("/tmp/punctual-replanning-record-test");

    private final Sizing sizing = new Sizing(new ContainerShapes(Resources.of(1, 1024), Resources.of(1, 1024), 2),
            new SizingDecision.Sized(2, "RUSH", Bound.DEADLINE, Duration.ofSeconds(110), Optional.empty(),
                    Optional.empty(), List.of()), 8);
    private final BatchRecord launched = BatchRuns.withSizing(BatchRecord.recorded(7, "analytics", "gw-7", null,
            "daily", null, SubmitArguments.parse(List.of("app.jar")), "analytics/daily", T0.toEpochMilli(),
            T0.plusSeconds(100).toEpochMilli(), "sla", false).toBuilder(), sizing)
            .reservation("reservation_1_0007", T0.toEpochMilli(), T0.plusSeconds(80).toEpochMilli())
            .app("application_1_0007", "reservation_1_0007").state(BatchState.RUNNING).build();

    private SubmissionState.Running running(Replanning replanning, Instant holdEnds) {
        return new SubmissionState.Running(BatchRuns.submission(launched, WORK), sizing,
                Optional.of(new ReservationId("reservation_1_0007")), new AppId("application_1_0007"),
                SubmissionState.Watch.fresh(), Optional.of(holdEnds), replanning);
    }

    private static Replanning grownAndLate() {
        var change = new Replanning.Change(T0.plusSeconds(20), 2, 4, Optional.of(T0.plusSeconds(80)),
                T0.plusSeconds(111), "behind: 175 s left at θ on 2 executors, 80 s to the deadline");
        return new Replanning(4, List.of(change), Optional.of(12.5), Optional.empty(), Optional.of(T0));
    }

    @Test
    void aRestartedGatewayReadsBackEveryRePlanAndTheGrownHoldFromTheStoredRecord() throws Exception {
        BatchRecord written = BatchStates.write(launched, running(grownAndLate(), T0.plusSeconds(111)),
                T0.plusSeconds(21).toEpochMilli()).build();

        BatchRecord read = StoredJson.MAPPER.readValue(StoredJson.bytes(written), BatchRecord.class);
        var back = (SubmissionState.Running) BatchStates.of(read, WORK);

        assertThat(read.reservationEndMs()).isEqualTo(T0.plusSeconds(111).toEpochMilli());
        assertThat(back.holdEnds()).contains(T0.plusSeconds(111));
        // Everything but when the plan last refused, which a restarted gateway need not wait out.
        Replanning expected = grownAndLate();
        assertThat(back.replanning()).isEqualTo(new Replanning(expected.executors(), expected.changes(),
                expected.predictedLateSeconds(), expected.off(), Optional.empty()));
    }

    @Test
    void aBatchLaunchedAheadOfItsReservationsQueueRecordsTheReservationSoRecoveryKeepsIt() throws Exception {
        BatchRecord sized = BatchRuns.withSizing(BatchRecord.recorded(8, "analytics", "gw-8", null, "daily", null,
                SubmitArguments.parse(List.of("app.jar")), "analytics/daily", T0.toEpochMilli(),
                T0.plusSeconds(100).toEpochMilli(), "sla", false).toBuilder(), sizing).build();
        var launching = new SubmissionState.Launching(BatchRuns.submission(sized, WORK), sizing.opensAt(
                T0.plusSeconds(1)), Optional.of(new ReservationId("reservation_1_0008")), "team-analytics",
                Optional.of(T0.plusSeconds(80)));

        BatchRecord written = BatchStates.write(sized, launching, T0.toEpochMilli()).build();
        BatchRecord read = StoredJson.MAPPER.readValue(StoredJson.bytes(written), BatchRecord.class);

        assertThat(read.reservationId()).isEqualTo("reservation_1_0008");
        assertThat(read.reservationStartMs()).isEqualTo(T0.plusSeconds(1).toEpochMilli());
        assertThat(read.reservationEndMs()).isEqualTo(T0.plusSeconds(80).toEpochMilli());
        assertThat(read.verdict()).isEqualTo("admitted");
        assertThat(BatchStates.of(read, WORK)).isInstanceOfSatisfying(SubmissionState.Launching.class, back -> {
            assertThat(back.reservation()).contains(new ReservationId("reservation_1_0008"));
            assertThat(back.queue()).isEqualTo("team-analytics");
            assertThat(back.holdEnds()).contains(T0.plusSeconds(80));
        });
    }

    @Test
    void aRunNothingHappenedToKeepsNoRecordAndItsBatchShowsNone() {
        BatchRecord written = BatchStates.write(launched, running(Replanning.launched(sizing), T0.plusSeconds(80)),
                T0.plusSeconds(21).toEpochMilli()).build();

        assertThat(written.replanning()).isNull();
        JsonNode json = BatchJson.batch(written, Clock.fixed(T0.plusSeconds(21), ZoneOffset.UTC));
        assertThat(json.has("replanning")).isFalse();
        assertThat(json.get("predictedLateSeconds").isNull()).isTrue();
        assertThat(json.get("predictedMiss").asBoolean()).isFalse();
        assertThat(((SubmissionState.Running) BatchStates.of(written, WORK)).replanning())
                .isEqualTo(Replanning.launched(sizing));
    }

    @Test
    void theBatchListsEachRePlanAndCarriesThePredictedLatenessWhileItRuns() {
        BatchRecord written = BatchStates.write(launched, running(grownAndLate(), T0.plusSeconds(111)),
                T0.plusSeconds(21).toEpochMilli()).build();

        JsonNode json = BatchJson.batch(written, Clock.fixed(T0.plusSeconds(21), ZoneOffset.UTC));

        assertThat(json.get("predictedMiss").asBoolean()).isTrue();
        assertThat(json.get("predictedLateSeconds").asDouble()).isEqualTo(12.5);
        assertThat(json.get("reservationEnd").asText()).isEqualTo(T0.plusSeconds(111).toString());
        JsonNode replanning = json.get("replanning");
        assertThat(replanning.get("executors").asInt()).isEqualTo(4);
        assertThat(replanning.get("off").isNull()).isTrue();
        assertThat(replanning.get("changes")).singleElement().satisfies(c -> {
            assertThat(c.get("at").asText()).isEqualTo(T0.plusSeconds(20).toString());
            assertThat(c.get("executorsFrom").asInt()).isEqualTo(2);
            assertThat(c.get("executorsTo").asInt()).isEqualTo(4);
            assertThat(c.get("holdEndFrom").asText()).isEqualTo(T0.plusSeconds(80).toString());
            assertThat(c.get("holdEndTo").asText()).isEqualTo(T0.plusSeconds(111).toString());
            assertThat(c.get("why").asText()).startsWith("behind");
        });
        BatchRecord ended = written.toBuilder().state(BatchState.SUCCESS).finished(T0.plusSeconds(95).toEpochMilli(),
                true).build();
        JsonNode after = BatchJson.batch(ended, Clock.fixed(T0.plusSeconds(96), ZoneOffset.UTC));
        assertThat(after.get("predictedLateSeconds").isNull()).as("an ended batch predicts nothing").isTrue();
        assertThat(after.get("replanning").get("changes")).hasSize(1);
    }

    @Test
    void executorSecondsCountEachCountForAsLongAsTheRunHadIt() {
        // 2 executors from 0 to 20 s, then 4 until it ends at 50 s: 2 x 20 + 4 x 30 = 160 executor-seconds.
        BatchRecord written = BatchStates.write(launched, running(grownAndLate(), T0.plusSeconds(111)),
                T0.plusSeconds(21).toEpochMilli()).build();

        assertThat(TransitionCounts.executorMillis(written, T0.toEpochMilli(), T0.plusSeconds(50).toEpochMilli()))
                .isEqualTo(160_000);
        assertThat(TransitionCounts.executorMillis(launched, T0.toEpochMilli(), T0.plusSeconds(50).toEpochMilli()))
                .isEqualTo(100_000);
        assertThat(TransitionCounts.executorMillis(written, T0.toEpochMilli(), T0.plusSeconds(10).toEpochMilli()))
                .as("ended before it was grown").isEqualTo(20_000);
    }

    @Test
    void eachRePlanAndTheFirstPredictedMissAreCountedPerTeam() {
        try (GatewayMetrics metrics = new GatewayMetrics()) {
            var counts = new TransitionCounts(metrics);
            var before = running(Replanning.launched(sizing), T0.plusSeconds(80));
            var grown = running(grownAndLate(), T0.plusSeconds(111));

            counts.count(Optional.of(launched), before, grown);
            counts.count(Optional.of(launched), grown, grown);

            assertThat(metrics.prometheus(0, 0))
                    .contains("punctual_replans_total{direction=\"grow\",team=\"analytics\"} 1.0\n")
                    .contains("punctual_predicted_misses_total{team=\"analytics\"} 1.0\n");
        }
    }
}
