package io.punctual.submit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.punctual.sizing.Resources;
import io.punctual.sizing.sizer.SizingDecision;
import io.punctual.submit.home.Install;
import io.punctual.submit.home.PunctualHome;
import io.punctual.submit.assembly.Assembly;
import io.punctual.submit.config.ConfigSource;
import io.punctual.submit.gateway.Gateway;
import io.punctual.submit.request.SubmitArguments;
import io.punctual.yarn.memory.InMemoryClusterGateway;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same job, the same deadline and the same configuration directory give the same executor count whichever door
 * it comes in by: {@code punctual submit}'s pipeline, {@code punctual explain}, and the gateway's dry run over HTTP.
 * The cluster is held in memory, sized like the embedded one.
 */
class SameSizingTest {

    private static final Install INSTALL = Install.fromSystemProperty().orElseThrow();
    private static final String TOKEN = "analytics-local-token-0001";

    @TempDir
    Path tmp;

    @Test
    void submitExplainAndTheGatewayDryRunSizeAJobAlike() throws Exception {
        Path confDir = INSTALL.root().resolve("conf/embedded");
        Path jar = Files.writeString(tmp.resolve("nightly.jar"), "stands for the application");
        Instant deadline = Instant.now().plus(Duration.ofMinutes(20)).truncatedTo(ChronoUnit.SECONDS);
        var cluster = InMemoryClusterGateway.embedded(Clock.systemUTC());
        var context = context(Map.of("PUNCTUAL_CONF_DIR", confDir.toString()));

        SizingDecision bySubmit = submitPath(cluster, context, jar, deadline);
        int byExplain = explain(cluster, context, deadline);
        int byGateway = dryRun(cluster, confDir, jar, deadline);

        assertThat(bySubmit).isInstanceOf(SizingDecision.Sized.class);
        int executors = ((SizingDecision.Sized) bySubmit).executors();
        assertThat(executors).isPositive();
        assertThat(byExplain).as("explain").isEqualTo(executors);
        assertThat(byGateway).as("gateway dry run").isEqualTo(executors);
    }

    private SizingDecision submitPath(InMemoryClusterGateway cluster, CliContext context, Path jar, Instant deadline) {
        Assembly assembly = ConfDirs.assembly(Optional.empty(), context, true);
        SubmitArguments args = SubmitArguments.parse(List.of("--team", "analytics", "--job-key", "nightly",
                "--class", "com.example.Nightly", "--deadline", deadline.toString(), jar.toString()));
        var prepared = SubmissionRunner.prepare(cluster, tmp, true, context, assembly, args, deadline,
                event -> { });
        return prepared.pipeline().decide(prepared.submission()).sizing();
    }

    private int explain(InMemoryClusterGateway cluster, CliContext context, Instant deadline) throws Exception {
        Resources plan = cluster.snapshot().planCapacity("sla");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        var captured = new CliContext(context.env(), context.in(), new PrintStream(out, true, StandardCharsets.UTF_8),
                context.err(), context.clock(), context.home(), context.cwd(), context.install());
        int status = new ExplainCommand().run(List.of("analytics/nightly", "--deadline", deadline.toString(),
                "--capacity", plan.vcores() + "," + plan.memoryMb(), "--json"), captured);
        assertThat(status).as(out.toString(StandardCharsets.UTF_8)).isZero();
        return new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8)).get("executors").asInt();
    }

    private int dryRun(InMemoryClusterGateway cluster, Path confDir, Path jar, Instant deadline) throws Exception {
        var config = ConfigSource.open(confDir, Map.of(), Clock.systemUTC());
        var home = new PunctualHome(tmp.resolve("home"));
        var setup = new Gateway.Setup(config, cluster, tmp, home, SubmissionRunner.runtime(context(Map.of())),
                Clock.systemUTC(), "127.0.0.1", 0, Optional.empty());
        try (Gateway gateway = Gateway.start(setup)) {
            // The team may ship no local file from tmp: the same job, named by its cluster URI.
            String body = "{\"file\": \"hdfs:///jobs/" + jar.getFileName() + "\", \"className\": \"com.example.Nightly\","
                    + " \"conf\": {"
                    + "\"spark.deadline.by\": \"" + deadline + "\", \"spark.deadline.jobKey\": \"nightly\"}}";
            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                            URI.create("http://127.0.0.1:" + gateway.port() + "/batches?dryRun=true"))
                    .header("Authorization", "Bearer " + TOKEN).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(response.body()).isBetween(200, 201);
            JsonNode json = new ObjectMapper().readTree(response.body());
            return json.path("executors").asInt(json.path("sizing").path("executors").asInt(-1));
        }
    }

    @Test
    void aRequestTheGatewayCannotBuildAnswers400WithTheFieldNotAServerError() throws Exception {
        Path jar = Files.writeString(tmp.resolve("nightly.jar"), "stands for the application");
        var cluster = InMemoryClusterGateway.embedded(Clock.systemUTC());
        var config = ConfigSource.open(INSTALL.root().resolve("conf/embedded"), Map.of(), Clock.systemUTC());
        var setup = new Gateway.Setup(config, cluster, tmp, new PunctualHome(tmp.resolve("home")),
                SubmissionRunner.runtime(context(Map.of())), Clock.systemUTC(), "127.0.0.1", 0, Optional.empty());
        try (Gateway gateway = Gateway.start(setup)) {
            String body = "{\"file\": \"" + jar + "\", \"driverMemory\": \"lots\", \"conf\": {"
                    + "\"spark.deadline.by\": \"20m\"}}";
            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                            URI.create("http://127.0.0.1:" + gateway.port() + "/batches?dryRun=true"))
                    .header("Authorization", "Bearer " + TOKEN).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());

            assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
            assertThat(response.body()).contains("driverMemory").contains("lots");
        }
    }

    private CliContext context(Map<String, String> env) {
        return new CliContext(env, new java.io.ByteArrayInputStream(new byte[0]), System.out, System.err,
                Clock.systemUTC(), new PunctualHome(tmp.resolve("home")), tmp, INSTALL);
    }
}
