package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.punctual.submit.Install;
import io.punctual.submit.PunctualHome;
import io.punctual.submit.config.ConfigSource;
import io.punctual.submit.launch.InMemoryLauncher;
import io.punctual.submit.launch.SparkRuntime;
import io.punctual.yarn.AppState;
import io.punctual.yarn.memory.ClusterLayout;
import io.punctual.yarn.memory.InMemoryClusterGateway;
import io.punctual.yarn.memory.ManualClock;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gateway's own drivers of the submission machine — launch pool, shared poller, DELETE, recovery — over HTTP, on
 * a cluster held in memory whose clock runs fifty times faster than the wall clock. Seconds, not minutes.
 */
class GatewayPathsTest {

    private static final Install INSTALL = Install.fromSystemProperty().orElseThrow();
    private static final String TOKEN = "analytics-local-token-0001";
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private final ManualClock clock = new ManualClock(Instant.now());
    private final InMemoryClusterGateway cluster = new InMemoryClusterGateway(ClusterLayout.embedded(), clock);
    private final ScheduledExecutorService time = Executors.newSingleThreadScheduledExecutor();
    private Path jar;

    @BeforeEach
    void start() throws Exception {
        jar = Files.writeString(tmp.resolve("job.jar"), "stands for the application");
        time.scheduleAtFixedRate(() -> clock.advance(Duration.ofMillis(1000)), 20, 20, TimeUnit.MILLISECONDS);
    }

    @AfterEach
    void stop() {
        time.shutdownNow();
    }

    private Gateway gateway(InMemoryLauncher launcher) throws Exception {
        var config = ConfigSource.open(INSTALL.root().resolve("conf/embedded"), Map.of(), clock);
        return Gateway.start(new Gateway.Setup(config, cluster, tmp, new PunctualHome(tmp.resolve("home")),
                new SparkRuntime(tmp.resolve("spark"), false), clock, "127.0.0.1", 0, Optional.empty(), launcher));
    }

    /** The batches' reservations (the dashboards group's Hard bursts are booked beside them, and stay). */
    private java.util.List<io.punctual.yarn.ReservationInfo> batchReservations() {
        return cluster.reservations("sla").stream().filter(r -> r.name().startsWith("punctual gw-")).toList();
    }

    private static HttpResponse<String> call(Gateway gateway, String method, String path, String body)
            throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + gateway.port() + path))
                .header("Authorization", "Bearer " + TOKEN).header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private int submit(Gateway gateway) throws Exception {
        String body = "{\"file\": \"" + jar + "\", \"className\": \"com.example.Job\", \"numExecutors\": 2,"
                + " \"conf\": {\"spark.deadline.by\": \"30m\"}}";
        HttpResponse<String> response = call(gateway, "POST", "/batches", body);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        return JSON.readTree(response.body()).get("id").asInt();
    }

    private static JsonNode await(Gateway gateway, int id, Predicate<JsonNode> until) throws Exception {
        Instant giveUp = Instant.now().plusSeconds(30);
        while (true) {
            JsonNode batch = JSON.readTree(call(gateway, "GET", "/batches/" + id, null).body());
            if (until.test(batch) || Instant.now().isAfter(giveUp)) {
                return batch;
            }
            Thread.sleep(50);
        }
    }

    @Test
    void aDeadlineBatchRunsInItsReservationAndSucceedsWithItsReservationReleased() throws Exception {
        try (Gateway gateway = gateway(InMemoryLauncher.running(cluster, Duration.ofMinutes(3)))) {
            int id = submit(gateway);

            JsonNode done = await(gateway, id, b -> b.get("state").asText().matches("success|dead|killed"));

            assertThat(done.get("state").asText()).as(done.toString()).isEqualTo("success");
            assertThat(done.get("metDeadline").asBoolean()).isTrue();
            assertThat(batchReservations()).isEmpty();
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
            assertThat(batchReservations()).isEmpty();
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
            assertThat(batchReservations()).isEmpty();
        }
    }
}
