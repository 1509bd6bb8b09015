package io.punctual.submit.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import io.punctual.yarn.ClientPatience;
import java.time.Duration;
import java.util.OptionalInt;
import java.util.UUID;

/**
 * The bench's side of a Punctual gateway: Livy's batch API over HTTP with the team's bearer token, so that what is
 * measured is what a team's scheduler goes through. A 503 (the gateway's store is briefly away) is retried after its
 * {@code Retry-After}, as Livy clients are told to; any other refusal is an error naming the call and the answer.
 */
public final class GatewayClient {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int ATTEMPTS = 5;
    /** The bench's patience: a gateway it started itself may be slow to answer while it starts. */
    private static final ClientPatience BENCH = new ClientPatience(Duration.ofSeconds(10), Duration.ofSeconds(60));

    private final URI base;
    private final String token;
    private final HttpClient http;
    private final Duration answer;
    private final int attempts;
    private final String whenUnreachable;

    /** A client for the bench: patient with a gateway that is starting, and pointing at an embedded one. */
    public GatewayClient(URI base, String token) {
        this(base, token, ATTEMPTS, "is it running? start one with 'punctual serve' or leave --gateway out to use an"
                + " embedded one");
    }

    /**
     * @param attempts        calls made before giving up on a gateway that does not answer (a 503 too)
     * @param whenUnreachable what to tell the user when it never answers
     */
    public GatewayClient(URI base, String token, int attempts, String whenUnreachable) {
        this(base, token, attempts, whenUnreachable, BENCH);
    }

    /**
     * @param patience how long to try to connect, and to wait for each answer once connected
     */
    public GatewayClient(URI base, String token, int attempts, String whenUnreachable, ClientPatience patience) {
        this.base = URI.create(base.toString().replaceAll("/+$", ""));
        this.token = token;
        this.attempts = attempts;
        this.whenUnreachable = whenUnreachable;
        this.answer = patience.answer();
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(patience.connect()).build();
    }

    /**
     * A client for a command a person runs: it tries twice, each time {@link ClientPatience#COMMAND}'s 15 s to
     * connect and 10 s for the answer, so a gateway that never answers is reported within half a minute.
     */
    public static GatewayClient forCommand(URI base, String token, String whenUnreachable) {
        return new GatewayClient(base, token, 2, whenUnreachable, ClientPatience.COMMAND);
    }

    public URI base() {
        return base;
    }

    /** Checks that the gateway answers and takes the token, before anything is submitted. */
    public void checkAccess() {
        call("GET", "/batches?size=1", null, 200, null);
    }

    /**
     * {@code POST /batches}: a new batch. Its retries carry one {@code Idempotency-Key}, so a request that reached the
     * gateway before its answer was lost never starts a second application.
     */
    public BatchView submit(BatchBody body) {
        return BatchView.of(call("POST", "/batches", body.json(), 201, "bench-" + UUID.randomUUID()));
    }

    /** {@code POST /batches?dryRun=true}: the sizing and admission a batch would get, nothing recorded. */
    public JsonNode dryRun(BatchBody body) {
        return call("POST", "/batches?dryRun=true", body.json(), 200, null);
    }

    public BatchView batch(int id) {
        return BatchView.of(batchJson(id));
    }

    /** {@code GET /batches/{id}} as the gateway answered it, every field; another team's batch is a 404. */
    public JsonNode batchJson(int id) {
        return call("GET", "/batches/" + id, null, 200, null);
    }

    /** {@code GET /batches?from=&size=}: a page of the team's listed batches ({@code sessions}, {@code total}). */
    public JsonNode batches(int from, int size) {
        return call("GET", "/batches?from=" + from + "&size=" + size, null, 200, null);
    }

    /**
     * {@code GET /batches/{id}/log}: {@code size} lines from line {@code from}, or without it the last {@code size},
     * as Livy pages a log ({@code size} -1 is every line); another team's batch is a 404.
     */
    public JsonNode log(int id, OptionalInt from, int size) {
        String query = (from.isPresent() ? "from=" + from.getAsInt() + "&" : "") + "size=" + size;
        return call("GET", "/batches/" + id + "/log?" + query, null, 200, null);
    }

    /** {@code DELETE /batches/{id}}, where a batch the team does not have is a {@link GatewayRefusal} (404). */
    public JsonNode kill(int id) {
        return call("DELETE", "/batches/" + id, null, 200, null);
    }

    /** {@code DELETE /batches/{id}}: kills its application and releases its reservation; a batch already gone is fine. */
    public void delete(int id) {
        try {
            kill(id);
        } catch (GatewayRefusal e) {
            if (e.status() != 404) {
                throw e;
            }
        }
    }

    private JsonNode call(String method, String path, ObjectNode body, int expected, String idempotencyKey) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + path)).timeout(answer)
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body.toString()));
        if (idempotencyKey != null) {
            builder.header("Idempotency-Key", idempotencyKey);
        }
        HttpRequest request = builder.build();
        for (int attempt = 1; ; attempt++) {
            try {
                HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
                if (response.statusCode() == 503 && attempt < attempts) {
                    pause(Duration.ofSeconds(response.headers().firstValueAsLong("Retry-After").orElse(5)));
                    continue;
                }
                if (response.statusCode() != expected && !(idempotencyKey != null && response.statusCode() == 200)) {
                    throw new GatewayRefusal(response.statusCode(), method + " " + base + path + " answered "
                            + response.statusCode() + ": " + message(response.body()) + hint(response.statusCode()));
                }
                return JSON.readTree(response.body());
            } catch (IOException e) {
                if (attempt >= attempts) {
                    throw new IllegalStateException("cannot reach the gateway at " + base + " (" + method + " " + path
                            + ": " + reason(e) + "); " + whenUnreachable, e);
                }
                pause(Duration.ofSeconds(attempt));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while calling the gateway", e);
            }
        }
    }

    /** Java's HttpClient leaves the message of a refused connection empty; its type says what happened. */
    private static String reason(IOException e) {
        return e.getMessage() == null || e.getMessage().isBlank() ? e.getClass().getSimpleName() : e.getMessage();
    }

    private static String message(String body) {
        try {
            JsonNode node = JSON.readTree(body);
            return node.has("msg") ? node.get("msg").asText() : body;
        } catch (IOException e) {
            return body;
        }
    }

    private static String hint(int status) {
        return switch (status) {
            case 401 -> "; the gateway does not know that token: pass the team's token with --token (or"
                    + " $PUNCTUAL_TOKEN)";
            case 403 -> "; the token's team may not do this: ask the gateway's operator";
            default -> "";
        };
    }

    private static void pause(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting to call the gateway again", e);
        }
    }

    /** The gateway answered, but not as asked. */
    public static final class GatewayRefusal extends IllegalStateException {
        private static final long serialVersionUID = 1L;
        private final int status;

        GatewayRefusal(int status, String message) {
            super(message);
            this.status = status;
        }

        public int status() {
            return status;
        }
    }
}
