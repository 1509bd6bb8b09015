package io.punctual.submit.gateway;

import static io.punctual.submit.gateway.InMemoryGatewayHarness.ANALYTICS;
import static io.punctual.submit.gateway.InMemoryGatewayHarness.JSON;
import static io.punctual.submit.gateway.InMemoryGatewayHarness.call;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.punctual.submit.launch.InMemoryLauncher;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Livy drops a finished batch from its listing after {@code livy.server.session.state-retain.sec} (600 s): the
 * gateway's listing does too, on its clock, while the batch stays in the store and answers by its id.
 */
class BatchRetentionTest {

    @RegisterExtension
    final InMemoryGatewayHarness harness = new InMemoryGatewayHarness();

    @Test
    void aFinishedBatchLeavesTheListingAfterLivysTenMinutesButStillAnswersByItsId() throws Exception {
        // Applications run for five hours of the cluster's clock: the running batch is still running at the end.
        Gateway gateway = harness.gateway(InMemoryLauncher.running(harness.cluster, Duration.ofHours(5)));
        int running = created(harness.post(gateway, "/batches", ", \"conf\": {\"spark.deadline.by\": \"8h\"}").body());
        int rejected = created(harness.post(gateway, "/batches", ", \"numExecutors\": 5,"
                + " \"conf\": {\"spark.deadline.by\": \"8h\"}").body());
        InMemoryGatewayHarness.await(gateway, rejected, b -> b.get("state").asText().equals("dead"));
        // The cluster's clock runs fifty times the wall's: this is read well inside the ten minutes.
        assertThat(listed(gateway)).contains(running, rejected);

        harness.clock.advance(Duration.ofSeconds(601));

        assertThat(listed(gateway)).containsExactly(running);
        assertThat(JSON.readTree(call(gateway, ANALYTICS, "GET", "/batches/" + running, null).body()).get("state")
                .asText()).as("still under way, so still listed").isIn("not_started", "starting", "running");
        JsonNode kept = JSON.readTree(call(gateway, ANALYTICS, "GET", "/batches/" + rejected, null).body());
        assertThat(kept.get("state").asText()).isEqualTo("dead");
        assertThat(kept.get("admission").get("verdict").asText()).isEqualTo("rejected");
        assertThat(call(gateway, ANALYTICS, "GET", "/batches/" + rejected + "/log", null).statusCode())
                .isEqualTo(200);
    }

    @Test
    void theRetentionIsTheSites() throws Exception {
        Files.writeString(harness.confDir.resolve("site.conf"), "\npunctual.gateway.finished-retention = 1h\n",
                StandardOpenOption.APPEND);
        Gateway gateway = harness.running();
        int rejected = created(harness.post(gateway, "/batches", ", \"numExecutors\": 5,"
                + " \"conf\": {\"spark.deadline.by\": \"8h\"}").body());
        InMemoryGatewayHarness.await(gateway, rejected, b -> b.get("state").asText().equals("dead"));

        harness.clock.advance(Duration.ofMinutes(30));
        assertThat(listed(gateway)).contains(rejected);
        harness.clock.advance(Duration.ofMinutes(31));
        assertThat(listed(gateway)).doesNotContain(rejected);
    }

    private static int created(String body) throws Exception {
        return JSON.readTree(body).get("id").asInt();
    }

    private static List<Integer> listed(Gateway gateway) throws Exception {
        JsonNode page = JSON.readTree(call(gateway, ANALYTICS, "GET", "/batches", null).body());
        List<Integer> ids = new ArrayList<>();
        page.get("sessions").forEach(b -> ids.add(b.get("id").asInt()));
        assertThat(page.get("total").asInt()).isEqualTo(ids.size());
        return ids;
    }
}
