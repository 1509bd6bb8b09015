package io.punctual.submit.gateway;

import static io.punctual.submit.gateway.InMemoryGatewayHarness.ANALYTICS;
import static io.punctual.submit.gateway.InMemoryGatewayHarness.JSON;
import static io.punctual.submit.gateway.InMemoryGatewayHarness.call;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.punctual.submit.launch.InMemoryLauncher;
import io.punctual.submit.launch.LaunchRequest;
import io.punctual.submit.request.DeadlineKeys;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Two gateways behind one load balancer, sharing a real PostgreSQL: a client may reach either for any request, only
 * the lead launches and follows, and when the lead goes the other takes over without losing or repeating a batch.
 */
class TwoGatewaysTest {

    @RegisterExtension
    final InMemoryGatewayHarness harness = new InMemoryGatewayHarness();

    @RegisterExtension
    static final LocalPostgres.PerClass postgres = new LocalPostgres.PerClass();

    private String database;

    @BeforeEach
    void database() throws Exception {
        database = postgres.server().freshDatabase("two_gateways");
        harness.shareDatabase(database);
    }

    private InMemoryLauncher launcher() {
        return InMemoryLauncher.running(harness.cluster, Duration.ofMinutes(5));
    }

    @Test
    void eitherGatewayAnswersForEveryBatchAndOnlyTheLeadLaunches() throws Exception {
        InMemoryLauncher first = launcher();
        InMemoryLauncher second = launcher();
        Gateway lead = harness.gateway(first);
        Gateway other = harness.gateway(second);
        assertThat(health(lead).get("leads").asBoolean()).isTrue();
        assertThat(health(other).get("leads").asBoolean()).isFalse();

        List<Integer> ids = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            Gateway to = i % 2 == 0 ? lead : other;
            Gateway retry = i % 2 == 0 ? other : lead;
            HttpResponse<String> created = post(to, "key-" + i);
            assertThat(created.statusCode()).isEqualTo(201);
            int id = JSON.readTree(created.body()).get("id").asInt();
            // The client's retry reaches the other gateway: the same batch, not a second one.
            HttpResponse<String> replayed = post(retry, "key-" + i);
            assertThat(replayed.statusCode()).isEqualTo(200);
            assertThat(JSON.readTree(replayed.body()).get("id").asInt()).isEqualTo(id);
            ids.add(id);
        }
        assertThat(ids).doesNotHaveDuplicates();
        for (int id : ids) {
            assertThat(awaitState(other, id, "running")).isEqualTo("running");
        }
        assertThat(submissions(first)).hasSize(8).doesNotHaveDuplicates();
        assertThat(second.requests()).isEmpty();
        // BoPF's arrival order, like the rest of what is learnt, is kept where both gateways read it
        try (var c = java.sql.DriverManager.getConnection(database, "punctual", "");
             var s = c.createStatement();
             var rows = s.executeQuery("SELECT body FROM punctual_learned WHERE name = 'queue-arrivals'")) {
            assertThat(rows.next()).as("queue arrivals in the database").isTrue();
            assertThat(rows.getString(1)).contains("analytics");
        }
    }

    @Test
    void whenTheLeadGoesTheOtherTakesOverAndNoBatchIsLostOrLaunchedTwice() throws Exception {
        InMemoryLauncher first = launcher();
        InMemoryLauncher second = launcher();
        Gateway lead = harness.gateway(first);
        Gateway other = harness.gateway(second);
        List<Integer> ids = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            ids.add(JSON.readTree(post(i % 2 == 0 ? lead : other, "before-" + i).body()).get("id").asInt());
        }
        for (int id : ids) {
            awaitState(other, id, "running");
        }
        lead.close();
        for (int i = 0; i < 4; i++) {
            HttpResponse<String> created = post(other, "after-" + i);
            assertThat(created.statusCode()).isEqualTo(201);
            ids.add(JSON.readTree(created.body()).get("id").asInt());
        }
        for (int id : ids) {
            assertThat(awaitState(other, id, "success")).as("batch %d", id).isEqualTo("success");
        }
        assertThat(health(other).get("leads").asBoolean()).isTrue();
        List<String> launched = Stream.concat(submissions(first).stream(), submissions(second).stream()).toList();
        assertThat(launched).hasSize(10).doesNotHaveDuplicates();
        assertThat(submissions(second)).hasSize(4);
    }

    /**
     * A lead paused past its session's end still believes it leads when it resumes; by then another gateway took
     * the lead and counted a new epoch (done here by hand, the lock left where it is). The paused lead's launch
     * record is refused, so it launches nothing.
     */
    @Test
    void aLeadWhoseEpochIsNoLongerTheLeadsLaunchesNothing() throws Exception {
        InMemoryLauncher stale = launcher();
        Gateway paused = harness.gateway(stale);
        try (var c = java.sql.DriverManager.getConnection(database, "punctual", "");
             var s = c.createStatement()) {
            s.execute("UPDATE punctual_lead SET epoch = epoch + 1");
        }

        int id = JSON.readTree(post(paused, "while-paused").body()).get("id").asInt();
        Thread.sleep(3_000);

        assertThat(stale.requests()).as("nothing launched").isEmpty();
        assertThat(JSON.readTree(call(paused, ANALYTICS, "GET", "/batches/" + id, null).body()).get("appId").isNull())
                .isTrue();
    }

    @Test
    void aDatabaseThatGoesAwayIsA503AndEveryRecordedBatchCarriesOnWhenItReturns() throws Exception {
        Gateway gateway = harness.gateway(launcher());
        int before = JSON.readTree(post(gateway, "before-outage").body()).get("id").asInt();
        postgres.server().crash();
        try {
            HttpResponse<String> refused = post(gateway, "during-outage");
            assertThat(refused.statusCode()).isEqualTo(503);
            assertThat(refused.headers().firstValue("Retry-After")).isPresent();
            assertThat(JSON.readTree(refused.body()).get("msg").asText()).contains("retry when the database is back")
                    .doesNotContain("jdbc:");
        } finally {
            postgres.server().startAgain();
        }
        // A client told 503 with Retry-After tries again; once the database is back, it is answered.
        HttpResponse<String> after = post(gateway, "during-outage");
        Instant giveUp = Instant.now().plusSeconds(20);
        while (after.statusCode() == 503 && Instant.now().isBefore(giveUp)) {
            Thread.sleep(500);
            after = post(gateway, "during-outage");
        }
        assertThat(after.statusCode()).isEqualTo(201);
        int later = JSON.readTree(after.body()).get("id").asInt();
        assertThat(awaitState(gateway, before, "success")).as(() -> batch(gateway, before)).isEqualTo("success");
        assertThat(awaitState(gateway, later, "success")).as(() -> batch(gateway, later)).isEqualTo("success");
        assertThat(health(gateway).get("leads").asBoolean()).isTrue();
    }

    private HttpResponse<String> post(Gateway gateway, String key) throws Exception {
        return harness.post(gateway, "/batches", ", \"conf\": {\"" + DeadlineKeys.IDEMPOTENCY_KEY + "\": \"" + key
                + "\"}, \"name\": \"shared " + key + "\"");
    }

    /** The batch as a client sees it, to say why a test failed. */
    private static String batch(Gateway gateway, int id) {
        try {
            return call(gateway, ANALYTICS, "GET", "/batches/" + id, null).body();
        } catch (Exception e) {
            return "batch " + id + " could not be read: " + e;
        }
    }

    private static JsonNode health(Gateway gateway) throws Exception {
        return JSON.readTree(call(gateway, ANALYTICS, "GET", "/healthz", null).body());
    }

    private static List<String> submissions(InMemoryLauncher launcher) {
        return launcher.requests().stream().map(LaunchRequest::conf).map(c -> c.get(DeadlineKeys.SUBMISSION_ID))
                .toList();
    }

    private static String awaitState(Gateway gateway, int id, String state) throws Exception {
        Instant giveUp = Instant.now().plusSeconds(60);
        String seen = "";
        while (Instant.now().isBefore(giveUp)) {
            seen = JSON.readTree(call(gateway, ANALYTICS, "GET", "/batches/" + id, null).body()).get("state").asText();
            if (seen.equals(state) || seen.equals("dead") || seen.equals("killed")) {
                return seen;
            }
            Thread.sleep(100);
        }
        return seen;
    }
}
