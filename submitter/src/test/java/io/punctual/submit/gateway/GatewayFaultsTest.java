package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Faults are said, not hidden: a ResourceManager or a state directory that does not answer turns {@code /healthz}
 * degraded with its cause within 30 s, requests that need it are a 503 with Retry-After at once instead of hanging,
 * and the gateway is itself again when the fault is over, without a restart.
 */
class GatewayFaultsTest {

    /** What the issue asks: the fault is on /healthz within this long. */
    private static final Duration SAID_WITHIN = Duration.ofSeconds(30);
    /** A refusal is not a wait: well under a second, with room for a loaded machine. */
    private static final Duration REFUSED_WITHIN = Duration.ofSeconds(2);
    private static final String DEADLINE = ", \"conf\": {\"spark.deadline.by\": \"30m\"}";

    @RegisterExtension
    final InMemoryGatewayHarness harness = new InMemoryGatewayHarness();

    @Test
    void aResourceManagerThatStopsAnsweringIsSaidAndRequestsNeedingItAre503UntilItAnswersAgain() throws Exception {
        // The application outlives the outage (the harness's clock runs fifty times faster than the wall's), so the
        // kill at the end finds it running however slowly a loaded machine gets there.
        Gateway gateway = harness.gateway(io.punctual.submit.launch.InMemoryLauncher.running(harness.cluster,
                Duration.ofDays(1)));
        int id = InMemoryGatewayHarness.JSON.readTree(harness.post(gateway, "/batches", "").body()).get("id").asInt();
        InMemoryGatewayHarness.await(gateway, id, b -> b.get("state").asText().equals("running"));
        assertThat(health(gateway).get("status").asText()).isEqualTo("ok");

        harness.cluster.stopAnswering();
        JsonNode degraded = awaitHealth(gateway, "degraded");

        assertThat(degraded.get("resourceManager").get("answers").asBoolean()).isFalse();
        assertThat(degraded.get("resourceManager").get("cause").asText()).contains("did not answer");
        assertRefused(() -> harness.post(gateway, "/batches?dryRun=true", DEADLINE), "ResourceManager");
        assertRefused(() -> harness.post(gateway, "/batches", DEADLINE), "ResourceManager");
        assertThat(InMemoryGatewayHarness.call(gateway, InMemoryGatewayHarness.ANALYTICS, "GET", "/batches", null)
                .statusCode()).as("what the store holds is still served").isEqualTo(200);

        assertRefused(() -> delete(gateway, id), "ResourceManager");
        assertThat(InMemoryGatewayHarness.await(gateway, id, b -> true).get("state").asText())
                .as("a kill YARN was not told of is not taken").isEqualTo("running");

        harness.cluster.answerAgain();
        awaitHealth(gateway, "ok");
        assertThat(harness.post(gateway, "/batches?dryRun=true", DEADLINE).statusCode()).isEqualTo(200);
        assertThat(delete(gateway, id).statusCode()).isEqualTo(200);
        assertThat(InMemoryGatewayHarness.await(gateway, id, b -> b.get("state").asText().equals("killed"))
                .get("state").asText()).isEqualTo("killed");
    }

    /** The directory moved away and a file put in its place: nothing can be created in it, as on a failed disk. */
    @Test
    void aStateDirectoryThatCannotBeWrittenIsSaidAndSubmissionsAre503UntilItCanAgain() throws Exception {
        Gateway gateway = harness.running();
        Path state = harness.tmp.resolve("home/store");
        Path away = harness.tmp.resolve("home/store-away");
        Files.move(state, away);
        Files.writeString(state, "not a directory");
        try {
            JsonNode degraded = awaitHealth(gateway, "degraded");

            assertThat(degraded.get("stateDirectory").get("answers").asBoolean()).isFalse();
            assertThat(degraded.get("stateDirectory").get("cause").asText()).contains("cannot be written")
                    .doesNotContain(harness.tmp.toString());
            assertRefused(() -> harness.post(gateway, "/batches", DEADLINE), "state directory");
        } finally {
            Files.delete(state);
            Files.move(away, state);
        }
        awaitHealth(gateway, "ok");
        assertThat(harness.post(gateway, "/batches", DEADLINE).statusCode()).isEqualTo(201);
    }

    private static void assertRefused(Callable<HttpResponse<String>> request, String naming) throws Exception {
        Instant sent = Instant.now();
        HttpResponse<String> answer = request.call();
        Duration took = Duration.between(sent, Instant.now());
        System.out.println("refused with " + answer.statusCode() + " after " + took.toMillis() + " ms");
        assertThat(took).isLessThan(REFUSED_WITHIN);
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(503);
        assertThat(answer.headers().firstValue("Retry-After")).isPresent();
        assertThat(answer.body()).contains(naming);
    }

    private static HttpResponse<String> delete(Gateway gateway, int id) throws Exception {
        return InMemoryGatewayHarness.call(gateway, InMemoryGatewayHarness.ANALYTICS, "DELETE", "/batches/" + id, null);
    }

    private static JsonNode health(Gateway gateway) throws Exception {
        return InMemoryGatewayHarness.JSON.readTree(InMemoryGatewayHarness.call(gateway, "none", "GET", "/healthz",
                null).body());
    }

    /** Waits for the status, in wall time; a request sent meanwhile must be answered within {@link #REFUSED_WITHIN}. */
    private static JsonNode awaitHealth(Gateway gateway, String status) throws Exception {
        Instant started = Instant.now();
        Instant giveUp = started.plus(SAID_WITHIN);
        while (true) {
            Instant asked = Instant.now();
            JsonNode health = health(gateway);
            assertThat(Duration.between(asked, Instant.now())).as("/healthz answered at once")
                    .isLessThan(REFUSED_WITHIN);
            if (health.get("status").asText().equals(status)) {
                System.out.println("/healthz said " + status + " after "
                        + Duration.between(started, Instant.now()).toMillis() + " ms");
                return health;
            }
            assertThat(Instant.now()).as("/healthz still says " + health).isBefore(giveUp);
            Thread.sleep(200);
        }
    }
}
