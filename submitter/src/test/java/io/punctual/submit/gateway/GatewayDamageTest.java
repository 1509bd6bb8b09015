package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.punctual.submit.launch.InMemoryLauncher;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A gateway over a damaged journal starts, reports the damage on /healthz without its contents, until told. */
class GatewayDamageTest {

    @RegisterExtension
    final InMemoryGatewayHarness harness = new InMemoryGatewayHarness();

    @Test
    void aTornCharacterAndAForeignRecordAreReportedByLineNotEchoedAndStayUntilAcknowledged() throws Exception {
        var launcher = InMemoryLauncher.running(harness.cluster, Duration.ofMinutes(1));
        try (Gateway first = harness.gateway(launcher)) {
            var answer = InMemoryGatewayHarness.call(first, InMemoryGatewayHarness.ANALYTICS, "POST", "/batches",
                    "{\"file\": \"" + harness.jar + "\", \"className\": \"com.example.Job\"}");
            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
        }
        Path journal = harness.tmp.resolve("home/store/batches/batches.journal");
        Files.write(journal, new byte[] {'{', (byte) 0xE2, (byte) 0x82, '\n'}, StandardOpenOption.APPEND);
        Files.writeString(journal, "{\"id\":9,\"team\":\"growth\",\"idempotencyKey\":\"growth-key\",\"request\":"
                + "{\"primaryResource\":\"/secret/path.jar\"}\n", StandardOpenOption.APPEND);

        try (Gateway second = harness.gateway(launcher)) {
            String health = InMemoryGatewayHarness.call(second, "none", "GET", "/healthz", null).body();
            JsonNode node = InMemoryGatewayHarness.JSON.readTree(health);

            assertThat(node.get("status").asText()).isEqualTo("degraded");
            assertThat(node.get("storeProblems").toString()).contains("not UTF-8 text")
                    .contains("not a BatchRecord").contains("batches.journal line ");
            assertThat(health).doesNotContain("growth-key").doesNotContain("/secret/path.jar")
                    .doesNotContain("\"growth\"").doesNotContain(harness.jar.toString());

            Files.delete(harness.tmp.resolve("home/store/batches/" + StoreProblems.FILE));
            JsonNode acknowledged = InMemoryGatewayHarness.JSON.readTree(InMemoryGatewayHarness.call(second, "none",
                    "GET", "/healthz", null).body());
            assertThat(acknowledged.get("status").asText()).isEqualTo("ok");
        }
    }
}
