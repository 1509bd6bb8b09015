package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.punctual.submit.launch.InMemoryLauncher;
import io.punctual.yarn.memory.ClusterLayout;
import io.punctual.yarn.memory.InMemoryClusterGateway;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An embedded cluster killed with the gateway comes back without its applications: a batch whose driver finished
 * meanwhile is reported with the end its event log shows, not as dead.
 */
class GatewayForgottenAppTest {

    @RegisterExtension
    final InMemoryGatewayHarness harness = new InMemoryGatewayHarness();

    /** The batch, running. */
    private JsonNode runUntilRunning() throws Exception {
        try (Gateway first = harness.gateway(InMemoryLauncher.running(harness.cluster, Duration.ofMinutes(30)))) {
            var answer = InMemoryGatewayHarness.call(first, InMemoryGatewayHarness.ANALYTICS, "POST", "/batches",
                    "{\"file\": \"" + harness.jar + "\", \"className\": \"com.example.Job\"}");
            int id = InMemoryGatewayHarness.JSON.readTree(answer.body()).get("id").asInt();
            return InMemoryGatewayHarness.await(first, id, b -> b.get("state").asText().equals("running"));
        }
    }

    private JsonNode afterRestartOnAForgetfulCluster(int id) throws Exception {
        var forgetful = new InMemoryClusterGateway(ClusterLayout.embedded(), harness.clock);
        try (Gateway second = harness.gateway(InMemoryLauncher.running(forgetful, Duration.ofMinutes(1)), forgetful)) {
            return InMemoryGatewayHarness.await(second, id, b -> b.get("state").asText()
                    .matches("success|dead|killed"));
        }
    }

    @Test
    void aDriverThatFinishedIsReportedAsSucceededAtTheEndItsEventLogShows() throws Exception {
        JsonNode running = runUntilRunning();
        Instant end = harness.clock.instant().minusSeconds(5).truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
        Path logs = Files.createDirectories(harness.tmp.resolve("home/history/event-logs"));
        Files.write(logs.resolve(running.get("appId").asText()), List.of(
                "{\"Event\":\"SparkListenerApplicationStart\",\"App Name\":\"job\",\"Timestamp\":"
                        + end.minusSeconds(60).toEpochMilli() + "}",
                "{\"Event\":\"SparkListenerJobEnd\",\"Job ID\":0,\"Job Result\":{\"Result\":\"JobSucceeded\"}}",
                "{\"Event\":\"SparkListenerApplicationEnd\",\"Timestamp\":" + end.toEpochMilli() + "}"));

        JsonNode done = afterRestartOnAForgetfulCluster(running.get("id").asInt());

        assertThat(done.get("state").asText()).as(done.toString()).isEqualTo("success");
        assertThat(done.get("finishedAt").asText()).isEqualTo(end.toString());
    }

    @Test
    void withoutAFinishedEventLogTheBatchIsStillReportedLost() throws Exception {
        JsonNode done = afterRestartOnAForgetfulCluster(runUntilRunning().get("id").asInt());

        assertThat(done.get("state").asText()).isEqualTo("dead");
        assertThat(done.get("admission").get("reason").asText()).contains("YARN no longer knows");
    }
}
