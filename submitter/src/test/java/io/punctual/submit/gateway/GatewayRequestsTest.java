package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Requests that used to pass silently, or fail as the server's fault: each is now the caller's 4xx, with the fix. */
class GatewayRequestsTest {

    @RegisterExtension
    final InMemoryGatewayHarness harness = new InMemoryGatewayHarness();

    private HttpResponse<String> post(String path, String fields, String key) throws Exception {
        var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + harness.running().port() + path))
                .header("Authorization", "Bearer " + InMemoryGatewayHarness.ANALYTICS)
                .POST(HttpRequest.BodyPublishers.ofString("{\"file\": \"" + harness.jar + "\", \"className\":"
                        + " \"com.example.Job\"" + fields + "}"));
        if (key != null) {
            request.header("Idempotency-Key", key);
        }
        return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aMisspeltDeadlineKeyOrATopLevelDeadlineIsA400NamingTheKnownKeys() throws Exception {
        for (String fields : new String[] {", \"conf\": {\"spark.deadline.By\": \"30m\"}",
                ", \"conf\": {\"spark.deadline.bye\": \"30m\"}", ", \"deadline\": \"30m\"",
                ", \"conf\": {\"spark.deadline.submissionId\": \"gw-x\"}"}) {
            HttpResponse<String> answer = post("/batches", fields, null);
            assertThat(answer.statusCode()).as(fields + " -> " + answer.body()).isEqualTo(400);
            assertThat(answer.body()).contains("spark.deadline.by, spark.deadline.confidence");
        }
        assertThat(post("/batches", ", \"conf\": {\"spark.deadline.By\": \"30m\"}", null).body())
                .contains("did you mean 'spark.deadline.by'");
        assertThat(harness.launched()).isEmpty();
    }

    @Test
    void aPythonBatchWithoutPySparkIsA400SayingWhatIsMissingAndNothingIsRecordedOrReserved() throws Exception {
        Path script = java.nio.file.Files.writeString(harness.jar.resolveSibling("etl.py"), "print('hi')\n");
        var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + harness.running().port() + "/batches"))
                .header("Authorization", "Bearer " + InMemoryGatewayHarness.ANALYTICS)
                .POST(HttpRequest.BodyPublishers.ofString("{\"file\": \"" + script + "\", \"conf\":"
                        + " {\"spark.deadline.by\": \"30m\"}}")).build();
        var reservedBefore = harness.cluster.reservations("sla"); // the teams' latency-sensitive bursts

        HttpResponse<String> answer = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());

        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(400);
        assertThat(answer.body()).contains("etl.py").contains("pyspark.zip and py4j-<version>-src.zip are missing")
                .contains("SPARK_HOME").contains("punctual.spark.pyspark-archives");
        assertThat(harness.cluster.reservations("sla")).isEqualTo(reservedBefore);
        assertThat(harness.launched()).isEmpty();
        assertThat(InMemoryGatewayHarness.call(harness.running(), InMemoryGatewayHarness.ANALYTICS, "GET", "/batches",
                null).body()).contains("\"total\":0");
    }

    @Test
    void driverMemoryThatIsNotASizeIsA400OnRealAndDryRuns() throws Exception {
        HttpResponse<String> real = post("/batches", ", \"driverMemory\": \"lots\"", null);
        HttpResponse<String> dry = post("/batches?dryRun=true", ", \"driverMemory\": \"lots\"", null);

        assertThat(real.statusCode()).as(real.body()).isEqualTo(400);
        assertThat(real.body()).contains("driverMemory").contains("512m or 4g");
        assertThat(dry.statusCode()).as(dry.body()).isEqualTo(400);
    }

    @Test
    void anUnknownUtilityShapeIsA400NamingTheShapesOnRealAndDryRunsAndNothingIsLaunched() throws Exception {
        for (String utility : new String[] {"cubic 5m", "linear soon", "sigmoid"}) {
            String fields = ", \"conf\": {\"spark.deadline.by\": \"30m\", \"spark.deadline.utility\": \"" + utility
                    + "\"}";
            HttpResponse<String> real = post("/batches", fields, null);
            HttpResponse<String> dry = post("/batches?dryRun=true", fields, null);

            assertThat(real.statusCode()).as(utility + " -> " + real.body()).isEqualTo(400);
            assertThat(real.body()).contains("spark.deadline.utility").contains("hard").contains("linear <grace>")
                    .contains("sigmoid <grace>");
            assertThat(dry.statusCode()).as(utility + " dry -> " + dry.body()).isEqualTo(400);
        }
        assertThat(harness.launched()).isEmpty();
    }

    @Test
    void aReusedIdempotencyKeyWithAnotherBodyIsA422AndTheSameBodyReplays() throws Exception {
        assertThat(post("/batches", ", \"args\": [\"a\"]", "k-1").statusCode()).isEqualTo(201);

        HttpResponse<String> same = post("/batches", ", \"args\": [\"a\"]", "k-1");
        HttpResponse<String> other = post("/batches", ", \"args\": [\"b\"]", "k-1");

        assertThat(same.statusCode()).isEqualTo(200);
        assertThat(same.headers().firstValue("Idempotent-Replayed")).contains("true");
        assertThat(other.statusCode()).as(other.body()).isEqualTo(422);
        assertThat(other.body()).contains("different request");
    }

    @Test
    void aBatchIdTooLargeForAnIdIsA404() throws Exception {
        HttpResponse<String> answer = InMemoryGatewayHarness.call(harness.running(), InMemoryGatewayHarness.ANALYTICS, "GET",
                "/batches/99999999999999", null);

        assertThat(answer.statusCode()).isEqualTo(404);
        assertThat(answer.body()).contains("batch 99999999999999 not found").doesNotContain("NumberFormat");
    }

    @Test
    void anOversizedBodyGetsItsAnswer() throws Exception {
        String padding = "x".repeat(5 << 20);
        HttpResponse<String> answer = post("/batches", ", \"name\": \"" + padding + "\"", null);

        assertThat(answer.statusCode()).isEqualTo(400);
        assertThat(answer.body()).contains("more than the 1 MiB");
    }
}
