package io.punctual.submit.gateway;

import static io.punctual.submit.gateway.InMemoryGatewayHarness.JSON;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.punctual.submit.launch.InMemoryLauncher;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The gateway under {@code punctual.admission.policy = justice}, on the in-memory cluster (its clock fifty times the
 * wall's). Every batch asks for 4 executors over a whole window, so the plan queue holds one at a time: a batch that
 * finds no room waits instead of being rejected, takes its turn when the plan frees, and is dropped with its reason
 * only once its deadline can no longer be met.
 */
class JusticeQueueTest {

    @RegisterExtension
    final InMemoryGatewayHarness harness = new InMemoryGatewayHarness();

    @BeforeEach
    void justice() throws Exception {
        Files.writeString(harness.confDir.resolve("site.conf"), "\npunctual.admission.policy = \"justice\"\n",
                StandardOpenOption.APPEND);
    }

    private int submit(Gateway gateway, int executors, String deadline) throws Exception {
        var answer = harness.post(gateway, "/batches", ", \"numExecutors\": " + executors
                + ", \"conf\": {\"spark.deadline.by\": \"" + deadline + "\"}");
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
        return JSON.readTree(answer.body()).get("id").asInt();
    }

    private static JsonNode until(Gateway gateway, int id, String detail) throws Exception {
        return InMemoryGatewayHarness.await(gateway, id, b -> detail.equals(b.get("stateDetail").asText()));
    }

    @Test
    void batchesThatFindNoRoomWaitTheirTurnInsteadOfBeingRejectedAndAllMeetTheirDeadlines() throws Exception {
        Gateway gateway = harness.gateway(InMemoryLauncher.running(harness.cluster, Duration.ofMinutes(1)));
        int first = submit(gateway, 4, "20m");
        until(gateway, first, "running");
        var dry = harness.post(gateway, "/batches?dryRun=true", ", \"numExecutors\": 4, \"conf\": {\"spark.deadline.by\":"
                + " \"20m\"}");
        assertThat(JSON.readTree(dry.body()).at("/admission/verdict").asText()).as(dry.body()).isEqualTo("queued");
        int second = submit(gateway, 4, "20m");

        JsonNode waiting = until(gateway, second, "queued");
        assertThat(waiting.get("state").asText()).as("Livy's word: not started yet, not failed").isEqualTo("starting");
        assertThat(waiting.at("/admission/verdict").asText()).isEqualTo("queued");
        JsonNode told = InMemoryGatewayHarness.await(gateway, second,
                b -> b.at("/admission/reason").asText().startsWith("queued, 1 of 1"));
        assertThat(told.at("/admission/reason").asText()).contains("first in line");

        for (int id : new int[] {first, second}) {
            JsonNode done = InMemoryGatewayHarness.await(gateway, id, b -> b.get("state").asText().equals("success"));
            assertThat(done.get("metDeadline").asBoolean()).as(done.toString()).isTrue();
        }
    }

    @Test
    void theLargerRequestPerSecondLeftIsToldItWaitsBehindTheSmallerAndBothMeetTheirDeadlines() throws Exception {
        Gateway gateway = harness.gateway(InMemoryLauncher.running(harness.cluster, Duration.ofMinutes(4)));
        int holder = submit(gateway, 4, "20m");
        until(gateway, holder, "running");
        int large = submit(gateway, 4, "20m");
        until(gateway, large, "queued");
        int small = submit(gateway, 2, "20m");
        until(gateway, small, "queued");

        JsonNode behind = InMemoryGatewayHarness.await(gateway, large,
                b -> b.at("/admission/reason").asText().startsWith("queued, 2 of 2"));
        assertThat(behind.at("/admission/reason").asText()).contains("behind batch " + small);
        // Which of the two reserves first also depends on when the holder's release lands within a round, so only the
        // order each is told is asserted here (AdmissionOrderTest checks the order itself); both then run in time.
        for (int id : new int[] {small, large}) {
            JsonNode done = InMemoryGatewayHarness.await(gateway, id, b -> b.get("state").asText().equals("success"));
            assertThat(done.get("metDeadline").asBoolean()).as(done.toString()).isTrue();
            assertThat(done.at("/admission/verdict").asText()).isEqualTo("admitted");
            assertThat(done.at("/admission/reason").isNull()).as("no longer told it waits: " + done).isTrue();
        }
    }

    @Test
    void aBatchWhoseDeadlineCanNoLongerBeMetIsDroppedWithTheReasonAndAnEarliestDeadline() throws Exception {
        Gateway gateway = harness.gateway(InMemoryLauncher.running(harness.cluster, Duration.ofMinutes(30)));
        int holder = submit(gateway, 4, "40m");
        until(gateway, holder, "running");
        int doomed = submit(gateway, 4, "3m");

        JsonNode dropped = InMemoryGatewayHarness.await(gateway, doomed, b -> b.get("state").asText().equals("dead"));

        assertThat(dropped.at("/admission/verdict").asText()).isEqualTo("rejected");
        assertThat(dropped.at("/admission/reason").asText()).contains("dropped from the admission queue after waiting");
        assertThat(dropped.get("metDeadline").isNull() || !dropped.get("metDeadline").asBoolean()).isTrue();
        assertThat(harness.cluster.reservations("sla")).as("the dropped batch holds nothing")
                .noneMatch(r -> r.name().contains(dropped.get("submissionId").asText()));
    }

    @Test
    void aRestartKeepsTheQueuedBatchesWaitingAndAdmitsThemLater() throws Exception {
        Gateway gateway = harness.gateway(InMemoryLauncher.running(harness.cluster, Duration.ofMinutes(2)));
        int holder = submit(gateway, 4, "30m");
        until(gateway, holder, "running");
        int waiting = submit(gateway, 4, "30m");
        until(gateway, waiting, "queued");
        gateway.close();

        Gateway again = harness.gateway(InMemoryLauncher.running(harness.cluster, Duration.ofMinutes(2)));
        JsonNode after = JSON.readTree(InMemoryGatewayHarness.call(again, InMemoryGatewayHarness.ANALYTICS, "GET",
                "/batches/" + waiting, null).body());
        assertThat(after.get("state").asText()).isIn("starting", "running");

        JsonNode done = InMemoryGatewayHarness.await(again, waiting, b -> b.get("state").asText().equals("success"));
        assertThat(done.get("metDeadline").asBoolean()).as(done.toString()).isTrue();
    }
}
