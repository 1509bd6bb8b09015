package io.punctual.submit.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.punctual.submit.request.Deadlines;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What {@code punctual explain --batch} shows of one batch, read from the gateway's {@code GET /batches/{id}}: its
 * state, the sizing the gateway recorded, and — while it waits in the admission queue, or once it waited there — its
 * place, who is ahead, the policy's rule, what the plan answered and the earliest deadline with room. Nothing is
 * worked out again here: the place and its sentence are the gateway's, as its rounds wrote them
 * ({@code admission.queue}, {@code admission.reason}); another team's batch ahead comes as a count only.
 *
 * @param place          where it waits or last waited; empty if it never waited
 * @param replanning     what re-planning did while it ran ({@code executors, changes, off}), when anything
 * @param predictedLate  by how many seconds, at θ, its progress says it misses even at the most executors allowed
 */
record BatchExplanation(int id, String jobKey, String state, Optional<String> verdict, Optional<String> reason,
                        Optional<Instant> deadline, Optional<JsonNode> sizing, Optional<Place> place,
                        Optional<Instant> earliestDeadline, Optional<Instant> reservationEnd,
                        Optional<JsonNode> replanning, Optional<Double> predictedLate) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * The admission queue as the batch's last round left it.
     *
     * @param ahead       the batches before it, in turn order
     * @param arbitration RUSH's expectation of it ({@code expectedCompletion, latenessSeconds, utility, note})
     */
    record Place(boolean waiting, int position, int length, String policy, String rule, List<Ahead> ahead,
                 int otherTeamsAhead, Instant placedAt, String text, Optional<JsonNode> arbitration) {

        static Place of(JsonNode queue) {
            List<Ahead> ahead = new ArrayList<>();
            queue.path("ahead").forEach(a -> ahead.add(a.path("otherTeam").asBoolean() ? Ahead.OTHER_TEAM
                    : new Ahead(Optional.of(a.path("id").asInt()), BatchExplanation.text(a, "jobKey"))));
            return new Place(queue.path("waiting").asBoolean(), queue.path("position").asInt(),
                    queue.path("length").asInt(), queue.path("policy").asText(), queue.path("rule").asText(),
                    List.copyOf(ahead), queue.path("otherTeamsAhead").asInt(),
                    Instant.parse(queue.path("placedAt").asText()), queue.path("text").asText(),
                    present(queue, "arbitration"));
        }
    }

    /** A batch ahead in line; another team's has neither id nor job. */
    record Ahead(Optional<Integer> id, Optional<String> jobKey) {

        static final Ahead OTHER_TEAM = new Ahead(Optional.empty(), Optional.empty());

        String label() {
            return id.map(i -> "batch " + i + jobKey.map(j -> " (" + j + ")").orElse(""))
                    .orElse("another team's batch");
        }

        ObjectNode json() {
            ObjectNode node = JSON.createObjectNode();
            return id.isEmpty() ? node.put("otherTeam", true) : node.put("id", id.get()).put("jobKey",
                    jobKey.orElse(null));
        }
    }

    static BatchExplanation of(JsonNode batch) {
        JsonNode admission = batch.path("admission");
        return new BatchExplanation(batch.path("id").asInt(), batch.path("jobKey").asText(),
                batch.path("stateDetail").asText(batch.path("state").asText()), text(admission, "verdict"),
                text(admission, "reason"), text(batch, "deadline").map(Instant::parse), present(batch, "sizing"),
                present(admission, "queue").map(Place::of), text(admission, "earliestDeadline").map(Instant::parse),
                text(batch, "reservationEnd").map(Instant::parse), present(batch, "replanning"),
                present(batch, "predictedLateSeconds").map(JsonNode::asDouble));
    }

    /** Whether it waits in the admission queue now. */
    boolean waiting() {
        return place.map(Place::waiting).orElse(false);
    }

    /**
     * What the plan answered at its last turn: the gateway's reason after the place it was told (the two are written
     * as one sentence, "place: answer").
     */
    Optional<String> planAnswer() {
        String told = place.map(p -> p.text() + ": ").orElse("");
        return reason.filter(r -> waiting() && r.startsWith(told)).map(r -> r.substring(told.length()));
    }

    List<String> lines(Instant now) {
        List<String> out = new ArrayList<>();
        out.add("batch " + id + " (" + jobKey + "): " + state + verdict.filter(v -> !v.equals(state))
                .map(v -> ", " + v).orElse("")
                + (waiting() ? ", waiting in the admission queue" : ", not waiting in the admission queue"));
        deadline.ifPresent(d -> out.add("  deadline " + d + (d.isAfter(now) ? " (in " + Deadlines.human(
                Duration.between(now, d)) + ")" : " (passed)")));
        sizing.ifPresent(s -> out.add("  sizing (as the gateway recorded it): " + sizingText(s)));
        if (waiting()) {
            queued(out, place.orElseThrow());
        } else {
            reason.ifPresent(r -> out.add("  reason: " + r));
            place.ifPresent(p -> out.add("  it waited in the admission queue before admission; its last place: "
                    + p.text()));
            reservationEnd.filter(end -> deadline.map(end::isAfter).orElse(false)).ifPresent(end -> out.add(
                    "  its reservation ends " + end + ", after its deadline: RUSH's arbitration let it finish late"));
        }
        earliestDeadline.ifPresent(e -> out.add("  earliest deadline with room: " + e));
        replanned(out);
        return out;
    }

    /** Each re-plan of its run, then whether re-planning stopped and what its progress predicts. */
    private void replanned(List<String> out) {
        replanning.ifPresent(r -> {
            r.path("changes").forEach(c -> out.add("  re-planned at " + c.path("at").asText() + ": executors "
                    + c.path("executorsFrom").asInt() + " -> " + c.path("executorsTo").asInt() + ", reservation until "
                    + c.path("holdEndFrom").asText("-") + " -> " + c.path("holdEndTo").asText() + " ("
                    + c.path("why").asText() + ")"));
            text(r, "off").ifPresent(off -> out.add("  re-planning is off for this run: " + off));
        });
        predictedLate.ifPresent(late -> out.add(String.format(java.util.Locale.ROOT, "  predicted to miss its deadline"
                + " by %.0f s at its confidence, even re-planned (its log says from what)", late)));
    }

    private void queued(List<String> out, Place p) {
        out.add("  place: " + p.position() + " of " + p.length() + " in the admission queue (" + p.policy()
                + "), as of " + p.placedAt());
        if (p.ahead().isEmpty()) {
            out.add("  ahead: nobody, it is first in line");
        } else {
            p.ahead().forEach(a -> out.add("  ahead: " + a.label()));
        }
        out.add("  order: " + p.rule());
        p.arbitration().ifPresent(a -> out.add("  RUSH's arbitration: " + a.path("note").asText()));
        // The gateway's reason is the place above then this answer, one sentence; --json carries it whole.
        planAnswer().ifPresent(a -> out.add("  the plan answered: " + a));
    }

    private static String sizingText(JsonNode s) {
        long cpus = s.path("executors").asLong() * s.path("executorCores").asLong() + s.path("amCores").asLong();
        return s.path("executors").asInt() + " executors x " + s.path("executorCores").asInt() + " cores, "
                + s.path("executorMemoryMb").asLong() + " MB, + AM " + s.path("amCores").asInt() + " cores, "
                + s.path("amMemoryMb").asLong() + " MB = " + cpus + " CPUs held for "
                + Deadlines.human(Duration.ofSeconds(s.path("holdSeconds").asLong())) + ", by "
                + s.path("method").asText("?") + ", bound: " + s.path("bound").asText("?");
    }

    ObjectNode json() {
        ObjectNode root = JSON.createObjectNode();
        root.put("id", id).put("jobKey", jobKey).put("state", state).put("verdict", verdict.orElse(null))
                .put("waiting", waiting()).put("deadline", deadline.map(Instant::toString).orElse(null));
        sizing.ifPresent(s -> root.set("sizing", s));
        place.ifPresent(p -> {
            ObjectNode queue = root.putObject("queue").put("position", p.position()).put("length", p.length())
                    .put("policy", p.policy()).put("rule", p.rule()).put("otherTeamsAhead", p.otherTeamsAhead())
                    .put("placedAt", p.placedAt().toString());
            var ahead = queue.putArray("ahead");
            p.ahead().forEach(a -> ahead.add(a.json()));
            p.arbitration().ifPresent(a -> queue.set("arbitration", a));
        });
        root.put("planAnswer", planAnswer().orElse(null)).put("reason", reason.orElse(null))
                .put("earliestDeadline", earliestDeadline.map(Instant::toString).orElse(null))
                .put("predictedLateSeconds", predictedLate.orElse(null));
        replanning.ifPresent(r -> root.set("replanning", r));
        return root;
    }

    private static Optional<String> text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() || value.asText().isEmpty() ? Optional.empty()
                : Optional.of(value.asText());
    }

    private static Optional<JsonNode> present(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? Optional.empty() : Optional.of(value);
    }
}
