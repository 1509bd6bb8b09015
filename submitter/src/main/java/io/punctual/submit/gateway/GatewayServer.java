package io.punctual.submit.gateway;

import io.punctual.submit.request.InvalidRequest;
import io.punctual.submit.request.DeadlineKeys;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.punctual.submit.BuildVersion;
import io.punctual.submit.config.ConfigSource;
import io.punctual.submit.config.TeamConfig;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The gateway's HTTP face: Livy's batch API (with deadlines added), {@code /metrics}, {@code /healthz} and the jobs
 * page, on the JDK's HTTP server. Every batch route acts as the team whose bearer token came with the request.
 */
public final class GatewayServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(GatewayServer.class);
    private static final Pattern BATCH = Pattern.compile("/batches/(\\d+)(/state|/log)?/?");
    private static final int MAX_BODY = 1 << 20;
    private static final long MAX_DRAIN = 64L << 20;

    private final HttpServer server;
    private final ExecutorService threads;
    private final BatchService batches;
    private final ConfigSource config;
    private final GatewayMetrics metrics;
    private final Clock clock;
    private final Health health;
    private final Pages pages;

    /** What {@code /healthz} reports besides the configuration. */
    @FunctionalInterface
    public interface Health {
        ObjectNode report();
    }

    public GatewayServer(String host, int port, BatchService batches, ConfigSource config, GatewayMetrics metrics,
                         Clock clock, Health health, Pages pages) throws IOException {
        this.batches = batches;
        this.config = config;
        this.metrics = metrics;
        this.clock = clock;
        this.health = health;
        this.pages = pages;
        this.server = HttpServer.create(new InetSocketAddress(host, port), 256);
        this.threads = Executors.newFixedThreadPool(64, runnable -> {
            Thread thread = new Thread(runnable, "punctual-http");
            thread.setDaemon(true);
            return thread;
        });
        server.setExecutor(threads);
        server.createContext("/", this::handle);
        server.start();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    private void handle(HttpExchange exchange) throws IOException {
        metrics.request();
        // The exchange is closed only after the error answer is sent: a try-with-resources closes before its catch.
        try (exchange) {
            try {
                route(exchange);
            } catch (IdempotencyConflict e) {
                send(exchange, 422, BatchJson.message(e.getMessage()));
            } catch (RequestRefused e) {
                send(exchange, 403, BatchJson.message(e.getMessage()));
            } catch (InvalidRequest | IllegalArgumentException e) {
                send(exchange, 400, BatchJson.message(e.getMessage()));
            } catch (RuntimeException e) {
                LOG.error("request {} {} failed", exchange.getRequestMethod(), exchange.getRequestURI(), e);
                send(exchange, 500, BatchJson.message("internal error: " + CallerText.of(e.getMessage())
                        + "; the gateway's log has the details"));
            }
            // A body the route did not read would be left in the connection for the next request to trip over.
            exchange.getRequestBody().transferTo(OutputStream.nullOutputStream());
        }
    }

    private void route(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        String method = exchange.getRequestMethod();
        if (path.equals("/version")) {
            send(exchange, 200, BatchJson.version(BuildVersion.current()));
        } else if (path.equals("/healthz")) {
            send(exchange, 200, health.report());
        } else if (path.equals("/metrics")) {
            sendText(exchange, 200, GatewayMetrics.CONTENT_TYPE,
                    metrics.prometheus(batches.tracked(), batches.queuedLaunches()));
        } else if (!path.startsWith("/batches") && pages.serves(path)) {
            pages.serve(exchange, path);
        } else if (path.equals("/queues")) {
            Optional<TeamConfig> team = authenticate(exchange);
            if (team.isPresent()) {
                send(exchange, 200, BatchJson.queues(batches.queues(team.get())));
            }
        } else if (path.equals("/batches") || path.equals("/batches/")) {
            Optional<TeamConfig> team = authenticate(exchange);
            if (team.isPresent()) {
                batchesRoute(exchange, method, team.get());
            }
        } else {
            Matcher m = BATCH.matcher(path);
            if (m.matches() && m.group(1).length() > 9) {
                // Ids are ints; a longer number names no batch, and is no reason for a parse error.
                send(exchange, 404, BatchJson.message("batch " + m.group(1) + " not found"));
            } else if (m.matches()) {
                Optional<TeamConfig> team = authenticate(exchange);
                if (team.isPresent()) {
                    batchRoute(exchange, method, team.get(), Integer.parseInt(m.group(1)), m.group(2));
                }
            } else {
                send(exchange, 404, BatchJson.message("no such resource: " + path));
            }
        }
    }

    private void batchesRoute(HttpExchange exchange, String method, TeamConfig team) throws IOException {
        Map<String, String> query = query(exchange);
        if (method.equals("GET")) {
            var page = batches.list(team.name());
            send(exchange, 200, BatchJson.page(page, number(query, "from", 0), number(query, "size", 100), clock, batches.links(),
                    metrics::achieved));
        } else if (method.equals("POST")) {
            BatchRequest request = BatchRequest.fromJson(body(exchange));
            if (Boolean.parseBoolean(query.getOrDefault("dryRun", "false"))) {
                send(exchange, 200, BatchJson.dryRun(batches.dryRun(team, request)));
                return;
            }
            Optional<String> key = Optional.ofNullable(exchange.getRequestHeaders().getFirst("Idempotency-Key"))
                    .or(() -> Optional.ofNullable(request.conf().get(DeadlineKeys.IDEMPOTENCY_KEY)))
                    .filter(k -> !k.isBlank());
            long started = System.nanoTime();
            BatchStore.Created created = batches.submit(team, request, key);
            if (!created.isNew()) {
                exchange.getResponseHeaders().add("Idempotent-Replayed", "true");
            }
            long handled = System.nanoTime() - started;
            // The W3C Server-Timing header lets a client tell the gateway's own time from time spent queueing.
            exchange.getResponseHeaders().add("Server-Timing",
                    String.format(Locale.ROOT, "submit;dur=%.3f", handled / 1e6));
            // Livy answers a new batch with 201 and where to find it.
            exchange.getResponseHeaders().add("Location", "/batches/" + created.record().id());
            send(exchange, created.isNew() ? 201 : 200, BatchJson.batch(created.record(), clock, batches.links()));
            metrics.submitHandled(handled);
        } else {
            send(exchange, 405, BatchJson.message(method + " is not allowed on /batches"));
        }
    }

    private void batchRoute(HttpExchange exchange, String method, TeamConfig team, int id, String part)
            throws IOException {
        Optional<BatchRecord> batch = method.equals("DELETE") && part == null
                ? batches.delete(team.name(), id) : batches.get(team.name(), id);
        if (batch.isEmpty()) {
            send(exchange, 404, BatchJson.message("batch " + id + " not found"));
        } else if (method.equals("DELETE") && part == null) {
            send(exchange, 200, BatchJson.message("deleted"));
        } else if (!method.equals("GET")) {
            send(exchange, 405, BatchJson.message(method + " is not allowed here"));
        } else if (part == null) {
            send(exchange, 200, BatchJson.batch(batch.get(), clock, batches.links()));
        } else if (part.equals("/state")) {
            send(exchange, 200, BatchJson.JSON.createObjectNode().put("id", id).put("state",
                    batch.get().state().livyName()));
        } else {
            Map<String, String> query = query(exchange);
            LivyLog.Page page = LivyLog.page(batches.logLines(batch.get()), signed(query, "from"),
                    signed(query, "size"));
            send(exchange, 200, BatchJson.log(batch.get(), page));
        }
    }

    /** The caller's team, or a 401 already sent. */
    private Optional<TeamConfig> authenticate(HttpExchange exchange) throws IOException {
        String header = exchange.getRequestHeaders().getFirst("Authorization");
        Optional<TeamConfig> team = header == null ? Optional.empty() : config.authenticate(header);
        if (team.isEmpty()) {
            exchange.getResponseHeaders().add("WWW-Authenticate", "Bearer realm=\"punctual\"");
            send(exchange, 401, BatchJson.message(header == null
                    ? "missing Authorization: Bearer <team token>; each team's token is in its configuration file"
                    : "unknown team token"));
        }
        return team;
    }

    private static JsonNode body(HttpExchange exchange) throws IOException {
        try (InputStream in = exchange.getRequestBody()) {
            byte[] bytes = in.readNBytes(MAX_BODY + 1);
            if (bytes.length > MAX_BODY) {
                // Read the rest before answering: a server that closes on unread bytes resets the connection, and
                // the reset can destroy the 400 before the client reads it.
                long rest = drain(in);
                throw new InvalidRequest("the request body is " + (bytes.length + rest) + " bytes, more than the"
                        + " 1 MiB a batch may take: send files by URI (hdfs://, s3a://) instead of inline");
            }
            try {
                return BatchJson.JSON.readTree(bytes);
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new InvalidRequest("malformed JSON: " + e.getOriginalMessage());
            }
        }
    }

    /** Reads and drops up to {@link #MAX_DRAIN} bytes: enough for any honest mistake, not a stream without end. */
    private static long drain(InputStream in) throws IOException {
        byte[] buffer = new byte[64 * 1024];
        long total = 0;
        for (int n = in.read(buffer); n > 0 && total < MAX_DRAIN; n = in.read(buffer)) {
            total += n;
        }
        return total;
    }

    private static Map<String, String> query(HttpExchange exchange) {
        Map<String, String> values = new HashMap<>();
        String raw = exchange.getRequestURI().getRawQuery();
        if (raw != null) {
            for (String pair : raw.split("&")) {
                int eq = pair.indexOf('=');
                String key = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
                String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
                values.put(key, value);
            }
        }
        return values;
    }

    private static int number(Map<String, String> query, String name, int fallback) {
        String value = query.get(name);
        if (value == null) {
            return fallback;
        }
        try {
            return Math.max(0, Integer.parseInt(value));
        } catch (NumberFormatException e) {
            throw new InvalidRequest("query parameter '" + name + "' must be a whole number, got '" + value + "'");
        }
    }

    /** A whole number that may be negative (Livy's {@code from} and {@code size}), or null when absent. */
    private static Integer signed(Map<String, String> query, String name) {
        String value = query.get(name);
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new InvalidRequest("query parameter '" + name + "' must be a whole number, got '" + value + "'");
        }
    }

    static void send(HttpExchange exchange, int status, JsonNode body) throws IOException {
        sendText(exchange, status, "application/json", body.toString());
    }

    static void sendText(HttpExchange exchange, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(1);
        threads.shutdownNow();
        // The server is the metrics' only reader; closing them unhooks the JVM listeners they registered.
        metrics.close();
    }
}
