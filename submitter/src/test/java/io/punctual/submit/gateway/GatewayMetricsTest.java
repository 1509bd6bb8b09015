package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class GatewayMetricsTest {

    @Test
    void eachJobsAchievedConfidenceIsServedNextToTheConfidenceItAskedFor() {
        GatewayMetrics metrics = new GatewayMetrics();
        for (int i = 0; i < 3; i++) {
            metrics.finished("finance/daily", true, OptionalDouble.of(0.9));
        }
        metrics.finished("finance/daily", false, OptionalDouble.of(0.9));
        metrics.finished("ops/\"quoted\"", true, OptionalDouble.empty());

        String text = metrics.prometheus(0, 0);

        assertThat(text).contains("punctual_deadline_hits_total 4\n").contains("punctual_deadline_misses_total 1\n")
                .contains("punctual_job_deadlines_total{job=\"finance/daily\",met=\"true\"} 3\n")
                .contains("punctual_job_deadlines_total{job=\"finance/daily\",met=\"false\"} 1\n")
                .contains("punctual_job_achieved_confidence{job=\"finance/daily\"} 0.7500\n")
                .contains("punctual_job_asked_confidence{job=\"finance/daily\"} 0.9000\n")
                .contains("punctual_job_achieved_confidence{job=\"ops/\\\"quoted\\\"\"} 1.0000\n")
                .doesNotContain("punctual_job_asked_confidence{job=\"ops/");
    }

    @Test
    void theJobsPageListingCarriesEachDeadlineJobsAchievedConfidence() {
        GatewayMetrics metrics = new GatewayMetrics();
        for (int i = 0; i < 10; i++) {
            metrics.finished("finance/daily", i < 3, OptionalDouble.of(0.9));
        }
        assertThat(metrics.achieved("finance/other")).isEmpty();
        var achieved = metrics.achieved("finance/daily").orElseThrow();
        assertThat(achieved.met()).isEqualTo(3);
        assertThat(achieved.finished()).isEqualTo(10);
        assertThat(achieved.clearlyBelow()).isTrue();
        BatchRecord batch = BatchRecord.recorded(1, "finance", "p-sub-1", null, "daily", null,
                io.punctual.submit.request.SubmitArguments.parse(java.util.List.of("app.jar")), "finance/daily",
                0L, 60_000L, "sla", false);
        var page = BatchJson.page(java.util.List.of(batch), 0, 10, java.time.Clock.systemUTC(), new AppLinks(), metrics::achieved);
        var confidence = page.get("sessions").get(0).get("jobConfidence");
        assertThat(confidence.get("met").asInt()).isEqualTo(3);
        assertThat(confidence.get("clearlyBelow").asBoolean()).isTrue();
        assertThat(confidence.get("text").asText()).contains("3 of 10").contains("0.90 asked");
    }
}
