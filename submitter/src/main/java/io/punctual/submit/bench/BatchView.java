package io.punctual.submit.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A batch as the gateway's {@code GET /batches/{id}} shows it: Livy's fields and the Punctual ones the bench reads.
 *
 * @param state   Livy's state: {@code starting}, {@code running}, {@code success}, {@code dead}, {@code killed}…
 * @param verdict {@code admitted} or {@code rejected} once Punctual decided, else empty
 * @param replans the changes its {@code replanning} lists (0 without any)
 */
public record BatchView(int id, String state, Optional<String> stateDetail, Optional<String> appId,
                        Optional<String> verdict, Optional<String> reason, Optional<String> reservationId,
                        Optional<Instant> reservationStart, Optional<Instant> reservationEnd,
                        Optional<Integer> executors, Optional<Instant> predictedFinish, Optional<Instant> submittedAt,
                        Optional<Instant> finishedAt, int replans, List<String> log) {

    public BatchView {
        log = List.copyOf(log);
    }

    public static BatchView of(JsonNode node) {
        List<String> log = new ArrayList<>();
        node.path("log").forEach(line -> log.add(line.asText()));
        return new BatchView(node.path("id").asInt(), node.path("state").asText(), text(node, "stateDetail"),
                text(node, "appId"), text(node.path("admission"), "verdict"), text(node.path("admission"), "reason"),
                text(node, "reservationId"), instant(node, "reservationStart"), instant(node, "reservationEnd"),
                node.path("executors").isNumber() ? Optional.of(node.get("executors").asInt()) : Optional.empty(),
                instant(node, "predictedFinish"), instant(node, "submittedAt"), instant(node, "finishedAt"),
                node.path("replanning").path("changes").size(), log);
    }

    /** Livy's final states. */
    public boolean isFinal() {
        return state.equals("success") || state.equals("dead") || state.equals("killed");
    }

    public boolean succeeded() {
        return state.equals("success");
    }

    public boolean rejected() {
        return verdict.filter("rejected"::equals).isPresent();
    }

    /** Why it did not succeed: Punctual's reason, else the last lines of its log. */
    public String failure() {
        return reason.orElseGet(() -> state + (log.isEmpty() ? "" : ": " + String.join(" | ",
                log.subList(Math.max(0, log.size() - 3), log.size()))));
    }

    static Optional<String> text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() || value.asText().isEmpty() ? Optional.empty()
                : Optional.of(value.asText());
    }

    private static Optional<Instant> instant(JsonNode node, String field) {
        return text(node, field).map(Instant::parse);
    }
}
