package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.punctual.submit.home.Install;
import io.punctual.submit.Main;
import io.punctual.submit.home.PunctualHome;
import io.punctual.submit.PySparkVenv;
import io.punctual.submit.cli.CliContext;
import io.punctual.yarn.AppId;
import io.punctual.yarn.AppState;
import io.punctual.yarn.ClusterGateway;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Real PySpark applications — a word count and a Spark SQL summary — sized, reserved and launched on one embedded YARN
 * through {@code punctual submit} and through the gateway, with the pyspark of a pip installation
 * ({@link PySparkVenv}); and a Python application that does not compile failing with its cause, nothing left held.
 */
class PySparkIT {

    static final String ANALYTICS = GatewayIT.ANALYTICS;

    static EmbeddedGateway embedded;
    static ClusterGateway cluster;
    static Path work;
    static Path scripts;
    static Path python;
    static Set<String> bursts;

    @BeforeAll
    static void start() throws IOException {
        long started = System.nanoTime();
        python = PySparkVenv.python();
        System.out.printf("PySparkIT: the pyspark venv was ready in %.1f s%n", (System.nanoTime() - started) / 1e9);
        work = Files.createDirectories(Path.of("target", "pyspark-it").toAbsolutePath());
        scripts = Files.createDirectories(work.resolve("scripts"));
        for (String name : List.of("wordcount.py", "sql_summary.py", "syntax_error.py")) {
            try (InputStream in = PySparkIT.class.getResourceAsStream("/python/" + name)) {
                Files.write(scripts.resolve(name), in.readAllBytes());
            }
        }
        Path words = Files.createDirectories(scripts.resolve("words"));
        Files.writeString(words.resolve("a.txt"), "to be or not to be\nthat is the question\n".repeat(2000));
        // "local": the CLI reaches this cluster through HADOOP_CONF_DIR, as it would a real one, whose nodes share
        // this disk all the same.
        embedded = EmbeddedGateway.start(work, "punctual.spark.python = \"" + python + "\"\n"
                + "punctual.spark.jars = \"local\"\n", Optional.of(scripts));
        cluster = embedded.cluster;
        bursts = reservationIds();
    }

    @AfterAll
    static void stop() {
        if (embedded != null) {
            embedded.close();
        }
    }

    @AfterEach
    void nothingIsLeftHeldOrRunning() {
        assertThat(reservationIds()).as("only the teams' standing bursts are reserved").isEqualTo(bursts);
        assertThat(cluster.applicationsTagged("punctual")).allSatisfy(app -> assertThat(app.state().isFinal())
                .as(app.id() + " " + app.state()).isTrue());
    }

    private static Set<String> reservationIds() {
        return cluster.reservations("sla").stream().map(r -> r.id().value()).collect(Collectors.toSet());
    }

    @Test
    void aWordCountRunsThroughPunctualSubmitInItsReservationAndIsLearntFrom() throws Exception {
        Cli run = submit("--name", "py-wordcount", scripts.resolve("wordcount.py").toString(),
                scripts.resolve("words").toUri().toString(), "4");

        System.out.println("PySparkIT punctual submit wordcount.py:\n" + run.out + run.err);
        assertThat(run.exit).as(run.err).isZero();
        assertThat(run.out).contains("job analytics/py-wordcount").contains("executors: ")
                .contains("reserved").contains("SUCCEEDED").contains("learned: stored run");
        Cli history = cli("history", "show", "analytics/py-wordcount");
        System.out.println("PySparkIT history show:\n" + history.out);
        assertThat(history.exit).as(history.err).isZero();
        assertThat(history.out).contains("analytics/py-wordcount").contains("3.5.6");
    }

    @Test
    void aSparkSqlApplicationRunsThroughTheGatewayAndCountsTowardsItsJobsConfidence() throws Exception {
        var created = call("POST", "/batches", ANALYTICS, "{\"file\":\"" + scripts.resolve("sql_summary.py")
                + "\",\"name\":\"py-sql-summary\",\"args\":[\"200000\"],\"numExecutors\":2,"
                + "\"conf\":{\"spark.deadline.by\":\"5m\"}}");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        int id = GatewayIT.JSON.readTree(created.body()).get("id").asInt();

        JsonNode done = awaitFinal(id);

        // The batch reads "success" once YARN says so; what was learnt from the run is logged just after.
        String log = awaitLog(id, "learned");
        System.out.println("PySparkIT gateway sql_summary.py: " + done + "\n" + log);
        assertThat(done.get("state").asText()).as(log).isEqualTo("success");
        assertThat(done.get("yarnQueue").asText()).isEqualTo(done.get("reservationId").asText());
        assertThat(cluster.application(new AppId(done.get("appId").asText())).orElseThrow().state())
                .isEqualTo(AppState.SUCCEEDED);
        assertThat(log).contains("sized:").contains("reserved").contains("learned");
        JsonNode listed = GatewayIT.JSON.readTree(call("GET", "/batches", ANALYTICS, null).body());
        JsonNode mine = null;
        for (JsonNode b : listed.get("sessions")) {
            if (b.get("id").asInt() == id) {
                mine = b;
            }
        }
        assertThat(mine).isNotNull();
        assertThat(mine.get("jobConfidence").get("finished").asInt()).isPositive();
        assertThat(mine.get("jobConfidence").get("met").asInt()).isPositive();
    }

    @Test
    void aPythonApplicationThatDoesNotCompileFailsNamingTheSyntaxErrorAndReleasesItsReservation() throws Exception {
        Cli run = submit("--name", "py-broken", scripts.resolve("syntax_error.py").toString());

        System.out.println("PySparkIT punctual submit syntax_error.py:\n" + run.out + run.err);
        assertThat(run.exit).isEqualTo(1);
        assertThat(run.out).contains("FAILED");
        assertThat(run.err).contains("the application failed: SyntaxError: invalid syntax");
    }

    private static HttpResponse<String> call(String method, String path, String token, String body)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(embedded.base + path)).method(method,
                body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        return GatewayIT.HTTP.send(request.header("Authorization", token).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode awaitFinal(int id) throws Exception {
        Instant giveUp = Instant.now().plus(Duration.ofMinutes(4));
        while (Instant.now().isBefore(giveUp)) {
            JsonNode batch = GatewayIT.JSON.readTree(call("GET", "/batches/" + id, ANALYTICS, null).body());
            if (batch.get("state").asText().matches("success|dead|killed")) {
                return batch;
            }
            Thread.sleep(1000);
        }
        throw new AssertionError("batch " + id + " did not finish in time");
    }

    private static String awaitLog(int id, String text) throws Exception {
        Instant giveUp = Instant.now().plus(Duration.ofMinutes(1));
        String log = "";
        while (Instant.now().isBefore(giveUp) && !log.contains(text)) {
            Thread.sleep(500);
            log = call("GET", "/batches/" + id + "/log?size=1000", ANALYTICS, null).body();
        }
        return log;
    }

    private record Cli(int exit, String out, String err) {
    }

    private static Cli submit(String... argv) {
        List<String> args = new ArrayList<>(List.of("submit", "--deadline", "5m", "--team", "analytics",
                "--executor-memory", "1g", "--driver-memory", "1g"));
        args.addAll(List.of(argv));
        return cli(args.toArray(String[]::new));
    }

    private static Cli cli(String... argv) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Map<String, String> env = Map.of("PUNCTUAL_CONF_DIR", embedded.confDir.toString(),
                "HADOOP_CONF_DIR", embedded.yarn.confDir().toString(), "PATH", System.getenv("PATH"));
        var context = new CliContext(env, InputStream.nullInputStream(),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                Clock.systemUTC(), new PunctualHome(work.resolve("cli-home")), work,
                Install.fromSystemProperty().orElseThrow());
        int exit = Main.run(List.of(argv), context);
        return new Cli(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
