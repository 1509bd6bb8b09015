package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.punctual.submit.launch.InMemoryLauncher;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The queue a Livy request names: checked against the team's own, never taken for a plan queue when it is a
 * best-effort one, and never able to stop a restart.
 */
class GatewayQueuesTest {

    @RegisterExtension
    final InMemoryGatewayHarness harness = new InMemoryGatewayHarness();
    private InMemoryLauncher launcher;

    @BeforeEach
    void start() {
        launcher = InMemoryLauncher.running(harness.cluster, Duration.ofMinutes(5));
    }

    private HttpResponse<String> post(Gateway gateway, String path, String fields) throws Exception {
        return harness.post(gateway, path, fields);
    }

    @Test
    void aDeadlineBatchNamingABestEffortQueueIsA400OnRealAndDryRuns() throws Exception {
        try (Gateway gateway = harness.gateway(launcher)) {
            String fields = ", \"queue\": \"adhoc\", \"conf\": {\"spark.deadline.by\": \"30m\"}";
            HttpResponse<String> real = post(gateway, "/batches", fields);
            HttpResponse<String> dry = post(gateway, "/batches?dryRun=true", fields);

            assertThat(real.statusCode()).as(real.body()).isEqualTo(400);
            assertThat(real.body()).contains("plan queue 'sla'");
            assertThat(dry.statusCode()).as(dry.body()).isEqualTo(400);
            assertThat(post(gateway, "/batches", ", \"queue\": \"sla\"").statusCode()).isEqualTo(400);
        }
    }

    @Test
    void anotherTeamsQueueIsRefused() throws Exception {
        try (Gateway gateway = harness.gateway(launcher)) {
            HttpResponse<String> answer = post(gateway, "/batches", ", \"queue\": \"growth\"");

            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(403);
            assertThat(answer.body()).contains("not one of team analytics's queues");
            assertThat(launcher.requests()).isEmpty();
        }
    }

    @Test
    void aBestEffortBatchNamingTheBestEffortQueueRunsThereAndSurvivesARestart() throws Exception {
        int id;
        try (Gateway first = harness.gateway(launcher)) {
            HttpResponse<String> answer = post(first, "/batches", ", \"queue\": \"adhoc\"");
            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
            id = InMemoryGatewayHarness.JSON.readTree(answer.body()).get("id").asInt();
            JsonNode running = InMemoryGatewayHarness.await(first, id, b -> b.get("state").asText().equals("running"));
            assertThat(running.get("yarnQueue").asText()).isEqualTo("adhoc");
        }
        try (Gateway second = harness.gateway(launcher)) {
            JsonNode done = InMemoryGatewayHarness.await(second, id, b -> b.get("state").asText()
                    .matches("success|dead|killed"));
            assertThat(done.get("state").asText()).as(done.toString()).isEqualTo("success");
        }
    }

    /** A journal from before the check, whose batches recorded a best-effort queue as their plan queue. */
    @Test
    void aRestartOverBatchesRecordedWithANonReservableQueueStartsAndEndsOnlyWhatCannotGoOn() throws Exception {
        int deadline;
        int bestEffort;
        try (Gateway first = harness.gateway(launcher)) {
            deadline = InMemoryGatewayHarness.JSON.readTree(post(first, "/batches",
                    ", \"conf\": {\"spark.deadline.by\": \"30m\"}").body()).get("id").asInt();
            bestEffort = InMemoryGatewayHarness.JSON.readTree(post(first, "/batches", "").body()).get("id").asInt();
            InMemoryGatewayHarness.await(first, deadline, b -> b.get("state").asText().equals("running"));
            InMemoryGatewayHarness.await(first, bestEffort, b -> b.get("state").asText().equals("running"));
        }
        Path journal = harness.tmp.resolve("home/store/batches/batches.journal");
        Files.writeString(journal, Files.readString(journal).replace("\"planQueue\":\"sla\"", "\"planQueue\":\"adhoc\""));

        try (Gateway second = harness.gateway(launcher)) {
            JsonNode reserved = InMemoryGatewayHarness.await(second, deadline, b -> b.get("state").asText()
                    .matches("success|dead|killed"));
            JsonNode plain = InMemoryGatewayHarness.await(second, bestEffort, b -> b.get("state").asText()
                    .matches("success|dead|killed"));

            assertThat(plain.get("state").asText()).as(plain.toString()).isEqualTo("success");
            assertThat(reserved.get("state").asText()).as(reserved.toString()).isIn("success", "dead");
        }
    }
}
