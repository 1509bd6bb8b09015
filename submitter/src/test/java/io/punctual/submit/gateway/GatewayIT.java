package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.punctual.yarn.AppId;
import io.punctual.yarn.AppState;
import io.punctual.yarn.ClusterGateway;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The gateway over HTTP, on a real embedded YARN with real Spark (one cluster and one gateway for the class). */
class GatewayIT {

    static final String ANALYTICS = "Bearer analytics-local-token-0001";
    static final String GROWTH = "Bearer growth-local-token-0002";
    static final ObjectMapper JSON = new ObjectMapper();
    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    static EmbeddedGateway embedded;
    static ClusterGateway cluster;
    static String base;
    static String jar;

    @BeforeAll
    static void start() throws IOException {
        embedded = EmbeddedGateway.start(Path.of("target", "gateway-it").toAbsolutePath());
        cluster = embedded.cluster;
        base = embedded.base;
        jar = embedded.jar;
    }

    @AfterAll
    static void stop() {
        if (embedded != null) {
            embedded.close();
        }
    }

    static HttpResponse<String> call(String method, String path, String token, String body, String... headers)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            request.header("Authorization", token);
        }
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    static String batch(String className, String args, String conf) {
        return "{\"file\":\"" + jar + "\",\"className\":\"" + className + "\",\"args\":" + args
                + ",\"numExecutors\":1,\"conf\":" + conf + "}";
    }

    static JsonNode awaitFinal(int id, String token) throws Exception {
        Instant giveUp = Instant.now().plus(Duration.ofMinutes(4));
        while (Instant.now().isBefore(giveUp)) {
            JsonNode batch = JSON.readTree(call("GET", "/batches/" + id, token, null).body());
            if (batch.get("state").asText().matches("success|dead|killed")) {
                return batch;
            }
            Thread.sleep(1000);
        }
        throw new AssertionError("batch " + id + " did not finish in time");
    }

    @Test
    void aBatchWithADeadlineRunsInItsReservationAndSucceeds() throws Exception {
        var created = call("POST", "/batches", ANALYTICS, batch("io.punctual.workloads.SyntheticStages",
                "[\"1\",\"2\",\"500\"]", "{\"spark.deadline.by\":\"5m\"}"));
        assertThat(created.statusCode()).isEqualTo(201);
        int id = JSON.readTree(created.body()).get("id").asInt();

        JsonNode done = awaitFinal(id, ANALYTICS);

        assertThat(done.get("state").asText()).isEqualTo("success");
        String reservation = done.get("reservationId").asText();
        String log = call("GET", "/batches/" + id + "/log", ANALYTICS, null).body();
        assertThat(log).contains("state: RUNNING, queue: " + reservation + ")");
        String queue = done.get("yarnQueue").asText();
        if (!queue.equals(reservation)) {
            // On a loaded host a run can outlive its hold: it is then moved out of the reservation, never killed by it.
            assertThat(log).contains("moved it into queue " + queue);
        }
        assertThat(done.get("metDeadline").asBoolean()).isTrue();
        assertThat(done.get("admission").get("verdict").asText()).isEqualTo("admitted");
        assertThat(cluster.application(new AppId(done.get("appId").asText())).orElseThrow().state())
                .isEqualTo(AppState.SUCCEEDED);
        assertThat(cluster.reservations("sla")).noneMatch(r -> r.id().value().equals(done.get("reservationId").asText()));
        assertThat(log).contains("sized:").contains("reserved").contains("learned");
    }

    @Test
    void theSameIdempotencyKeyNeverStartsASecondApplication() throws Exception {
        String body = batch("io.punctual.workloads.SyntheticStages", "[\"1\",\"1\",\"100\"]",
                "{\"spark.deadline.by\":\"5m\"}");
        var first = call("POST", "/batches", ANALYTICS, body, "Idempotency-Key", "dag.task.2026-11-22.1");
        var again = call("POST", "/batches", ANALYTICS, body, "Idempotency-Key", "dag.task.2026-11-22.1");

        assertThat(first.statusCode()).isEqualTo(201);
        assertThat(again.statusCode()).isEqualTo(200);
        assertThat(again.headers().firstValue("Idempotent-Replayed")).hasValue("true");
        assertThat(first.headers().firstValue("Server-Timing")).hasValueSatisfying(timing ->
                assertThat(Double.parseDouble(timing.replaceFirst("^submit;dur=", ""))).isPositive());
        int id = JSON.readTree(first.body()).get("id").asInt();
        assertThat(JSON.readTree(again.body()).get("id").asInt()).isEqualTo(id);
        JsonNode done = awaitFinal(id, ANALYTICS);
        String submission = done.get("appId").asText();
        assertThat(cluster.applicationsTagged("punctual-gateway").stream()
                .filter(a -> a.id().value().equals(submission))).hasSize(1);
    }

    @Test
    void teamsSeeOnlyTheirOwnBatchesAndBadRequestsSayWhy() throws Exception {
        var created = call("POST", "/batches?dryRun=true", ANALYTICS, batch("x.Y", "[]",
                "{\"spark.deadline.by\":\"5m\"}"));
        assertThat(created.statusCode()).isEqualTo(200);
        JsonNode dry = JSON.readTree(created.body());
        assertThat(dry.get("dryRun").asBoolean()).isTrue();
        assertThat(dry.get("admission").get("verdict").asText()).isEqualTo("admitted");
        assertThat(dry.get("plannedReservation").get("containers").asInt()).isEqualTo(2);
        var tooClose = JSON.readTree(call("POST", "/batches?dryRun=true", ANALYTICS, batch("x.Y", "[]",
                "{\"spark.deadline.by\":\"2s\"}")).body());
        assertThat(tooClose.get("admission").get("verdict").asText()).isEqualTo("rejected");
        assertThat(tooClose.get("admission").get("reason").asText()).contains("leaves no time");

        var real = call("POST", "/batches", ANALYTICS, batch("io.punctual.workloads.SyntheticStages",
                "[\"1\",\"1\",\"100\"]", "{\"spark.deadline.by\":\"5m\"}"));
        int id = JSON.readTree(real.body()).get("id").asInt();
        assertThat(call("GET", "/batches/" + id, GROWTH, null).statusCode()).isEqualTo(404);
        assertThat(call("DELETE", "/batches/" + id, GROWTH, null).statusCode()).isEqualTo(404);
        assertThat(JSON.readTree(call("GET", "/batches", GROWTH, null).body()).get("sessions").findValues("id")
                .stream().map(JsonNode::asInt)).doesNotContain(id);
        assertThat(call("GET", "/batches", null, null).statusCode()).isEqualTo(401);
        assertThat(call("GET", "/batches", "Bearer nope-nope-nope-nope", null).statusCode()).isEqualTo(401);

        var wrongType = call("POST", "/batches", ANALYTICS, "{\"file\":\"" + jar + "\",\"numExecutors\":\"four\"}");
        assertThat(wrongType.statusCode()).isEqualTo(400);
        assertThat(wrongType.body()).contains("numExecutors");
        var malformed = call("POST", "/batches", ANALYTICS, "{\"file\":");
        assertThat(malformed.statusCode()).isEqualTo(400);
        assertThat(malformed.body()).contains("malformed JSON");
        var unknownFieldsAreIgnored = call("POST", "/batches?dryRun=true", ANALYTICS,
                "{\"file\":\"" + jar + "\",\"kind\":\"spark\",\"heartbeatTimeoutInSecond\":60}");
        assertThat(unknownFieldsAreIgnored.statusCode()).isEqualTo(200);
        awaitFinal(id, ANALYTICS);
    }

    @Test
    void deletingARunningBatchKillsItsApplicationAndReleasesItsReservation() throws Exception {
        var created = call("POST", "/batches", GROWTH, batch("io.punctual.workloads.SyntheticStages",
                "[\"1\",\"1\",\"600000\"]", "{\"spark.deadline.by\":\"8m\"}"));
        int id = JSON.readTree(created.body()).get("id").asInt();
        Instant giveUp = Instant.now().plus(Duration.ofMinutes(3));
        JsonNode batch;
        do {
            Thread.sleep(1000);
            batch = JSON.readTree(call("GET", "/batches/" + id, GROWTH, null).body());
        } while (!batch.get("state").asText().equals("running") && Instant.now().isBefore(giveUp));
        String app = batch.get("appId").asText();

        assertThat(call("DELETE", "/batches/" + id, GROWTH, null).statusCode()).isEqualTo(200);

        JsonNode done = awaitFinal(id, GROWTH);
        assertThat(done.get("state").asText()).isEqualTo("killed");
        assertThat(done.get("finishedAt").isNull()).isFalse();
        assertThat(call("GET", "/batches/" + id + "/log", GROWTH, null).body()).contains("released reservation");
        Instant until = Instant.now().plusSeconds(30);
        while (!cluster.application(new AppId(app)).orElseThrow().state().isFinal() && Instant.now().isBefore(until)) {
            Thread.sleep(500);
        }
        assertThat(cluster.application(new AppId(app)).orElseThrow().state()).isEqualTo(AppState.KILLED);
        assertThat(cluster.reservations("sla")).noneMatch(r -> r.id().value().equals(done.get("reservationId").asText()));
    }

    @Test
    void aBatchWithoutADeadlineRunsBestEffortInItsTeamsOwnQueueAndHardGroupsAreReserved() throws Exception {
        var created = call("POST", "/batches", GROWTH, batch("io.punctual.workloads.SyntheticStages",
                "[\"1\",\"1\",\"100\"]", "{}"));
        int id = JSON.readTree(created.body()).get("id").asInt();

        JsonNode done = awaitFinal(id, GROWTH);

        assertThat(done.get("state").asText()).isEqualTo("success");
        assertThat(done.get("bestEffort").asBoolean()).isTrue();
        assertThat(done.get("reservationId").isNull()).isTrue();
        assertThat(done.get("yarnQueue").asText()).isEqualTo("team-growth");
        assertThat(cluster.snapshot().queue("team-growth")).hasValueSatisfying(q ->
                assertThat(q.capacity()).isCloseTo(0.10, org.assertj.core.data.Offset.offset(1e-3)));
        JsonNode queues = JSON.readTree(call("GET", "/queues", GROWTH, null).body());
        assertThat(queues.get("queue").get("name").asText()).isEqualTo("team-growth");

        // analytics declares a latency-sensitive group (2 vcores, 1 min every 10 min): BoPF makes it Hard, and its
        // bursts are reserved ahead, one reservation per period.
        JsonNode analytics = JSON.readTree(call("GET", "/queues", ANALYTICS, null).body());
        JsonNode dashboards = java.util.stream.StreamSupport.stream(analytics.get("latencySensitive").spliterator(),
                false).filter(g -> g.get("group").asText().equals("dashboards")).findFirst().orElseThrow();
        assertThat(dashboards.get("class").asText()).as(analytics.toString()).isEqualTo("hard");
        assertThat(cluster.reservations("sla")).anyMatch(r -> r.name().startsWith("punctual-lq analytics/dashboards#"));
    }

    @Test
    void metricsAndHealthAreServed() throws Exception {
        var metrics = call("GET", "/metrics", null, null);
        assertThat(metrics.statusCode()).isEqualTo(200);
        assertThat(metrics.body()).contains("punctual_submissions_total").contains("punctual_sizing_seconds_count");
        var health = JSON.readTree(call("GET", "/healthz", null, null).body());
        assertThat(health.get("status").asText()).isEqualTo("ok");
    }
}
