package io.punctual.submit.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.punctual.submit.home.Install;
import io.punctual.submit.home.PunctualHome;
import io.punctual.submit.config.ConfigSource;
import io.punctual.submit.launch.InMemoryLauncher;
import io.punctual.submit.launch.SparkRuntime;
import io.punctual.yarn.memory.ClusterLayout;
import io.punctual.yarn.memory.InMemoryClusterGateway;
import io.punctual.yarn.memory.ManualClock;
import io.punctual.submit.DirectoryCopy;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A gateway over the in-memory cluster, configured with a copy of {@code conf/embedded} laid out under a temporary
 * directory so that its teams' {@code local-dirs} ({@code ../../workloads/target}) point into it: the test's jar lives
 * there. The cluster's clock runs fifty times faster than the wall clock. Registered as a JUnit extension: each test
 * gets its own directory, and every gateway it started is closed after it.
 */
final class InMemoryGatewayHarness implements BeforeEachCallback, AfterEachCallback {

    static final String ANALYTICS = "analytics-local-token-0001";
    static final String GROWTH = "growth-local-token-0002";
    static final ObjectMapper JSON = new ObjectMapper();

    private static final Install INSTALL = Install.fromSystemProperty().orElseThrow();
    /**
     * One client per gateway: a client shared by every test of a JVM could reuse a pooled connection to a closed
     * gateway whose port a new one was given, which answers with no bytes at all.
     */
    private static final Map<Gateway, HttpClient> CLIENTS = Collections.synchronizedMap(new WeakHashMap<>());

    final ManualClock clock = new ManualClock(Instant.now());
    final InMemoryClusterGateway cluster = new InMemoryClusterGateway(ClusterLayout.embedded(), clock);
    Path tmp;
    Path confDir;
    Path jar;
    private final ScheduledExecutorService time = Executors.newSingleThreadScheduledExecutor();
    private final List<Gateway> started = new ArrayList<>();
    private Gateway runningGateway;
    private InMemoryLauncher runningLauncher;

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        tmp = Files.createTempDirectory("punctual-gateway-test");
        confDir = DirectoryCopy.of(INSTALL.root().resolve("conf/embedded"), tmp.resolve("conf/embedded"));
        jar = Files.writeString(Files.createDirectories(tmp.resolve("workloads/target")).resolve("job.jar"),
                "stands for the application");
        time.scheduleAtFixedRate(() -> clock.advance(Duration.ofMillis(1000)), 20, 20, TimeUnit.MILLISECONDS);
    }


    /** The test's one gateway over this cluster, started on first use, whose applications run for a minute. */
    Gateway running() throws IOException {
        if (runningGateway == null) {
            runningLauncher = InMemoryLauncher.running(cluster, Duration.ofMinutes(1));
            runningGateway = gateway(runningLauncher);
        }
        return runningGateway;
    }

    /** What the {@link #running()} gateway launched. */
    List<io.punctual.submit.launch.LaunchRequest> launched() {
        return runningLauncher == null ? List.of() : runningLauncher.requests();
    }

    Gateway gateway(InMemoryLauncher launcher) throws IOException {
        return gateway(launcher, cluster);
    }

    /** Every gateway started after this keeps its batches in the given PostgreSQL database, as several would. */
    void shareDatabase(String jdbcUrl) throws IOException {
        Files.writeString(confDir.resolve("site.conf"), "\npunctual.gateway.database { url = \"" + jdbcUrl
                + "\", user = \"punctual\", connect-timeout = 1s }\n", java.nio.file.StandardOpenOption.APPEND);
    }

    /** A gateway over another cluster: a ResourceManager that restarted and forgot every application. */
    Gateway gateway(InMemoryLauncher launcher, InMemoryClusterGateway over) throws IOException {
        var config = ConfigSource.open(confDir, Map.of(), clock);
        Gateway gateway = Gateway.start(new Gateway.Setup(config, over, tmp, new PunctualHome(tmp.resolve("home")),
                new SparkRuntime(tmp.resolve("spark"), new io.punctual.submit.launch.SparkJars.FromDistribution(), java.util.List.of()), clock, "127.0.0.1", 0, Optional.empty(), launcher));
        started.add(gateway);
        return gateway;
    }

    static HttpResponse<String> call(Gateway gateway, String token, String method, String path, String body)
            throws IOException, InterruptedException {
        HttpClient client = CLIENTS.computeIfAbsent(gateway, g -> HttpClient.newHttpClient());
        return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + gateway.port() + path))
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    static JsonNode await(Gateway gateway, int id, Predicate<JsonNode> until) throws Exception {
        Instant giveUp = Instant.now().plusSeconds(30);
        while (true) {
            JsonNode batch = JSON.readTree(call(gateway, ANALYTICS, "GET", "/batches/" + id, null).body());
            if (until.test(batch) || Instant.now().isAfter(giveUp)) {
                return batch;
            }
            Thread.sleep(50);
        }
    }

    /** A batch request from the analytics team with the test's jar and {@code fields} added. */
    HttpResponse<String> post(Gateway gateway, String path, String fields) throws IOException, InterruptedException {
        return call(gateway, ANALYTICS, "POST", path, "{\"file\": \"" + jar + "\", \"className\": \"com.example.Job\""
                + fields + "}");
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        time.shutdownNow();
        for (Gateway gateway : started) {
            try {
                gateway.close();
            } catch (RuntimeException alreadyClosed) {
                // the test closed it itself
            }
        }
        try (Stream<Path> files = Files.walk(tmp)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        }
    }
}
