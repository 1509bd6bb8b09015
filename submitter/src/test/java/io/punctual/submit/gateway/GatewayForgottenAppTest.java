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

    /**
     * {@code kill -9} of {@code serve --embedded} takes its YARN with it, but not a spark-submit it started: one left
     * retrying a ResourceManager that is gone (a process of its own, no child of the gateway any more). The restart
     * stops it, and the batch YARN forgot ends dead at a known time.
     */
    @Test
    void theRestartStopsTheOrphanedSparkSubmitAndTheLostBatchEndsWithAFinishedAt() throws Exception {
        JsonNode running = runUntilRunning();
        ProcessHandle orphan = orphanedSparkSubmit(running.get("submissionId").asText());
        try {
            JsonNode done = afterRestartOnAForgetfulCluster(running.get("id").asInt());

            assertThat(done.get("state").asText()).isEqualTo("dead");
            assertThat(done.get("finishedAt").isNull()).as(done.toString()).isFalse();
            assertThat(orphan.onExit().get(10, java.util.concurrent.TimeUnit.SECONDS).isAlive())
                    .as("the orphaned spark-submit").isFalse();
        } finally {
            orphan.destroyForcibly();
        }
    }

    /** A process carrying the batch's mark on its command line, as spark-submit does, reparented away from this JVM. */
    private static ProcessHandle orphanedSparkSubmit(String submissionId) throws Exception {
        String mark = "spark.deadline.submissionId=" + submissionId;
        new ProcessBuilder("sh", "-c", "nohup sh -c 'sleep 300; :' spark-submit --conf " + mark
                + " >/dev/null 2>&1 &").start().waitFor();
        Instant giveUp = Instant.now().plusSeconds(10);
        while (Instant.now().isBefore(giveUp)) {
            var found = ProcessHandle.allProcesses().filter(p -> p.info().commandLine().map(c -> c.contains(mark))
                    .orElse(false)).findFirst();
            if (found.isPresent()) {
                assertThat(ProcessHandle.current().descendants()).doesNotContain(found.get());
                return found.get();
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the stand-in spark-submit did not start");
    }
}
