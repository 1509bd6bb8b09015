package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.punctual.submit.launch.InMemoryLauncher;
import io.punctual.yarn.AppState;
import io.punctual.yarn.memory.InMemoryClusterGateway;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The gateway's own drivers of the submission machine — launch pool, shared poller, DELETE, recovery — over HTTP, on
 * a cluster held in memory whose clock runs fifty times faster than the wall clock. Seconds, not minutes.
 */
class GatewayPathsTest {

    @RegisterExtension
    final InMemoryGatewayHarness harness = new InMemoryGatewayHarness();
    private InMemoryClusterGateway cluster;

    @BeforeEach
    void start() {
        cluster = harness.cluster;
    }

    private Gateway gateway(InMemoryLauncher launcher) throws Exception {
        return harness.gateway(launcher);
    }

    /** The batches' reservations (the dashboards group's Hard bursts are booked beside them, and stay). */
    private java.util.List<io.punctual.yarn.ReservationInfo> batchReservations() {
        return cluster.reservations("sla").stream().filter(r -> r.name().startsWith("punctual gw-")).toList();
    }

    /**
     * The batches' reservations once the machine has released them: a batch is recorded ended before its release
     * runs, so a caller that sees the final state may look a moment too early.
     */
    private java.util.List<io.punctual.yarn.ReservationInfo> releasedReservations() throws InterruptedException {
        java.time.Instant giveUp = java.time.Instant.now().plusSeconds(5);
        while (!batchReservations().isEmpty() && java.time.Instant.now().isBefore(giveUp)) {
            Thread.sleep(20);
        }
        return batchReservations();
    }

    private static HttpResponse<String> call(Gateway gateway, String method, String path, String body)
            throws Exception {
        return InMemoryGatewayHarness.call(gateway, InMemoryGatewayHarness.ANALYTICS, method, path, body);
    }

    private int submit(Gateway gateway) throws Exception {
        String body = "{\"file\": \"" + harness.jar + "\", \"className\": \"com.example.Job\", \"numExecutors\": 2,"
                + " \"conf\": {\"spark.deadline.by\": \"30m\"}}";
        HttpResponse<String> response = call(gateway, "POST", "/batches", body);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        return InMemoryGatewayHarness.JSON.readTree(response.body()).get("id").asInt();
    }

    private static JsonNode await(Gateway gateway, int id, Predicate<JsonNode> until) throws Exception {
        return InMemoryGatewayHarness.await(gateway, id, until);
    }

    @Test
    void aDeadlineBatchRunsInItsReservationAndSucceedsWithItsReservationReleased() throws Exception {
        try (Gateway gateway = gateway(InMemoryLauncher.running(cluster, Duration.ofMinutes(3)))) {
            int id = submit(gateway);

            JsonNode done = await(gateway, id, b -> b.get("state").asText().matches("success|dead|killed"));

            assertThat(done.get("state").asText()).as(done.toString()).isEqualTo("success");
            assertThat(done.get("metDeadline").asBoolean()).isTrue();
            assertThat(releasedReservations()).isEmpty();
        }
    }

    @Test
    void aBatchDeletedWhileSparkSubmitRunsEndsKilledWithItsApplicationKilledAndNothingHeld() throws Exception {
        CountDownLatch launching = new CountDownLatch(1);
        CountDownLatch deleted = new CountDownLatch(1);
        var launcher = new InMemoryLauncher(cluster, request -> {
            launching.countDown();
            try {
                deleted.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return new InMemoryLauncher.Script.Runs(Duration.ofMinutes(20));
        });
        try (Gateway gateway = gateway(launcher)) {
            int id = submit(gateway);
            assertThat(launching.await(10, TimeUnit.SECONDS)).isTrue();

            assertThat(call(gateway, "DELETE", "/batches/" + id, null).statusCode()).isEqualTo(200);
            deleted.countDown();
            JsonNode batch = await(gateway, id, b -> !cluster.applicationsTagged("punctual-gateway").isEmpty()
                    && cluster.applicationsTagged("punctual-gateway").get(0).state().isFinal());

            assertThat(batch.get("state").asText()).isEqualTo("killed");
            // Killed, or refused by YARN because its reservation's queue went with the DELETE: never left running.
            assertThat(cluster.applicationsTagged("punctual-gateway")).singleElement()
                    .satisfies(app -> assertThat(app.state()).isIn(AppState.KILLED, AppState.FAILED));
            assertThat(releasedReservations()).isEmpty();
        }
    }

    @Test
    void aGatewayRestartedWhileItsBatchRunsReattachesAndTheBatchSucceedsWithOneApplication() throws Exception {
        var launcher = InMemoryLauncher.running(cluster, Duration.ofMinutes(5));
        int id;
        try (Gateway first = gateway(launcher)) {
            id = submit(first);
            await(first, id, b -> b.get("state").asText().equals("running"));
        }
        try (Gateway second = gateway(launcher)) {
            assertThat(second.recovered()[0]).as("re-attached").isEqualTo(1);

            JsonNode done = await(second, id, b -> b.get("state").asText().matches("success|dead|killed"));

            assertThat(done.get("state").asText()).as(done.toString()).isEqualTo("success");
            assertThat(cluster.applicationsTagged("punctual-gateway")).hasSize(1);
            assertThat(launcher.requests()).hasSize(1);
            assertThat(releasedReservations()).isEmpty();
        }
    }

    @Test
    void aSparkSubmitThatDiesFirstIsReportedWithoutHostPathsAndTheLogSaysWhy() throws Exception {
        try (Gateway gateway = gateway(new InMemoryLauncher(cluster, r -> new InMemoryLauncher.Script.DiesFirst(
                "FAILED")))) {
            int id = submit(gateway);

            JsonNode done = await(gateway, id, b -> b.get("state").asText().matches("success|dead|killed"));
            JsonNode log = InMemoryGatewayHarness.JSON.readTree(call(gateway, "GET", "/batches/" + id + "/log", null)
                    .body());

            assertThat(done.get("state").asText()).isEqualTo("dead");
            String reason = done.get("admission").get("reason").asText();
            assertThat(reason).contains("spark-submit ended").doesNotContain(harness.tmp.toString());
            assertThat(log.get("log").toString()).contains("failed: spark-submit ended")
                    .doesNotContain(harness.tmp.toString());
        }
    }
}
