package io.punctual.submit.gateway;

import static io.punctual.submit.gateway.InMemoryGatewayHarness.ANALYTICS;
import static io.punctual.submit.gateway.InMemoryGatewayHarness.GROWTH;
import static io.punctual.submit.gateway.InMemoryGatewayHarness.JSON;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.punctual.submit.home.Install;
import io.punctual.submit.Main;
import io.punctual.submit.home.PunctualHome;
import io.punctual.submit.cli.CliContext;
import io.punctual.submit.launch.InMemoryLauncher;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code punctual explain --batch} against a gateway under Justice on the in-memory cluster: one batch holds the plan,
 * three wait — analytics' small one, then growth's, then analytics' large one (same CPUs per second left as growth's,
 * but younger). The large one is told it waits behind batch "small" and one batch of another team, whose id and job
 * analytics never sees; growth's token cannot see analytics' batch at all.
 */
class ExplainQueuedBatchTest {

    @RegisterExtension
    final InMemoryGatewayHarness harness = new InMemoryGatewayHarness();

    @BeforeEach
    void justice() throws Exception {
        Files.writeString(harness.confDir.resolve("site.conf"), "\npunctual.admission.policy = \"justice\"\n",
                StandardOpenOption.APPEND);
    }

    /** Absolute deadlines, so that the order in line is the CPUs each asks for per second to its deadline. */
    private java.time.Instant start;

    @BeforeEach
    void now() {
        start = harness.clock.instant();
    }

    /** What one command line printed, and its exit status. */
    private record Ran(int status, String out, String err) {
    }

    private Ran explain(Gateway gateway, String token, String... more) {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        var context = new CliContext(Map.of("PUNCTUAL_TOKEN", token), new ByteArrayInputStream(new byte[0]),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                Clock.systemUTC(), new PunctualHome(harness.tmp.resolve("cli-home")), harness.tmp,
                Install.fromSystemProperty().orElseThrow());
        List<String> argv = new java.util.ArrayList<>(List.of("explain", "--gateway",
                "http://127.0.0.1:" + gateway.port()));
        argv.addAll(List.of(more));
        int status = Main.run(argv, context);
        return new Ran(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Submits a batch due {@code minutes} after the test began and waits until it runs or waits for admission. */
    private int submit(Gateway gateway, String token, String name, int executors, int minutes) throws Exception {
        var answer = InMemoryGatewayHarness.call(gateway, token, "POST", "/batches", "{\"file\": \"" + harness.jar
                + "\", \"className\": \"com.example.Job\", \"name\": \"" + name + "\", \"numExecutors\": " + executors
                + ", \"conf\": {\"spark.deadline.by\": \"" + start.plus(Duration.ofMinutes(minutes)) + "\"}}");
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
        int id = JSON.readTree(answer.body()).get("id").asInt();
        JsonNode placed = await(gateway, token, id, b -> List.of("queued", "running").contains(
                b.path("stateDetail").asText()));
        assertThat(placed.path("stateDetail").asText()).as(placed.toString()).isIn("queued", "running");
        return id;
    }

    private static JsonNode await(Gateway gateway, String token, int id,
                                  java.util.function.Predicate<JsonNode> until) throws Exception {
        java.time.Instant giveUp = java.time.Instant.now().plusSeconds(30);
        while (true) {
            JsonNode batch = JSON.readTree(InMemoryGatewayHarness.call(gateway, token, "GET", "/batches/" + id, null)
                    .body());
            if (until.test(batch) || java.time.Instant.now().isAfter(giveUp)) {
                return batch;
            }
            Thread.sleep(50);
        }
    }

    @Test
    void aQueuedBatchIsToldItsPlaceWhoIsAheadAndWhyWithoutAnotherTeamsJob() throws Exception {
        Gateway gateway = harness.gateway(InMemoryLauncher.running(harness.cluster, Duration.ofMinutes(10)));
        int holder = submit(gateway, ANALYTICS, "holder", 4, 40);
        InMemoryGatewayHarness.await(gateway, holder, b -> b.get("stateDetail").asText().equals("running"));
        // 3 CPUs over 40 minutes, then 5 over 45, then 5 over 40: Justice's order is small, growth's, large.
        int small = submit(gateway, ANALYTICS, "small", 2, 40);
        int theirs = submit(gateway, GROWTH, "growth-secret-job", 4, 45);
        int large = submit(gateway, ANALYTICS, "large", 4, 40);
        JsonNode told = InMemoryGatewayHarness.await(gateway, large,
                b -> b.at("/admission/reason").asText().startsWith("queued, 3 of 3"));
        assertThat(told.at("/admission/reason").asText()).as(told.toString())
                .startsWith("queued, 3 of 3 in the admission queue (behind batch " + small
                        + " and 1 batch of another team; Justice serves the smallest CPUs per second to deadline"
                        + " first): ");

        Ran text = explain(gateway, ANALYTICS, "--batch", String.valueOf(large));

        assertThat(text.status()).as(text.err()).isZero();
        assertThat(text.out()).contains("batch " + large + " (analytics/", "waiting in the admission queue",
                "place: 3 of 3 in the admission queue (justice)", "ahead: batch " + small + " (analytics/",
                "ahead: another team's batch", "order: Justice serves the smallest CPUs per second to deadline first",
                "sizing (as the gateway recorded it): 4 executors", "the plan answered: "
                        + told.at("/admission/reason").asText().substring(told.at("/admission/queue/text").asText()
                        .length() + 2, told.at("/admission/queue/text").asText().length() + 40));
        assertThat(text.out()).doesNotContain("growth").doesNotContain("batch " + theirs + " ");

        Ran json = explain(gateway, ANALYTICS, "--batch", String.valueOf(large), "--json");
        JsonNode explained = JSON.readTree(json.out());
        assertThat(explained.get("waiting").asBoolean()).isTrue();
        assertThat(explained.at("/queue/position").asInt()).isEqualTo(3);
        assertThat(explained.at("/queue/ahead/0/id").asInt()).isEqualTo(small);
        assertThat(explained.at("/queue/ahead/1/otherTeam").asBoolean()).isTrue();
        assertThat(explained.at("/queue/ahead/1").has("id")).isFalse();
        assertThat(explained.get("planAnswer").asText()).isNotBlank();
    }

    @Test
    void anotherTeamsTokenCannotSeeTheBatchAndARunningBatchIsNotQueued() throws Exception {
        Gateway gateway = harness.gateway(InMemoryLauncher.running(harness.cluster, Duration.ofMinutes(10)));
        int holder = submit(gateway, ANALYTICS, "holder", 4, 40);
        InMemoryGatewayHarness.await(gateway, holder, b -> b.get("stateDetail").asText().equals("running"));

        Ran theirs = explain(gateway, GROWTH, "--batch", String.valueOf(holder));
        assertThat(theirs.status()).isEqualTo(1);
        assertThat(theirs.err()).contains("batch " + holder + " not found", "another team's batches are not shown");
        assertThat(theirs.out()).isEmpty();

        Ran running = explain(gateway, ANALYTICS, "--batch", String.valueOf(holder));
        assertThat(running.status()).as(running.err()).isZero();
        assertThat(running.out()).contains("batch " + holder + " (analytics/", "running",
                "not waiting in the admission queue").doesNotContain("  place: ");
    }
}
