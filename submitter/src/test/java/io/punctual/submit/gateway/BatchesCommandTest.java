package io.punctual.submit.gateway;

import static io.punctual.submit.gateway.InMemoryGatewayHarness.ANALYTICS;
import static io.punctual.submit.gateway.InMemoryGatewayHarness.GROWTH;
import static io.punctual.submit.gateway.InMemoryGatewayHarness.JSON;
import static io.punctual.submit.gateway.InMemoryGatewayHarness.call;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.punctual.submit.home.Install;
import io.punctual.submit.Main;
import io.punctual.submit.home.PunctualHome;
import io.punctual.submit.cli.CliContext;
import io.punctual.submit.cli.ExitStatus;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code punctual batches list|log|kill} against a real gateway (Jetty, over the in-memory cluster): what each prints
 * is what the gateway's Livy API answers, and each refusal is a message and an exit status a script can act on.
 */
class BatchesCommandTest {

    @RegisterExtension
    final InMemoryGatewayHarness harness = new InMemoryGatewayHarness();

    /** What one command line printed, and its exit status. */
    private record Ran(int status, String out, String err) {
    }

    @Test
    void listShowsTheTeamsBatchesAndOnlyTheirs() throws Exception {
        Gateway gateway = harness.running();
        int first = submitted(gateway, "first");
        int second = submitted(gateway, "second");

        Ran analytics = batches(gateway, ANALYTICS, "list");
        Ran json = batches(gateway, ANALYTICS, "list", "--json");
        Ran growth = batches(gateway, GROWTH, "list", "--json");

        assertThat(analytics.status()).as(analytics.err()).isEqualTo(ExitStatus.OK);
        assertThat(analytics.out()).containsPattern("(?m)^ *" + first + " .*first")
                .containsPattern("(?m)^ *" + second + " .*second");
        assertThat(ids(JSON.readTree(json.out()))).containsExactlyInAnyOrder(first, second);
        assertThat(ids(JSON.readTree(growth.out()))).isEmpty();
    }

    @Test
    void logPrintsTheGatewaysLinesAndPagesAsLivyDoes() throws Exception {
        Gateway gateway = harness.running();
        int id = submitted(gateway, "logged");
        awaitLogLines(gateway, id, 2);
        // The first two lines: the log grows while the batch runs, but never changes what it already holds.
        JsonNode whole = JSON.readTree(call(gateway, ANALYTICS, "GET", "/batches/" + id + "/log?from=0&size=2", null)
                .body());

        Ran ran = batches(gateway, ANALYTICS, "log", Integer.toString(id), "--from", "0", "--size", "2");

        assertThat(ran.status()).as(ran.err()).isEqualTo(ExitStatus.OK);
        List<String> expected = new ArrayList<>();
        whole.get("log").forEach(line -> expected.add(line.asText()));
        assertThat(expected).hasSize(2);
        assertThat(ran.out().lines().toList()).isEqualTo(expected);
    }

    @Test
    void killEndsTheBatchAndAnUnknownOneIsNotFound() throws Exception {
        Gateway gateway = harness.running();
        int id = submitted(gateway, "doomed");

        Ran killed = batches(gateway, ANALYTICS, "kill", Integer.toString(id));
        Ran unknown = batches(gateway, ANALYTICS, "kill", "9999");
        Ran othersBatch = batches(gateway, GROWTH, "kill", Integer.toString(id));

        assertThat(killed.status()).as(killed.err()).isEqualTo(ExitStatus.OK);
        assertThat(killed.out()).contains("batch " + id);
        JsonNode after = InMemoryGatewayHarness.await(gateway, id, b -> b.get("state").asText().equals("dead")
                || b.get("state").asText().equals("killed"));
        assertThat(after.get("state").asText()).isIn("dead", "killed");
        assertThat(unknown.status()).isEqualTo(ExitStatus.FAILED);
        assertThat(unknown.err()).contains("batch 9999 not found");
        assertThat(othersBatch.status()).as("another team's batch is not found, never killed")
                .isEqualTo(ExitStatus.FAILED);
    }

    @Test
    void aTokenTheGatewayRefusesIsSaidSo() throws Exception {
        Gateway gateway = harness.running();

        Ran ran = batches(gateway, "not-a-token", "list");

        assertThat(ran.status()).isEqualTo(ExitStatus.FAILED);
        assertThat(ran.err()).contains("401").contains("--token").doesNotContain("not-a-token");
    }

    @Test
    void aGatewayThatDoesNotAnswerIsNamedWithinTheCommandsPatience() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Instant start = Instant.now();

        Ran ran = run(Map.of("PUNCTUAL_TOKEN", ANALYTICS), "batches", "list", "--gateway",
                "http://127.0.0.1:" + port);

        assertThat(Duration.between(start, Instant.now())).isLessThan(Duration.ofSeconds(15));
        assertThat(ran.status()).isEqualTo(ExitStatus.FAILED);
        assertThat(ran.err()).contains("cannot reach the gateway at http://127.0.0.1:" + port)
                .contains("--gateway");
    }

    @Test
    void aWrongCommandLineIsAUsageError() throws Exception {
        Gateway gateway = harness.running();

        Ran noToken = run(Map.of(), "batches", "list", "--gateway", "http://127.0.0.1:" + gateway.port());
        Ran badId = batches(gateway, ANALYTICS, "log", "seven");
        Ran unknown = batches(gateway, ANALYTICS, "purge");
        Ran badUrl = run(Map.of("PUNCTUAL_TOKEN", ANALYTICS), "batches", "list", "--gateway", "127.0.0.1:8998");

        assertThat(List.of(noToken.status(), badId.status(), unknown.status(), badUrl.status()))
                .containsOnly(ExitStatus.USAGE);
        assertThat(noToken.err()).contains("--token").contains("PUNCTUAL_TOKEN");
        assertThat(badId.err()).contains("seven");
        assertThat(unknown.err()).contains("purge").contains("list, log or kill");
        assertThat(badUrl.err()).contains("127.0.0.1:8998").contains("http://");
    }

    private int submitted(Gateway gateway, String name) throws Exception {
        var answer = harness.post(gateway, "/batches", ", \"name\": \"" + name + "\","
                + " \"conf\": {\"spark.deadline.by\": \"1h\"}");
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
        return JSON.readTree(answer.body()).get("id").asInt();
    }

    private static void awaitLogLines(Gateway gateway, int id, int lines) throws Exception {
        Instant giveUp = Instant.now().plusSeconds(30);
        while (JSON.readTree(call(gateway, ANALYTICS, "GET", "/batches/" + id + "/log", null).body()).path("total")
                .asInt() < lines && Instant.now().isBefore(giveUp)) {
            Thread.sleep(50);
        }
    }

    private static List<Integer> ids(JsonNode page) {
        List<Integer> ids = new ArrayList<>();
        page.get("sessions").forEach(b -> ids.add(b.get("id").asInt()));
        return ids;
    }

    private Ran batches(Gateway gateway, String token, String... more) {
        List<String> argv = new ArrayList<>(List.of("batches"));
        argv.addAll(List.of(more));
        argv.addAll(List.of("--gateway", "http://127.0.0.1:" + gateway.port()));
        return run(Map.of("PUNCTUAL_TOKEN", token), argv.toArray(String[]::new));
    }

    private Ran run(Map<String, String> env, String... argv) {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        var context = new CliContext(new HashMap<>(env), new ByteArrayInputStream(new byte[0]),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                Clock.systemUTC(), new PunctualHome(harness.tmp.resolve("cli-home")), harness.tmp,
                Install.fromSystemProperty().orElseThrow());
        int status = Main.run(List.of(argv), context);
        return new Ran(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
