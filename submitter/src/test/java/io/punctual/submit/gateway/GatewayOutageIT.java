package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.punctual.submit.home.Install;
import io.punctual.yarn.embedded.EmbeddedYarn;
import io.punctual.yarn.embedded.EmbeddedYarnSpec;
import io.punctual.yarn.embedded.ResourceManagerLink;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The gateway as a real process ({@code bin/punctual serve}) over a real ResourceManager that goes away and comes
 * back: the gateway's HADOOP_CONF_DIR names a link in front of the embedded cluster's ResourceManager, which the test
 * cuts as a stopped ResourceManager's port is refused, or silences as a hung one takes calls and never answers.
 * Each time {@code /healthz} must say so within 30 s, a dry run must be a 503 with Retry-After at once, and the same
 * gateway process must find the ResourceManager again when it is back.
 */
class GatewayOutageIT {

    static final String TOKEN = "Bearer analytics-local-token-0001";
    static final ObjectMapper JSON = new ObjectMapper();
    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    static final Duration SAID_WITHIN = Duration.ofSeconds(30);

    static Install install = Install.fromSystemProperty().orElseThrow();
    static Path work;
    static EmbeddedYarn yarn;
    static ResourceManagerLink link;
    static Process gateway;
    static int port;

    @BeforeAll
    static void start() throws Exception {
        work = Path.of("target", "gateway-outage-it").toAbsolutePath();
        deleteTree(work);
        yarn = EmbeddedYarn.start(EmbeddedYarnSpec.defaults(), work.resolve("yarn-conf"));
        link = new ResourceManagerLink(yarn.resourceManagerAddress());
        Path linked = Files.createDirectories(work.resolve("linked-conf"));
        try (Stream<Path> files = Files.list(yarn.confDir())) {
            for (Path file : files.toList()) {
                Files.copy(file, linked.resolve(file.getFileName()));
            }
        }
        Path site = linked.resolve("yarn-site.xml");
        Files.writeString(site, Files.readString(site).replace("<name>yarn.resourcemanager.address</name><value>"
                + yarn.resourceManagerAddress() + "<", "<name>yarn.resourcemanager.address</name><value>"
                + link.address() + "<"));
        assertThat(Files.readString(site)).contains(link.address());
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        ProcessBuilder builder = new ProcessBuilder(install.root().resolve("bin/punctual").toString(), "serve",
                "--port", Integer.toString(port), "--conf-dir", install.root().resolve("conf/embedded").toString());
        builder.environment().put("HADOOP_CONF_DIR", linked.toString());
        builder.environment().put("PUNCTUAL_HOME", work.resolve("home").toString());
        builder.redirectErrorStream(true).redirectOutput(work.resolve("gateway.out").toFile());
        gateway = builder.start();
        awaitStatus("ok", Duration.ofSeconds(120));
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.destroyForcibly();
        }
        if (link != null) {
            link.close();
        }
        if (yarn != null) {
            yarn.close();
        }
    }

    @Test
    void aStoppedResourceManagerIsSaidRequestsAre503AtOnceAndTheGatewayFindsItAgain() throws Exception {
        outage(true);
    }

    @Test
    void aHungResourceManagerIsSaidRequestsAre503AtOnceAndTheGatewayFindsItAgain() throws Exception {
        outage(false);
    }

    private void outage(boolean stopped) throws Exception {
        assertThat(dryRun().statusCode()).isEqualTo(200);
        if (stopped) {
            link.refuse();
        } else {
            link.silence();
        }
        try {
            JsonNode degraded = awaitStatus("degraded", SAID_WITHIN);
            assertThat(degraded.get("resourceManager").get("answers").asBoolean()).isFalse();
            assertThat(degraded.get("resourceManager").get("cause").asText()).isNotBlank();

            Instant sent = Instant.now();
            HttpResponse<String> refused = dryRun();
            Duration took = Duration.between(sent, Instant.now());
            System.out.println((stopped ? "stopped" : "hung") + " ResourceManager: dry run answered "
                    + refused.statusCode() + " after " + took.toMillis() + " ms");
            assertThat(refused.statusCode()).as(refused.body()).isEqualTo(503);
            assertThat(refused.headers().firstValue("Retry-After")).isPresent();
            assertThat(took).isLessThan(Duration.ofSeconds(2));
        } finally {
            link.restore();
        }
        awaitStatus("ok", SAID_WITHIN);
        assertThat(dryRun().statusCode()).as("the same process, no restart").isEqualTo(200);
        assertThat(gateway.isAlive()).isTrue();
    }

    static HttpResponse<String> dryRun() throws Exception {
        String body = "{\"file\":\"" + install.requireWorkloadsJar() + "\",\"className\":"
                + "\"io.punctual.workloads.SyntheticStages\",\"args\":[\"1\",\"1\",\"3000\"],\"numExecutors\":1,"
                + "\"conf\":{\"spark.deadline.by\":\"6m\"}}";
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/batches?dryRun=true"))
                .header("Authorization", TOKEN).timeout(Duration.ofSeconds(120))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Waits for /healthz to say {@code status}; prints how long it took, since the measurement is the point. */
    static JsonNode awaitStatus(String status, Duration within) throws Exception {
        Instant started = Instant.now();
        Instant giveUp = started.plus(within);
        JsonNode last = null;
        while (Instant.now().isBefore(giveUp)) {
            try {
                last = JSON.readTree(HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                        + "/healthz")).timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString())
                        .body());
                if (last.get("status").asText().equals(status)) {
                    System.out.println("/healthz said " + status + " after "
                            + Duration.between(started, Instant.now()).toMillis() + " ms");
                    return last;
                }
            } catch (IOException notYet) {
                // starting
            }
            Thread.sleep(250);
        }
        throw new AssertionError("/healthz did not say " + status + " within " + within + "; last: " + last);
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(file);
            }
        }
    }
}
