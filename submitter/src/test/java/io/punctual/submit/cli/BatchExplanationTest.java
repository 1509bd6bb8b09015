package io.punctual.submit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How {@code punctual explain --batch} renders what the gateway answered, and what it says when it cannot ask. */
class BatchExplanationTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant NOW = Instant.parse("2026-11-26T20:00:00Z");
    private static final String PLACE = "queued, 2 of 3 in the admission queue (behind 1 batch of another team;"
            + " RUSH's arbitration orders by mapped completion); RUSH's arbitration expects it to complete by"
            + " 2026-11-26T21:10:00Z, 600 s late, at utility 0.80";
    private static final String ANSWER = "YARN cannot reserve <5 vcores, 7680 MiB> for 1800 s in queue sla";

    @TempDir
    Path tmp;

    /** A batch as GET /batches/{id} shows one that RUSH arbitrated and that still waits. */
    private static JsonNode arbitrated() throws Exception {
        return JSON.readTree("""
                {"id": 12, "jobKey": "analytics/nightly-etl", "state": "starting", "stateDetail": "queued",
                 "deadline": "2026-11-26T21:00:00Z",
                 "admission": {"verdict": "queued", "reason": "%s: %s", "earliestDeadline": "2026-11-26T21:40:00Z",
                   "queue": {"waiting": true, "position": 2, "length": 3, "policy": "rush",
                     "rule": "RUSH's arbitration orders by mapped completion",
                     "ahead": [{"otherTeam": true}], "otherTeamsAhead": 1, "placedAt": "2026-11-26T19:59:30Z",
                     "text": "%s",
                     "arbitration": {"expectedCompletion": "2026-11-26T21:10:00Z", "latenessSeconds": 600,
                       "utility": 0.8, "note": "RUSH's arbitration expects it to complete by 2026-11-26T21:10:00Z,
                 600 s late, at utility 0.80"}}},
                 "sizing": {"executors": 4, "executorCores": 1, "executorMemoryMb": 1536, "amCores": 1,
                   "amMemoryMb": 1536, "holdSeconds": 1800, "method": "Justice", "bound": "deadline"}}
                """.formatted(PLACE, ANSWER, PLACE).replace("\n 600", " 600"));
    }

    @Test
    void aWaitingBatchShowsItsPlaceWhoIsAheadTheRuleThePlansAnswerAndRushsExpectation() throws Exception {
        BatchExplanation explained = BatchExplanation.of(arbitrated());

        String text = String.join("\n", explained.lines(NOW));

        assertThat(text).contains("batch 12 (analytics/nightly-etl): queued, waiting in the admission queue",
                "deadline 2026-11-26T21:00:00Z (in 1h",
                "4 executors x 1 cores, 1536 MB, + AM 1 cores, 1536 MB = 5 CPUs held for 30m",
                "place: 2 of 3 in the admission queue (rush), as of 2026-11-26T19:59:30Z",
                "ahead: another team's batch", "order: RUSH's arbitration orders by mapped completion",
                "RUSH's arbitration: RUSH's arbitration expects it to complete by 2026-11-26T21:10:00Z, 600 s late",
                "the plan answered: " + ANSWER, "earliest deadline with room: 2026-11-26T21:40:00Z");
        JsonNode json = explained.json();
        assertThat(json.get("planAnswer").asText()).isEqualTo(ANSWER);
        assertThat(json.at("/queue/ahead/0/otherTeam").asBoolean()).isTrue();
        assertThat(json.at("/queue/arbitration/utility").asDouble()).isEqualTo(0.8);
    }

    @Test
    void aBatchThatRunsIsNotQueuedAndSaysWhereItLastWaited() throws Exception {
        var node = (com.fasterxml.jackson.databind.node.ObjectNode) arbitrated();
        node.put("state", "running").put("stateDetail", "running").put("reservationEnd", "2026-11-26T21:10:00Z");
        ((com.fasterxml.jackson.databind.node.ObjectNode) node.get("admission")).put("verdict", "admitted")
                .putNull("reason").putNull("earliestDeadline");
        ((com.fasterxml.jackson.databind.node.ObjectNode) node.at("/admission/queue")).put("waiting", false);

        String text = String.join("\n", BatchExplanation.of(node).lines(NOW));

        assertThat(text).contains("running, admitted, not waiting in the admission queue",
                "its last place: " + PLACE, "RUSH's arbitration let it finish late").doesNotContain("  place: ",
                "the plan answered");
    }

    @Test
    void aRePlannedRunListsEachChangeAndItsPredictedLateness() throws Exception {
        var node = (com.fasterxml.jackson.databind.node.ObjectNode) arbitrated();
        node.put("state", "running").put("stateDetail", "running").put("predictedLateSeconds", 42.4);
        node.set("replanning", JSON.readTree("""
                {"executors": 6, "off": null, "changes": [{"at": "2026-11-26T20:01:00Z", "executorsFrom": 4,
                  "executorsTo": 6, "holdEndFrom": "2026-11-26T20:30:00Z", "holdEndTo": "2026-11-26T20:50:00Z",
                  "why": "behind: 1500 s left at θ on 4 executors"}]}"""));

        BatchExplanation explained = BatchExplanation.of(node);

        assertThat(String.join("\n", explained.lines(NOW))).contains("re-planned at 2026-11-26T20:01:00Z: executors"
                + " 4 -> 6, reservation until 2026-11-26T20:30:00Z -> 2026-11-26T20:50:00Z (behind: 1500 s left",
                "predicted to miss its deadline by 42 s").doesNotContain("re-planning is off");
        assertThat(explained.json().get("predictedLateSeconds").asDouble()).isEqualTo(42.4);
        assertThat(explained.json().at("/replanning/changes/0/executorsTo").asInt()).isEqualTo(6);
        node.with("replanning").put("off", "the driver cannot be reached");
        assertThat(BatchExplanation.of(node).lines(NOW))
                .contains("  re-planning is off for this run: the driver cannot be reached");
    }

    @Test
    void anUnreachableGatewayIsSaidWithWhatToDo() {
        var cli = new CliHarness(tmp, Map.of());

        int status = cli.run("explain", "--batch", "3", "--gateway", "http://127.0.0.1:1", "--token", "t");

        assertThat(status).isEqualTo(1);
        assertThat(cli.err()).contains("cannot reach the gateway at http://127.0.0.1:1", "--gateway",
                "punctual serve");
    }

    @Test
    void aBatchNeedsATokenAndAWholeNumber() {
        var cli = new CliHarness(tmp, Map.of());
        assertThat(cli.run("explain", "--batch", "3")).isEqualTo(2);
        assertThat(cli.err()).contains("--token", "$PUNCTUAL_TOKEN");
        assertThat(cli.run("explain", "--batch", "x", "--token", "t")).isEqualTo(2);
        assertThat(cli.err()).contains("--batch takes a batch id");
        assertThat(cli.run("explain", "analytics/etl", "--deadline", "30m", "--batch", "3")).isEqualTo(2);
        assertThat(cli.err()).contains("not both");
    }
}
