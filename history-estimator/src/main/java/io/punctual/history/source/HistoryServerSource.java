package io.punctual.history.source;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;

/**
 * Applications on a running Spark History Server, through its REST API ({@code /api/v1/applications} ...).
 * Each attempt is read from the event log the server hands out ({@code .../logs}, a zip) with the same parser as
 * files; when the server refuses that, the run is rebuilt from {@code /jobs}, {@code /stages} (+ task lists),
 * {@code /allexecutors} and {@code /environment} ({@link HistoryServerRestReader}).
 */
public final class HistoryServerSource implements RunSource {

    /** How attempts are read. */
    public enum Mode {
        /** The event log through {@code /logs}; the structured endpoints only when that is refused. */
        EVENT_LOG_FIRST,
        /** Only the structured endpoints (jobs, stages, tasks, executors, environment). */
        STRUCTURED_ONLY
    }

    private final URI base;
    private final RestClient client;
    private final Mode mode;

    public HistoryServerSource(URI server, Duration timeout, Mode mode) {
        String text = server.toString().replaceAll("/+$", "");
        this.base = URI.create(text.endsWith("/api/v1") ? text : text + "/api/v1");
        this.client = new RestClient(timeout);
        this.mode = mode;
    }

    public static HistoryServerSource of(URI server) {
        return new HistoryServerSource(server, Duration.ofSeconds(10), Mode.EVENT_LOG_FIRST);
    }

    @Override
    public String describe() {
        return base.toString().replaceAll("/api/v1$", "");
    }

    @Override
    public void scan(SourceVisitor visitor) {
        JsonNode apps;
        try {
            apps = client.json(URI.create(base + "/applications"));
        } catch (IOException e) {
            visitor.problem(describe(), e.getMessage());
            return;
        }
        if (!apps.isArray()) {
            visitor.problem(describe(), "not a Spark History Server: /api/v1/applications is not a JSON list");
            return;
        }
        for (JsonNode app : apps) {
            String appId = app.path("id").asText("");
            if (appId.isEmpty()) {
                continue;
            }
            for (JsonNode attempt : app.path("attempts")) {
                visitor.found(new HistoryServerAttempt(this, appId, app.path("name").asText(""), attempt));
            }
        }
    }

    URI applicationUri(String appId, String attemptId) {
        return URI.create(base + "/applications/" + appId + (attemptId == null ? "" : "/" + attemptId));
    }

    RestClient client() {
        return client;
    }

    Mode mode() {
        return mode;
    }
}
