package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class GatewayMetricsTest {

    @Test
    void withoutJobKeysDropsEverySampleLabelledByTeamOrJobAndKeepsTheRest() {
        try (GatewayMetrics metrics = new GatewayMetrics()) {
            metrics.finished("finance", "finance/daily", true, OptionalDouble.of(0.9));
            metrics.deadlineEnded("finance", true, true, 60);
            metrics.sized(3_000_000);

            String text = GatewayMetrics.withoutJobKeys(metrics.prometheus(2, 1));

            assertThat(text).startsWith(GatewayMetrics.WITHHELD).doesNotContain("finance")
                    .contains("punctual_sizing_seconds_count 1\n").contains("punctual_tracked_batches 2.0\n")
                    .contains("jvm_memory_used_bytes{");
        }
    }

    @Test
    void eachJobsAchievedConfidenceIsServedNextToTheConfidenceItAskedFor() {
        try (GatewayMetrics metrics = new GatewayMetrics()) {
            for (int i = 0; i < 3; i++) {
                metrics.finished("finance", "finance/daily", true, OptionalDouble.of(0.9));
            }
            metrics.finished("finance", "finance/daily", false, OptionalDouble.of(0.9));
            metrics.finished("ops", "ops/\"quoted\"", true, OptionalDouble.empty());

            String text = metrics.prometheus(0, 0);

            assertThat(text).contains("punctual_deadline_hits_total{team=\"finance\"} 3.0\n")
                    .contains("punctual_deadline_misses_total{team=\"finance\"} 1.0\n")
                    .contains("punctual_deadline_hits_total{team=\"ops\"} 1.0\n")
                    .contains("punctual_job_deadlines_total{job=\"finance/daily\",met=\"true\"} 3.0\n")
                    .contains("punctual_job_deadlines_total{job=\"finance/daily\",met=\"false\"} 1.0\n")
                    .contains("punctual_job_achieved_confidence{job=\"finance/daily\"} 0.75\n")
                    .contains("punctual_job_asked_confidence{job=\"finance/daily\"} 0.9\n")
                    .contains("punctual_job_achieved_confidence{job=\"ops/\\\"quoted\\\"\"} 1.0\n")
                    .contains("punctual_job_asked_confidence{job=\"ops/\\\"quoted\\\"\"} NaN\n");
        }
    }

    @Test
    void eachTeamsOutcomeFiguresCountARefusalAsAMissAndAMissAfterAdmissionAsUnannounced() {
        try (GatewayMetrics metrics = new GatewayMetrics()) {
            metrics.deadlineEnded("finance", true, true, 120);
            metrics.deadlineEnded("finance", true, true, 60);
            metrics.deadlineEnded("finance", true, false, 300);
            metrics.deadlineEnded("finance", false, false, 0);

            String text = metrics.prometheus(0, 0);

            assertThat(text).contains("punctual_outcome_sdr_all{team=\"finance\"} 0.5\n")
                    .containsPattern("punctual_outcome_unannounced_miss_rate\\{team=\"finance\"\\} 0\\.333")
                    .containsPattern("punctual_outcome_unannounced_miss_rate_upper95\\{team=\"finance\"\\} 0\\.8[0-9]*\n")
                    .contains("punctual_outcome_executor_seconds_per_met{team=\"finance\"} 240.0\n");
        }
    }

    @Test
    void timesAreHistogramsWithSumCountAndBucketsAndTheJvmIsMeasured() {
        try (GatewayMetrics metrics = new GatewayMetrics()) {
            metrics.teams(java.util.List.of("analytics", "growth"));
            metrics.sized(3_000_000);
            metrics.sized(40_000_000);
            metrics.submitHandled(2_000_000);
            metrics.submitted("analytics", true);

            String text = metrics.prometheus(4, 1);

            assertThat(text).contains("punctual_sizing_seconds_count 2\n")
                    .containsPattern("punctual_sizing_seconds_sum 0\\.043\\d*\n")
                    .containsPattern("punctual_sizing_seconds_bucket\\{le=\"0\\.00[0-9]+\"\\} 0\n")
                    .contains("punctual_sizing_seconds_bucket{le=\"+Inf\"} 2\n")
                    .contains("punctual_submit_handling_seconds_count 1\n")
                    .contains("punctual_submissions_total{team=\"analytics\"} 1.0\n")
                    .contains("punctual_submissions_total{team=\"growth\"} 0.0\n")
                    .contains("punctual_tracked_batches 4.0\n").contains("punctual_queued_launches 1.0\n")
                    .contains("jvm_memory_used_bytes{").contains("jvm_threads_live_threads");
        }
    }

    @Test
    void theJobsPageListingCarriesEachDeadlineJobsAchievedConfidence() {
        GatewayMetrics metrics = new GatewayMetrics();
        for (int i = 0; i < 10; i++) {
            metrics.finished("finance", "finance/daily", i < 3, OptionalDouble.of(0.9));
        }
        assertThat(metrics.achieved("finance/other")).isEmpty();
        var achieved = metrics.achieved("finance/daily").orElseThrow();
        assertThat(achieved.met()).isEqualTo(3);
        assertThat(achieved.finished()).isEqualTo(10);
        assertThat(achieved.clearlyBelow()).isTrue();
        BatchRecord batch = BatchRecord.recorded(1, "finance", "p-sub-1", null, "daily", null,
                io.punctual.submit.request.SubmitArguments.parse(java.util.List.of("app.jar")), "finance/daily",
                0L, 60_000L, "sla", false);
        var page = BatchJson.page(java.util.List.of(batch), 0, 10, java.time.Clock.systemUTC(), metrics::achieved);
        var confidence = page.get("sessions").get(0).get("jobConfidence");
        assertThat(confidence.get("met").asInt()).isEqualTo(3);
        assertThat(confidence.get("clearlyBelow").asBoolean()).isTrue();
        assertThat(confidence.get("text").asText()).contains("3 of 10").contains("0.90 asked");
    }

    @Test
    void eachReplanIsCountedByWhatItMoved() {
        try (GatewayMetrics metrics = new GatewayMetrics()) {
            metrics.replanned("finance", 1, 3);
            metrics.replanned("finance", 3, 2);
            metrics.replanned("finance", 2, 2);
            metrics.replanned("finance", 2, 2);

            assertThat(metrics.prometheus(0, 0))
                    .contains("punctual_replans_total{direction=\"grow\",team=\"finance\"} 1.0\n")
                    .contains("punctual_replans_total{direction=\"shrink\",team=\"finance\"} 1.0\n")
                    .contains("punctual_replans_total{direction=\"hold\",team=\"finance\"} 2.0\n");
        }
    }
}
