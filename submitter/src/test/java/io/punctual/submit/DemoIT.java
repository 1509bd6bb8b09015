package io.punctual.submit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.punctual.submit.cli.CliContext;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The README's main command, {@code punctual demo --json}, through the real CLI code on an embedded cluster. */
class DemoIT {

    @Test
    void theDemoRunsTheWordCountInsideItsReservationAndMeetsTheDeadline() throws Exception {
        Path home = Files.createDirectories(Path.of("target", "demo-it-home").toAbsolutePath());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        var context = new CliContext(Map.of(), new java.io.ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8), System.err,
                Clock.systemUTC(), new PunctualHome(home), home, Install.fromSystemProperty().orElseThrow());

        int status = Main.run(List.of("demo", "--json", "--input-mb", "8", "--warmup-runs", "3"), context);

        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        JsonNode result = new ObjectMapper().readTree(lines.get(lines.size() - 1));
        assertThat(status).as(String.join("\n", lines)).isZero();
        assertThat(result.get("finalStatus").asText()).isEqualTo("SUCCEEDED");
        assertThat(result.get("queue").asText()).isEqualTo(result.get("reservationId").asText());
        assertThat(result.get("metDeadline").asBoolean()).isTrue();
        assertThat(result.get("executors").asInt()).isPositive();
        assertThat(result.get("sizedBy").asText()).isEqualTo("RUSH");
        assertThat(result.get("predictedFinishP50").asText()).isNotBlank();
        Path eventLog = Path.of(result.get("eventLog").asText());
        assertThat(eventLog).startsWith(home.resolve("history/event-logs"));
        assertThat(Files.readString(eventLog)).contains("SparkListenerApplicationEnd");
        assertThat(lines).anyMatch(l -> l.contains("Submitted application " + result.get("applicationId").asText()));
        assertThat(lines).filteredOn(l -> l.contains("history run")).hasSize(3)
                .allMatch(l -> l.contains("SUCCEEDED"));
        assertThat(lines).anyMatch(l -> l.contains("sized by RUSH from this job's history"));
        assertThat(lines).anyMatch(l -> l.contains("learned: stored run"));
    }
}
