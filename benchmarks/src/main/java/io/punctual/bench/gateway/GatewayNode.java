package io.punctual.bench.gateway;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.punctual.yarn.embedded.EmbeddedYarn;
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

/**
 * One gateway process ({@code bin/punctual serve} with its own {@code PUNCTUAL_HOME}, as on a host of its own) over
 * the shared PostgreSQL and the embedded YARN, and the analytics team's calls to it.
 */
record GatewayNode(Process process, String base, Path home) {

    static final ObjectMapper JSON = new ObjectMapper();
    private static final String TOKEN = "Bearer analytics-local-token-0001";
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    /** Starts the gateway and waits until it answers {@code /healthz}. */
    static GatewayNode start(Path root, Path work, EmbeddedYarn yarn, String database, String name)
            throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Path home = Files.createDirectories(work.resolve(name));
        ProcessBuilder builder = new ProcessBuilder(root.resolve("bin/punctual").toString(), "serve", "--port",
                Integer.toString(port), "--conf-dir", root.resolve("conf/embedded").toString());
        builder.environment().put("HADOOP_CONF_DIR", yarn.confDir().toString());
        builder.environment().put("PUNCTUAL_HOME", home.toString());
        builder.environment().put("PUNCTUAL_JAVA_OPTS", "-Xmx1g -Dpunctual.gateway.database.url=" + database);
        builder.redirectErrorStream(true).redirectOutput(work.resolve(name + ".out").toFile());
        GatewayNode node = new GatewayNode(builder.start(), "http://127.0.0.1:" + port, home);
        Instant giveUp = Instant.now().plusSeconds(120);
        while (Instant.now().isBefore(giveUp)) {
            try {
                if (node.send("GET", "/healthz", null, null).statusCode() == 200) {
                    return node;
                }
            } catch (IOException notYet) {
                Thread.sleep(500);
            }
        }
        throw new IllegalStateException("gateway " + name + " did not start in 2 minutes; see " + work);
    }

    boolean leads() throws Exception {
        return JSON.readTree(send("GET", "/healthz", null, null).body()).path("leads").asBoolean();
    }

    /** One call as the analytics team; {@code key} is an Idempotency-Key, or null. */
    HttpResponse<String> send(String method, String path, String body, String key)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .header("Authorization", TOKEN).timeout(Duration.ofSeconds(30))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (key != null) {
            request.header("Idempotency-Key", key);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    static String option(String[] argv, String name, String fallback) {
        for (int i = 0; i + 1 < argv.length; i++) {
            if (argv[i].equals(name)) {
                return argv[i + 1];
            }
        }
        if (fallback == null) {
            throw new IllegalArgumentException(name + " is required");
        }
        return fallback;
    }
}
