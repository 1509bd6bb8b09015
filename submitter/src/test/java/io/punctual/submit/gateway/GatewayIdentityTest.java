package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Whom a team's batches run as, through the real gateway: Livy's {@code ?doAs=} over the body's {@code proxyUser}
 * over the team's {@code run-as}, each held to the team's {@code proxy-users}; a refusal is a 403 that does not tell
 * a caller which names would have passed.
 */
class GatewayIdentityTest {

    @RegisterExtension
    final InMemoryGatewayHarness harness = new InMemoryGatewayHarness();

    /** Appends to the analytics team's file before the gateway starts; HOCON merges it into punctual.team. */
    private void analytics(String hocon) throws Exception {
        Files.writeString(harness.confDir.resolve("teams/analytics.conf"), "\npunctual.team { " + hocon + " }\n",
                StandardOpenOption.APPEND);
    }

    private String launchedAs() throws Exception {
        Instant giveUp = Instant.now().plusSeconds(30);
        while (harness.launched().isEmpty() && Instant.now().isBefore(giveUp)) {
            Thread.sleep(50);
        }
        var argv = harness.launched().get(0).argv();
        int flag = argv.indexOf("--proxy-user");
        return flag < 0 ? null : argv.get(flag + 1);
    }

    @Test
    void aDoAsOutsideTheTeamsProxyUsersIsRefusedWithoutNamingTheAllowedOnes() throws Exception {
        analytics("proxy-users = [\"etl\", \"reporting\"]");

        HttpResponse<String> answer = harness.post(harness.running(), "/batches?doAs=hdfs", "");

        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(403);
        assertThat(answer.body()).contains("doAs 'hdfs'").doesNotContain("etl").doesNotContain("reporting");
        assertThat(harness.post(harness.running(), "/batches?dryRun=true&doAs=hdfs", "").statusCode())
                .isEqualTo(403);
        assertThat(harness.launched()).isEmpty();
    }

    @Test
    void doAsWinsOverTheBodysProxyUserAndReachesSparkSubmit() throws Exception {
        analytics("proxy-users = [\"etl\", \"reporting\"]");

        HttpResponse<String> answer = harness.post(harness.running(), "/batches?doAs=etl",
                ", \"proxyUser\": \"reporting\"");

        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
        assertThat(InMemoryGatewayHarness.JSON.readTree(answer.body()).get("proxyUser").asText()).isEqualTo("etl");
        assertThat(launchedAs()).isEqualTo("etl");
    }

    @Test
    void aDryRunSaysWhomTheBatchWouldRunAs() throws Exception {
        analytics("proxy-users = [\"etl\", \"reporting\"], run-as = \"etl\"");

        HttpResponse<String> byDoAs = harness.post(harness.running(), "/batches?dryRun=true&doAs=reporting", "");
        HttpResponse<String> byRunAs = harness.post(harness.running(), "/batches?dryRun=true", "");

        assertThat(byDoAs.statusCode()).as(byDoAs.body()).isEqualTo(200);
        assertThat(InMemoryGatewayHarness.JSON.readTree(byDoAs.body()).get("proxyUser").asText()).isEqualTo("reporting");
        assertThat(InMemoryGatewayHarness.JSON.readTree(byRunAs.body()).get("proxyUser").asText()).isEqualTo("etl");
        assertThat(harness.launched()).isEmpty();
    }

    @Test
    void aDoAsOnAReadingRouteIsHeldToTheListToo() throws Exception {
        analytics("proxy-users = [\"etl\"]");

        assertThat(InMemoryGatewayHarness.call(harness.running(), InMemoryGatewayHarness.ANALYTICS, "GET",
                "/batches?doAs=hdfs", null).statusCode()).isEqualTo(403);
        assertThat(InMemoryGatewayHarness.call(harness.running(), InMemoryGatewayHarness.ANALYTICS, "GET",
                "/batches?doAs=etl", null).statusCode()).isEqualTo(200);
    }

    @Test
    void theTeamsRunAsIsWhomABatchRunsAsWhenItNamesNobody() throws Exception {
        analytics("proxy-users = [\"etl\", \"reporting\"], run-as = \"etl\"");

        HttpResponse<String> answer = harness.post(harness.running(), "/batches", "");

        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
        assertThat(InMemoryGatewayHarness.JSON.readTree(answer.body()).get("proxyUser").asText()).isEqualTo("etl");
        assertThat(launchedAs()).isEqualTo("etl");
    }

    @Test
    void theBodysProxyUserWinsOverTheTeamsRunAs() throws Exception {
        analytics("proxy-users = [\"etl\", \"reporting\"], run-as = \"etl\"");

        HttpResponse<String> answer = harness.post(harness.running(), "/batches", ", \"proxyUser\": \"reporting\"");

        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
        assertThat(launchedAs()).isEqualTo("reporting");
    }

    @Test
    void withoutRunAsOrAnyUserTheBatchRunsAsTheGatewaysOwnUser() throws Exception {
        HttpResponse<String> answer = harness.post(harness.running(), "/batches", "");

        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
        assertThat(InMemoryGatewayHarness.JSON.readTree(answer.body()).get("proxyUser").isNull()).isTrue();
        assertThat(launchedAs()).isNull();
    }

    @Test
    void aReplayUnderAnotherDoAsIsNotTheSameRequest() throws Exception {
        analytics("proxy-users = [\"etl\", \"reporting\"]");
        String key = ", \"conf\": {\"spark.deadline.idempotencyKey\": \"run-1\"}";

        assertThat(harness.post(harness.running(), "/batches?doAs=etl", key).statusCode()).isEqualTo(201);
        HttpResponse<String> replay = harness.post(harness.running(), "/batches?doAs=reporting", key);

        assertThat(replay.statusCode()).as(replay.body()).isEqualTo(422);
    }

    @Test
    void anEmptyDoAsIsABadRequestThatSaysWhatToSend() throws Exception {
        HttpResponse<String> answer = harness.post(harness.running(), "/batches?doAs=", "");

        assertThat(answer.statusCode()).isEqualTo(400);
        assertThat(answer.body()).contains("doAs is empty").contains("leave doAs out");
    }

    @Test
    void duringARotationTheOldAndTheNewTokenBothActAsTheTeam() throws Exception {
        analytics("token = \"analytics-new-token-0003\", previous-token = \"" + InMemoryGatewayHarness.ANALYTICS
                + "\"");

        for (String token : new String[] {"analytics-new-token-0003", InMemoryGatewayHarness.ANALYTICS}) {
            HttpResponse<String> answer = InMemoryGatewayHarness.call(harness.running(), token, "POST", "/batches",
                    "{\"file\": \"" + harness.jar + "\", \"className\": \"com.example.Job\"}");
            assertThat(answer.statusCode()).as(token + ": " + answer.body()).isEqualTo(201);
            assertThat(InMemoryGatewayHarness.JSON.readTree(answer.body()).get("owner").asText())
                    .isEqualTo("analytics");
        }
        assertThat(InMemoryGatewayHarness.call(harness.running(), "analytics-other-token-0004", "GET", "/batches",
                null).statusCode()).isEqualTo(401);
    }

    @Test
    void metricsWithholdTeamAndJobLabelsFromACallerWithoutTheMetricsToken() throws Exception {
        Files.writeString(harness.confDir.resolve("site.conf"), "\npunctual.gateway.metrics-token ="
                + " \"site-metrics-token-0001\"\n", StandardOpenOption.APPEND);

        String withTeamToken = InMemoryGatewayHarness.call(harness.running(), InMemoryGatewayHarness.ANALYTICS, "GET",
                "/metrics", null).body();
        String withMetricsToken = InMemoryGatewayHarness.call(harness.running(), "site-metrics-token-0001", "GET",
                "/metrics", null).body();

        assertThat(withTeamToken).doesNotContain("team=\"").doesNotContain("analytics")
                .contains("punctual_http_requests_total").contains("metrics-token");
        assertThat(withMetricsToken).contains("punctual_submissions_total{team=\"analytics\"");
    }

    @Test
    void withoutAMetricsTokenConfiguredNoCallerSeesJobKeys() throws Exception {
        harness.post(harness.running(), "/batches", "");

        String scrape = InMemoryGatewayHarness.call(harness.running(), InMemoryGatewayHarness.ANALYTICS, "GET",
                "/metrics", null).body();

        assertThat(scrape).doesNotContain("team=\"").doesNotContain("job=\"").contains("punctual_sizing_seconds");
    }

    @Test
    void hadoopsLowerCaseDoasIsHeldToTheListAsWell() throws Exception {
        analytics("proxy-users = [\"etl\"]");

        HttpResponse<String> answer = harness.post(harness.running(), "/batches?doas=hdfs", "");

        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(403);
        assertThat(harness.launched()).isEmpty();
    }

    @Test
    void droppingThePreviousTokenEndsTheRotationWithoutARestart() throws Exception {
        var file = harness.confDir.resolve("teams/analytics.conf");
        String original = Files.readString(file);
        analytics("token = \"analytics-new-token-0003\", previous-token = \"" + InMemoryGatewayHarness.ANALYTICS
                + "\"");
        assertThat(status(InMemoryGatewayHarness.ANALYTICS)).isEqualTo(200);

        Files.writeString(file, original + "\npunctual.team.token = \"analytics-new-token-0003\"\n");
        file.toFile().setLastModified(System.currentTimeMillis() + 10_000);
        Instant giveUp = Instant.now().plusSeconds(30);
        while (status(InMemoryGatewayHarness.ANALYTICS) != 401 && Instant.now().isBefore(giveUp)) {
            Thread.sleep(200);
        }

        assertThat(status(InMemoryGatewayHarness.ANALYTICS)).isEqualTo(401);
        assertThat(status("analytics-new-token-0003")).isEqualTo(200);
    }

    private int status(String token) throws Exception {
        return InMemoryGatewayHarness.call(harness.running(), token, "GET", "/batches", null).statusCode();
    }
}
