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
    void aLatencySensitiveGroupsBatchRunsAsBopfClassedItsGroupAndABatchOfNoGroupDoesNot() throws Exception {
        try (Gateway gateway = harness.gateway(launcher)) {
            JsonNode classes = InMemoryGatewayHarness.JSON.readTree(InMemoryGatewayHarness.call(gateway,
                    InMemoryGatewayHarness.ANALYTICS, "GET", "/queues", null).body());
            String dashboards = classes.findValues("group").stream().filter(g -> g.asText().equals("dashboards"))
                    .findFirst().map(g -> classes.toString()).orElseThrow();
            assertThat(dashboards).contains("\"class\":\"hard\"");
            int grouped = id(post(gateway, "/batches", ", \"conf\": {\"spark.deadline.jobKey\": \"dashboards.refresh\"}"));
            int plain = id(post(gateway, "/batches", ", \"conf\": {\"spark.deadline.jobKey\": \"nightly\"}"));

            JsonNode groupRuns = InMemoryGatewayHarness.await(gateway, grouped, b -> b.get("appId").isTextual());
            InMemoryGatewayHarness.await(gateway, plain, b -> b.get("appId").isTextual());

            assertThat(groupRuns.get("log").toString()).contains("BoPF admitted group dashboards as hard");
            var launches = harness.launched().isEmpty() ? launcher.requests() : harness.launched();
            assertThat(launches).filteredOn(r -> "dashboards.refresh".equals(r.conf().get("spark.deadline.jobKey")))
                    .singleElement().satisfies(r -> assertThat(r.conf()).containsEntry("spark.yarn.priority", "0"));
            assertThat(launches).filteredOn(r -> "nightly".equals(r.conf().get("spark.deadline.jobKey")))
                    .singleElement().satisfies(r -> assertThat(r.conf()).doesNotContainKey("spark.yarn.priority"));
            // A hard group's batch takes the reservation holding its burst when one is open now, else its team queue.
            String queue = groupRuns.get("yarnQueue").asText();
            boolean burstOpen = harness.cluster.reservations("sla").stream().anyMatch(r -> r.name()
                    .equals("punctual-lq analytics/dashboards") && r.allocation().stream().anyMatch(step ->
                    !step.start().isAfter(harness.clock.instant()) && step.end().isAfter(harness.clock.instant())));
            assertThat(queue.startsWith("reservation_") || !burstOpen).as(queue).isTrue();
        }
    }

    private static int id(HttpResponse<String> answer) throws Exception {
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
        return InMemoryGatewayHarness.JSON.readTree(answer.body()).get("id").asInt();
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

    @Test
    void aBestEffortBatchIsSizedAgainstItsOwnQueueNotThePlanItNeverDrawsOn() throws Exception {
        // 3 executors of 4 GiB (4.5 GiB with overhead): the plan's 70% of 16 GiB holds 2 beside the
        // ApplicationMaster, the best-effort queue, which may grow to the whole cluster, 3.
        String fields = ", \"queue\": \"adhoc\", \"numExecutors\": 3, \"executorMemory\": \"4g\"";
        try (Gateway gateway = harness.gateway(launcher)) {
            HttpResponse<String> dry = post(gateway, "/batches?dryRun=true", fields);
            assertThat(dry.statusCode()).as(dry.body()).isEqualTo(200);
            assertThat(InMemoryGatewayHarness.JSON.readTree(dry.body()).get("executors").asInt()).as(dry.body())
                    .isEqualTo(3);
            HttpResponse<String> real = post(gateway, "/batches", fields);
            assertThat(real.statusCode()).as(real.body()).isEqualTo(201);
            int id = InMemoryGatewayHarness.JSON.readTree(real.body()).get("id").asInt();
            JsonNode running = InMemoryGatewayHarness.await(gateway, id, b -> b.get("state").asText()
                    .matches("running|success|dead|killed"));
            assertThat(running.get("state").asText()).as(running.toString()).isIn("running", "success");
            assertThat(running.get("executors").asInt()).isEqualTo(3);
            // A deadline batch of the same shape still answers to the plan: it cannot hold 3.
            HttpResponse<String> deadline = post(gateway, "/batches?dryRun=true", ", \"numExecutors\": 3,"
                    + " \"executorMemory\": \"4g\", \"conf\": {\"spark.deadline.by\": \"30m\"}");
            assertThat(deadline.body()).as(deadline.body()).contains("holds 2");
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
        // As a gateway of that time wrote it: without the checksums an edit would fail.
        Files.writeString(journal, Files.readString(journal).replace("\"planQueue\":\"sla\"", "\"planQueue\":\"adhoc\"")
                .replaceAll("\t[0-9a-f]{8}\n", "\n"));

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
