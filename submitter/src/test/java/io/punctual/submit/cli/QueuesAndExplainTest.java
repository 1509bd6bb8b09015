package io.punctual.submit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QueuesAndExplainTest {

    @TempDir
    Path tmp;

    @Test
    void queuesAreAdmittedInOrderWithTheConditionThatDecided() throws Exception {
        // C = <100, 102400>. dash: alpha*t = 40*60 = 2400 <= C*T/1 = 60000 and nothing else bursts: hard.
        // alerts: 70*30 = 2100 <= 100*300/2 = 15000 (fair), but 40 + 70 > 100 vcores while dash is ON: soft.
        Files.writeString(tmp.resolve("q.json"), """
                {"capacity":{"vcores":100,"memoryMb":102400},
                 "queues":[{"name":"dash","kind":"LQ","alpha":{"vcores":40,"memoryMb":40960},"on":60,"period":600,"start":0},
                           {"name":"alerts","kind":"LQ","alpha":{"vcores":70,"memoryMb":10240},"on":30,"period":300,"start":0},
                           {"name":"batch","kind":"TQ"}]}
                """);
        var cli = new CliHarness(tmp, Map.of());

        assertThat(cli.run("queues", "admit", "q.json", "--json")).isZero();

        JsonNode queues = new ObjectMapper().readTree(cli.out()).get("queues");
        assertThat(queues).hasSize(3);
        assertThat(queues.get(0).get("class").asText()).isEqualTo("hard");
        assertThat(queues.get(1).get("class").asText()).isEqualTo("soft");
        assertThat(queues.get(1).get("reason").asText()).contains("resource (3) fails");
        assertThat(queues.get(2).get("class").asText()).isEqualTo("elastic");
    }

    @Test
    void trailingGarbageAfterTheQueuesIsRejected() throws Exception {
        Files.writeString(tmp.resolve("q.json"), """
                {"capacity":{"vcores":100,"memoryMb":102400},"queues":[{"name":"batch","kind":"TQ"}]} garbage
                """);
        var cli = new CliHarness(tmp, Map.of());
        assertThat(cli.run("queues", "admit", "q.json")).isEqualTo(2);
        assertThat(cli.err()).contains("not valid JSON").contains("line 1");
    }

    @Test
    void aBadQueueSpecNamesTheField() throws Exception {
        Files.writeString(tmp.resolve("q.json"), """
                {"capacity":{"vcores":100,"memoryMb":102400},"queues":[{"name":"x","kind":"LQ","on":60,"period":600}]}
                """);
        var cli = new CliHarness(tmp, Map.of());
        assertThat(cli.run("queues", "admit", "q.json")).isEqualTo(2);
        assertThat(cli.err()).contains("\"alpha\"");
    }

    @Test
    void explainingAJobWithoutHistoryShowsJusticeAndWhyThereIsNoHistory() throws Exception {
        var cli = new CliHarness(tmp, Map.of());

        assertThat(cli.run("explain", "finance/first-time", "--deadline", "30m", "--embedded", "--json")).isZero();

        JsonNode result = new ObjectMapper().readTree(cli.out());
        assertThat(result.get("verdict").asText()).isEqualTo("sized");
        assertThat(result.get("method").asText()).isEqualTo("Justice");
        assertThat(result.get("goodRuns").asInt()).isZero();
        assertThat(result.get("executors").asInt()).isBetween(1, 6);
    }

    @Test
    void anExplicitExecutorCountIsReportedAsAnOverrideAndACapacityTooSmallIsUnmeetable() throws Exception {
        var cli = new CliHarness(tmp, Map.of());
        assertThat(cli.run("explain", "finance/x", "--deadline", "30m", "--executors", "3", "--embedded", "--json")).isZero();
        assertThat(new ObjectMapper().readTree(cli.out()).get("method").asText()).isEqualTo("user");

        assertThat(cli.run("explain", "finance/x", "--deadline", "30m", "--executors", "5", "--capacity", "4,4096", "--embedded"))
                .isEqualTo(3);
        assertThat(cli.out()).contains("cannot be met").contains("do not fit the reservable capacity");
    }
}
