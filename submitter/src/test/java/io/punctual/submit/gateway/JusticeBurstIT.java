package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A burst of deadline jobs through the gateway on the embedded YARN under {@code punctual.admission.policy = justice}
 * (issue 13): real Spark applications of three executors each, of which the plan queue holds one at a time. The ones
 * that find no room wait in the admission queue and run in turn; the one whose deadline is too close to wait for
 * the others is dropped with its reason. Every admitted job meets its deadline.
 */
class JusticeBurstIT {

    private static final String ANALYTICS = "Bearer analytics-local-token-0001";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    static EmbeddedGateway embedded;

    @BeforeAll
    static void start() throws Exception {
        embedded = EmbeddedGateway.start(Path.of("target", "justice-burst-it").toAbsolutePath(),
                "punctual.admission.policy = \"justice\"");
    }

    @AfterAll
    static void stop() {
        if (embedded != null) {
            embedded.close();
        }
    }

    private static JsonNode call(String method, String path, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(embedded.base + path)).header("Authorization",
                ANALYTICS).method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body));
        return JSON.readTree(HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString()).body());
    }

    private static int submit(int index, String deadline) throws Exception {
        return call("POST", "/batches", "{\"file\":\"" + embedded.jar + "\",\"className\":"
                + "\"io.punctual.workloads.SyntheticStages\",\"args\":[\"1\",\"6\",\"2000\"],\"numExecutors\":3,"
                + "\"name\":\"burst-" + index + "\",\"conf\":{\"spark.deadline.by\":\"" + deadline + "\"}}")
                .get("id").asInt();
    }

    private static boolean launched(int id) {
        try {
            return call("GET", "/batches/" + id, null).get("appId").isTextual();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void everyAdmittedJobMeetsItsDeadlineAndEveryDroppedOneSaysWhy() throws Exception {
        List<Integer> ids = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ids.add(submit(i, "5m"));
        }
        // The short-deadline job arrives once one of the others holds the plan, so it must wait behind them.
        Instant wait = Instant.now().plus(Duration.ofMinutes(3));
        while (ids.stream().noneMatch(JusticeBurstIT::launched) && Instant.now().isBefore(wait)) {
            Thread.sleep(500);
        }
        int doomed = submit(3, "50s");
        ids.add(doomed);

        List<JsonNode> ended = new ArrayList<>();
        Instant giveUp = Instant.now().plus(Duration.ofMinutes(8));
        for (int id : ids) {
            JsonNode batch = call("GET", "/batches/" + id, null);
            while (!batch.get("state").asText().matches("success|dead|killed") && Instant.now().isBefore(giveUp)) {
                Thread.sleep(1000);
                batch = call("GET", "/batches/" + id, null);
            }
            ended.add(batch);
        }

        assertThat(ended).allSatisfy(b -> {
            if (b.at("/admission/verdict").asText().equals("rejected")) {
                assertThat(b.at("/admission/reason").asText()).as(b.toString())
                        .containsAnyOf("dropped from the admission queue", "the deadline cannot be met");
            } else {
                assertThat(b.get("state").asText()).as(b.toString()).isEqualTo("success");
                assertThat(b.get("metDeadline").asBoolean()).as(b.toString()).isTrue();
            }
        });
        assertThat(ended).filteredOn(b -> b.get("state").asText().equals("success")).hasSizeGreaterThanOrEqualTo(2);
        List<String> logs = new ArrayList<>();
        for (int id : ids) {
            logs.add(call("GET", "/batches/" + id + "/log?size=-1", null).get("log").toString());
        }
        assertThat(logs).as("some job waited its turn instead of being rejected")
                .anySatisfy(log -> assertThat(log).contains("waits in the admission queue"));
        assertThat(ended.get(3).at("/admission/verdict").asText()).as(ended.get(3).toString()).isEqualTo("rejected");
    }
}
