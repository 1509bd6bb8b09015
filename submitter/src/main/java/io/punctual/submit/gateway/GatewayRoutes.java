package io.punctual.submit.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import io.punctual.submit.home.BuildVersion;
import io.punctual.submit.config.BearerToken;
import io.punctual.submit.config.ConfigSource;
import io.punctual.submit.config.TeamConfig;
import io.punctual.submit.gateway.HttpCall.Answer;
import io.punctual.submit.request.DeadlineKeys;
import io.punctual.submit.request.InvalidRequest;
import io.punctual.yarn.ClusterUnreachable;
import java.time.Clock;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The gateway's routes: Livy's batch API (with deadlines added), {@code /version}, {@code /metrics},
 * {@code /healthz}, {@code /queues} and the jobs page. Every batch route acts as the team whose bearer token came
 * with the request. Each call becomes an {@link Answer}; {@link GatewayServer} carries them over HTTP.
 */
final class GatewayRoutes {

    private static final Logger LOG = LoggerFactory.getLogger(GatewayRoutes.class);

    /** Every key is stored with its batch, so its length is bounded like any other field. */
    static final int MAX_IDEMPOTENCY_KEY = 255;
    private static final Pattern BATCH = Pattern.compile("/batches/(\\d+)(/state|/log)?/?");
    /** What a caller is told when YARN does not answer: where it is and what the client said stay in the log. */
    static final String CLUSTER_UNREACHABLE = "YARN's ResourceManager is not answering the gateway, so this request"
            + " was not taken and nothing was recorded; retry after Retry-After seconds (GET /healthz says when it"
            + " answers again)";
    /** Two of the fault watch's checks: by then it has looked again. */
    private static final String RETRY_CLUSTER = Long.toString(FaultWatch.EVERY.multipliedBy(2).toSeconds());

    private final BatchService batches;
    private final ConfigSource config;
    private final GatewayMetrics metrics;
    private final Clock clock;
    private final GatewayServer.Health health;
    private final Pages pages;
    private final Runnable requireAnswering;

    /** @param requireAnswering throws when a part a submission or a kill needs (YARN, the store) does not answer now */
    GatewayRoutes(BatchService batches, ConfigSource config, GatewayMetrics metrics, Clock clock,
                  GatewayServer.Health health, Pages pages, Runnable requireAnswering) {
        this.requireAnswering = requireAnswering;
        this.batches = batches;
        this.config = config;
        this.metrics = metrics;
        this.clock = clock;
        this.health = health;
        this.pages = pages;
    }

    Answer answer(HttpCall call) {
        metrics.request();
        try {
            return route(call);
        } catch (IdempotencyConflict e) {
            return Answer.json(422, BatchJson.message(e.getMessage()));
        } catch (RequestRefused e) {
            return Answer.json(403, BatchJson.message(e.getMessage()));
        } catch (InvalidRequest e) {
            return Answer.json(400, BatchJson.message(e.getMessage()));
        } catch (StoreUnavailable e) {
            LOG.warn("request {} {} answered 503: {}", call.method(), call.path(), e.getMessage());
            return Answer.json(503, BatchJson.message(e.forCallers())).with("Retry-After", "5");
        } catch (ClusterUnreachable e) {
            LOG.warn("request {} {} answered 503: {}", call.method(), call.path(), e.getMessage());
            return Answer.json(503, BatchJson.message(CLUSTER_UNREACHABLE)).with("Retry-After", RETRY_CLUSTER);
        } catch (RuntimeException e) {
            LOG.error("request {} {} failed", call.method(), call.path(), e);
            return Answer.json(500, BatchJson.message("internal error: " + CallerText.of(e.getMessage())
                    + "; the gateway's log has the details"));
        }
    }

    private Answer route(HttpCall call) {
        String path = call.path();
        if (path.equals("/version")) {
            return Answer.json(200, BatchJson.version(BuildVersion.current()));
        } else if (path.equals("/healthz")) {
            return Answer.json(200, health.report());
        } else if (path.equals("/metrics")) {
            return metrics(call);
        } else if (!path.startsWith("/batches") && pages.serves(path)) {
            return pages.serve(path);
        } else if (path.equals("/queues")) {
            return authenticated(call, (team, runAs) -> Answer.json(200, BatchJson.queues(batches.queues(team))));
        } else if (path.equals("/batches") || path.equals("/batches/")) {
            return authenticated(call, (team, runAs) -> batchesRoute(call, team, runAs));
        }
        Matcher m = BATCH.matcher(path);
        if (m.matches() && m.group(1).length() > 9) {
            // Ids are ints; a longer number names no batch, and is no reason for a parse error.
            return Answer.json(404, BatchJson.message("batch " + m.group(1) + " not found"));
        } else if (m.matches()) {
            return authenticated(call, (team, runAs) -> batchRoute(call, team, Integer.parseInt(m.group(1)),
                    m.group(2)));
        }
        return Answer.json(404, BatchJson.message("no such resource: " + path));
    }

    /** Every meter for the site's metrics token; without it, the meters that name no team and no job. */
    private Answer metrics(HttpCall call) {
        String scrape = metrics.prometheus(batches.tracked(), batches.queuedLaunches());
        Optional<String> presented = call.headerValue("Authorization").flatMap(BearerToken::fromAuthorizationHeader);
        boolean full = config.current().site().gateway().metricsToken()
                .filter(token -> presented.filter(token::matches).isPresent()).isPresent();
        return Answer.text(200, GatewayMetrics.CONTENT_TYPE, full ? scrape : GatewayMetrics.withoutJobKeys(scrape));
    }

    private Answer batchesRoute(HttpCall call, TeamConfig team, RunAs runAs) {
        Map<String, String> query = call.query();
        if (call.method().equals("GET")) {
            var page = batches.list(team.name());
            return Answer.json(200, BatchJson.page(page, number(query, "from", 0), number(query, "size", 100), clock,
                    metrics::achieved));
        } else if (!call.method().equals("POST")) {
            return Answer.json(405, BatchJson.message(call.method() + " is not allowed on /batches"));
        }
        // Refused at once, before the body is read: sizing and admission would wait for YARN, then fail.
        requireAnswering.run();
        BatchRequest request = runAs.applyTo(BatchRequest.fromJson(json(call.bodyBytes())));
        if (Boolean.parseBoolean(query.getOrDefault("dryRun", "false"))) {
            return Answer.json(200, BatchJson.dryRun(batches.dryRun(team, request)));
        }
        Optional<String> key = call.headerValue("Idempotency-Key")
                .or(() -> Optional.ofNullable(request.conf().get(DeadlineKeys.IDEMPOTENCY_KEY)))
                .filter(k -> !k.isBlank());
        if (key.isPresent() && key.get().length() > MAX_IDEMPOTENCY_KEY) {
            throw new InvalidRequest("the Idempotency-Key has " + key.get().length() + " characters; at most "
                    + MAX_IDEMPOTENCY_KEY + " are kept (a UUID or a DAG run's id fits)");
        }
        long started = System.nanoTime();
        BatchStore.Created created = batches.submit(team, request, key);
        long handled = System.nanoTime() - started;
        // Livy answers a new batch with 201 and where to find it; the W3C Server-Timing header lets a client tell
        // the gateway's own time from time spent queueing.
        Answer answer = Answer.json(created.isNew() ? 201 : 200, BatchJson.batch(created.record(), clock)).with("Location", "/batches/" + created.record().id())
                .with("Server-Timing", String.format(Locale.ROOT, "submit;dur=%.3f", handled / 1e6));
        metrics.submitHandled(handled);
        return created.isNew() ? answer : answer.with("Idempotent-Replayed", "true");
    }

    private Answer batchRoute(HttpCall call, TeamConfig team, int id, String part) {
        boolean delete = call.method().equals("DELETE") && part == null;
        if (delete) {
            // Killing needs YARN; a kill it cannot be told of is refused, not recorded and forgotten.
            requireAnswering.run();
        }
        Optional<BatchRecord> batch = delete ? batches.delete(team.name(), id) : batches.get(team.name(), id);
        if (batch.isEmpty()) {
            return Answer.json(404, BatchJson.message("batch " + id + " not found"));
        } else if (delete) {
            return Answer.json(200, BatchJson.message("deleted"));
        } else if (!call.method().equals("GET")) {
            return Answer.json(405, BatchJson.message(call.method() + " is not allowed here"));
        } else if (part == null) {
            return Answer.json(200, BatchJson.batch(batch.get(), clock));
        } else if (part.equals("/state")) {
            return Answer.json(200, BatchJson.JSON.createObjectNode().put("id", id).put("state",
                    batch.get().state().livyName()));
        }
        Map<String, String> query = call.query();
        LivyLog.Page page = LivyLog.page(batches.logLines(batch.get()), signed(query, "from"), signed(query, "size"));
        return Answer.json(200, BatchJson.log(batch.get(), page));
    }

    /**
     * The route's answer as the caller's team, or a 401; a {@code doAs} the team may not use is a 403 on every route,
     * as in Livy, where it decides whose sessions a caller sees.
     */
    private Answer authenticated(HttpCall call, java.util.function.BiFunction<TeamConfig, RunAs, Answer> route) {
        Optional<String> header = call.headerValue("Authorization");
        Optional<TeamConfig> team = header.flatMap(config::authenticate);
        if (team.isPresent()) {
            return route.apply(team.get(), RunAs.of(team.get(), call.query()));
        }
        return Answer.json(401, BatchJson.message(header.isEmpty()
                ? "missing Authorization: Bearer <team token>; each team's token is in its configuration file"
                : "unknown team token")).with("WWW-Authenticate", "Bearer realm=\"punctual\"");
    }

    private static JsonNode json(byte[] bytes) {
        try {
            return BatchJson.JSON.readTree(bytes);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new InvalidRequest("malformed JSON: " + e.getOriginalMessage());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static int number(Map<String, String> query, String name, int fallback) {
        Integer value = signed(query, name);
        return value == null ? fallback : Math.max(0, value);
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
}
