package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.punctual.yarn.ClusterGateway;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The jobs page in a real headless Chromium, against a real gateway on an embedded YARN with real Spark batches:
 * one that succeeds inside its reservation and one that sizing rejects. Assertions are on the DOM the page's own
 * JavaScript built from {@code GET /batches}, compared with what that API says.
 */
class JobsPageIT {

    static final String ANALYTICS = "analytics-local-token-0001";
    static final String GROWTH = "growth-local-token-0002";
    static final ObjectMapper JSON = new ObjectMapper();
    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    static final String ROWS = "[...document.querySelectorAll('#batches tbody tr')].map(tr => ({id: +tr.dataset.batchId,"
            + " state: tr.dataset.state, miss: tr.classList.contains('row-miss'), title: tr.title,"
            + " cells: [...tr.cells].map(td => td.textContent.trim()),"
            + " times: [...tr.cells].map(td => td.querySelector('time')?.dateTime ?? '')}))";
    static final String BARS = "[...document.querySelectorAll('#plan svg rect.reservation')].map(r => ({"
            + "reservation: r.dataset.reservationId, batch: +r.dataset.batchId, kind: r.getAttribute('class'),"
            + " width: +r.getAttribute('width'), height: +r.getAttribute('height')}))";

    static Path work;
    static EmbeddedGateway embedded;
    static ClusterGateway cluster;
    static HeadlessChromium browser;
    static String base;
    static String jar;
    static int succeeding;
    static int rejected;
    static int growthRejected;

    @BeforeAll
    static void start() throws Exception {
        Path chromium = HeadlessChromium.locate(); // before the cluster: a missing browser fails in a second
        work = Files.createDirectories(Path.of("target", "jobs-page-it").toAbsolutePath());
        embedded = EmbeddedGateway.start(work);
        cluster = embedded.cluster;
        base = embedded.base;
        jar = embedded.jar;

        succeeding = create(ANALYTICS, "\"numExecutors\":1,", "5m");
        // 50 executors exceed both teams' caps (4 and 6 in conf/embedded): sizing rejects them, nothing launches.
        rejected = create(ANALYTICS, "\"numExecutors\":50,", "5m");
        growthRejected = create(GROWTH, "\"numExecutors\":50,", "5m");
        awaitBatch(rejected, ANALYTICS, JobsPageIT::isFinal);
        awaitBatch(growthRejected, GROWTH, JobsPageIT::isFinal);
        browser = HeadlessChromium.start(chromium, work);
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.close();
        }
        if (embedded != null) {
            embedded.close();
        }
    }

    @Test
    void rejectedBatchesAreRedTheSucceededOneIsNotAndThePlanShowsEachReservation() throws Exception {
        browser.navigate(base + "/#token=" + ANALYTICS);
        // Loaded while the good batch is still on its way; only the page's auto-refresh can show it finished.
        browser.awaitTrue("document.querySelector('#batches tbody tr[data-batch-id=\"" + rejected + "\"]') !== null",
                Duration.ofSeconds(30));
        awaitBatch(succeeding, ANALYTICS, b -> b.get("state").asText().equals("success"));
        browser.awaitTrue("document.querySelector('#batches tbody tr[data-batch-id=\"" + succeeding
                + "\"]')?.dataset.state === 'success'", Duration.ofSeconds(30));

        JsonNode rows = browser.evaluateJson(ROWS);
        JsonNode good = row(rows, succeeding);
        JsonNode bad = row(rows, rejected);
        JsonNode goodApi = batch(succeeding, ANALYTICS);
        JsonNode badApi = batch(rejected, ANALYTICS);
        assertThat(badApi.path("admission").path("verdict").asText()).as(badApi.toString()).isEqualTo("rejected");
        assertThat(ids(rows)).containsExactlyInAnyOrder(succeeding, rejected);
        assertThat(bad.get("miss").asBoolean()).as("the rejected row is red").isTrue();
        String reason = badApi.path("admission").path("reason").asText();
        assertThat(reason).isNotBlank();
        assertThat(bad.get("title").asText()).contains(reason);
        assertThat(bad.get("cells").get(8).asText()).startsWith("Rejected").contains(reason);
        assertThat(good.get("miss").asBoolean()).as("the succeeded row is not red").isFalse();
        assertThat(good.get("cells").get(8).asText()).isEmpty();
        List<String> cells = cells(good);
        assertThat(cells.subList(0, 2)).containsExactly(String.valueOf(succeeding), "analytics");
        browser.awaitTrue("document.getElementById('groups').textContent.includes('dashboards')", Duration.ofSeconds(30));
        assertThat(browser.evaluate("document.getElementById('groups').textContent").asText())
                .as("the team's queues with their BoPF class").matches(
                        "BoPF classes: .*group dashboards (hard|soft|elastic|rejected).*");
        // The job key, then what this job's deadline runs achieved since the gateway started (one run so far).
        assertThat(cells.get(2)).startsWith(goodApi.get("jobKey").asText()).containsPattern("met [01] of 1$");
        assertThat(good.get("times").get(3).asText()).isEqualTo(goodApi.get("deadline").asText());
        assertThat(good.get("times").get(4).asText()).isEqualTo(text(goodApi.get("predictedFinish")));
        assertThat(cells.get(5)).isEqualTo("success (admitted)");
        assertThat(cells.get(6)).isEqualTo(goodApi.get("executors").asText());
        assertThat(cells.get(7)).startsWith(goodApi.get("reservationId").asText());
        assertThat(browser.evaluateJson("[...document.querySelectorAll('#batches thead th')]"
                + ".map(th => th.textContent)")).extracting(JsonNode::asText).containsExactly("Id", "Team",
                "Job key", "Deadline", "Predicted finish", "State", "Executors", "Reservation", "Why red");

        JsonNode bars = browser.evaluateJson(BARS);
        List<String> reserved = reservations(ANALYTICS);
        assertThat(reserved).as("the succeeded batch held a reservation").hasSize(1);
        assertThat(bars).extracting(b -> b.get("reservation").asText()).containsExactlyInAnyOrderElementsOf(reserved);
        JsonNode bar = bars.get(0);
        assertThat(bar.get("batch").asInt()).isEqualTo(succeeding);
        assertThat(bar.get("kind").asText()).contains("reservation-done");
        assertThat(bar.get("width").asDouble()).isPositive();
        assertThat(bar.get("height").asDouble()).isPositive();
        assertThat(browser.evaluate("location.hash").asText()).as("the token leaves the address bar").isEmpty();

        browser.screenshot(Path.of("target", "jobs-page.png").toAbsolutePath());
    }

    @Test
    void aTokenTypedIntoTheFormShowsOnlyThatTeamsBatches() throws Exception {
        browser.navigate(base + "/");
        browser.evaluate("document.getElementById('token').value = '" + GROWTH + "';"
                + " document.getElementById('token-form').requestSubmit(); true");
        browser.awaitTrue("[...document.querySelectorAll('#batches tbody tr')]"
                + ".every(tr => tr.cells[1].textContent === 'growth')"
                + " && document.querySelectorAll('#batches tbody tr').length > 0", Duration.ofSeconds(30));

        JsonNode rows = browser.evaluateJson(ROWS);
        assertThat(ids(rows)).containsExactly(growthRejected);
        assertThat(row(rows, growthRejected).get("miss").asBoolean()).isTrue();
        assertThat(browser.evaluate("sessionStorage.getItem('punctual.token')").asText()).isEqualTo(GROWTH);
        assertThat(browser.evaluateJson(BARS)).isEmpty();
    }

    @Test
    void thePageShowsAPageOfBatchesNewestFirstAndAsksOnlyForThatPage() throws Exception {
        browser.navigate(base + "/?size=1#token=" + ANALYTICS);
        browser.awaitTrue("document.querySelectorAll('#batches tbody tr').length === 1"
                + " && !document.getElementById('pager').hidden", Duration.ofSeconds(30));

        int newest = Math.max(succeeding, rejected);
        int older = Math.min(succeeding, rejected);
        assertThat(ids(browser.evaluateJson(ROWS))).containsExactly(newest);
        assertThat(browser.evaluate("document.getElementById('page-info').textContent").asText())
                .isEqualTo("Batches 1–1 of 2, newest first");
        assertThat(browser.evaluate("document.getElementById('newer').disabled").asBoolean()).isTrue();
        assertThat(browser.evaluate("document.getElementById('status').textContent").asText())
                .contains("2 batches, 1 shown");

        browser.evaluate("document.getElementById('older').click(); true");
        browser.awaitTrue("document.querySelector('#batches tbody tr')?.dataset.batchId === '" + older + "'",
                Duration.ofSeconds(30));
        assertThat(ids(browser.evaluateJson(ROWS))).containsExactly(older);
        assertThat(browser.evaluate("document.getElementById('page-info').textContent").asText())
                .isEqualTo("Batches 2–2 of 2, newest first");
        assertThat(browser.evaluate("document.getElementById('older').disabled").asBoolean()).isTrue();
        assertThat(browser.evaluate("document.getElementById('newer').disabled").asBoolean()).isFalse();
    }

    @Test
    void anUnknownTokenIsRefusedInWordsAndShowsNothing() throws Exception {
        browser.navigate(base + "/#token=not-a-token-of-any-team");
        browser.awaitTrue("document.getElementById('status').classList.contains('error')", Duration.ofSeconds(30));

        assertThat(browser.evaluate("document.getElementById('status').textContent").asText())
                .contains("refused this token").contains("unknown team token");
        assertThat(browser.evaluateJson(ROWS)).isEmpty();
    }

    static int create(String token, String fields, String deadline) throws Exception {
        String body = "{\"file\":\"" + jar + "\",\"className\":\"io.punctual.workloads.SyntheticStages\","
                + "\"args\":[\"1\",\"1\",\"200\"]," + fields + "\"conf\":{\"spark.deadline.by\":\"" + deadline + "\"}}";
        HttpResponse<String> created = call("POST", "/batches", token, body);
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return JSON.readTree(created.body()).get("id").asInt();
    }

    static HttpResponse<String> call(String method, String path, String token, String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .header("Authorization", "Bearer " + token).build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }

    static JsonNode batch(int id, String token) throws Exception {
        return JSON.readTree(call("GET", "/batches/" + id, token, null).body());
    }

    static JsonNode awaitBatch(int id, String token, Predicate<JsonNode> condition) throws Exception {
        Instant giveUp = Instant.now().plus(Duration.ofMinutes(4));
        while (Instant.now().isBefore(giveUp)) {
            JsonNode batch = batch(id, token);
            if (condition.test(batch)) {
                return batch;
            }
            Thread.sleep(1000);
        }
        throw new AssertionError("batch " + id + " did not reach the expected state in time: " + batch(id, token));
    }

    static boolean isFinal(JsonNode batch) {
        return batch.get("state").asText().matches("success|dead|killed");
    }

    static List<String> reservations(String token) throws Exception {
        List<String> ids = new ArrayList<>();
        for (JsonNode b : JSON.readTree(call("GET", "/batches", token, null).body()).get("sessions")) {
            if (!b.path("reservationId").isNull() && !b.path("reservationId").isMissingNode()) {
                ids.add(b.get("reservationId").asText());
            }
        }
        return ids;
    }

    static JsonNode row(JsonNode rows, int id) {
        for (JsonNode row : rows) {
            if (row.get("id").asInt() == id) {
                return row;
            }
        }
        throw new AssertionError("no row for batch " + id + " in " + rows);
    }

    /** A JSON string's text, or empty for JSON null (which the page shows as an empty cell). */
    static String text(JsonNode value) {
        return value == null || value.isNull() ? "" : value.asText();
    }

    static List<Integer> ids(JsonNode rows) {
        List<Integer> ids = new ArrayList<>();
        rows.forEach(r -> ids.add(r.get("id").asInt()));
        return ids;
    }

    static List<String> cells(JsonNode row) {
        List<String> cells = new ArrayList<>();
        row.get("cells").forEach(c -> cells.add(c.asText()));
        return cells;
    }
}
