package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.punctual.submit.launch.InMemoryLauncher;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Requests a hostile team would send (issue 29): deadlines that ask for unbounded planning, properties that resolve
 * code on the gateway's host or name its paths, tags Punctual trusts, and a cap the request tries to lift. Each is
 * refused before anything is recorded or launched, naming what was refused and what to use instead; what a job
 * legitimately tunes still passes.
 */
class GatewayHostileRequestsTest {

    @RegisterExtension
    final InMemoryGatewayHarness harness = new InMemoryGatewayHarness();

    private HttpResponse<String> post(String path, String fields) throws Exception {
        return harness.post(harness.running(), path, ", " + fields);
    }

    private HttpResponse<String> withConf(String key, String value) throws Exception {
        return post("/batches", "\"conf\": {\"" + key + "\": \"" + value + "\"}");
    }

    private int recorded() throws Exception {
        JsonNode all = InMemoryGatewayHarness.JSON.readTree(InMemoryGatewayHarness.call(harness.running(),
                InMemoryGatewayHarness.ANALYTICS, "GET", "/batches", null).body());
        return all.get("total").asInt();
    }

    @Test
    void aDeadlineBeyondThePlanningHorizonIsABadRequestAndNothingIsRecorded() throws Exception {
        for (String deadline : new String[] {"9999-12-31T23:59:59Z", "99999999999d", "8d", "P30D"}) {
            HttpResponse<String> answer = post("/batches", "\"conf\": {\"spark.deadline.by\": \"" + deadline
                    + "\", \"spark.deadline.maxExecutors\": \"1\"}");
            assertThat(answer.statusCode()).as(deadline + " -> " + answer.body()).isEqualTo(400);
            assertThat(answer.body()).as(deadline).contains("spark.deadline.by").contains("planning-horizon");
            assertThat(post("/batches?dryRun=true", "\"conf\": {\"spark.deadline.by\": \"" + deadline + "\"}")
                    .statusCode()).as("dry run of " + deadline).isEqualTo(400);
        }
        assertThat(recorded()).isZero();
        assertThat(harness.launched()).isEmpty();
        assertThat(post("/batches", "\"conf\": {\"spark.deadline.by\": \"6d\"}").statusCode()).isEqualTo(201);
    }

    @Test
    void dependencyResolutionAndHostPathsAreRefusedByName() throws Exception {
        String[][] attacks = {
                {"spark.jars.packages", "org.example:evil:1.0"},
                {"spark.jars.repositories", "https://evil.example/maven"},
                {"spark.jars.ivy", "/tmp/spark/jars"},
                {"spark.yarn.stagingDir", "file:///srv/punctual/growth"},
                {"spark.driver.extraClassPath", "/srv/punctual/growth/secret.jar"},
                {"spark.executor.extraLibraryPath", "/tmp"},
                {"spark.yarn.appMasterEnv.LD_PRELOAD", "/tmp/evil.so"},
                {"spark.executorEnv.JAVA_TOOL_OPTIONS", "-javaagent:/tmp/a.jar"},
                {"spark.driver.extraJavaOptions", "-javaagent:/tmp/agent.jar"},
                {"spark.executor.extraJavaOptions", "-XX:OnOutOfMemoryError=touch_x"},
                {"spark.executor.extraJavaOptions", "-XX:+UseG1GC -XX:HeapDumpPath=/srv"},
                {"spark.driver.extraJavaOptions", "-Dlog4j.configurationFile=file:/srv/x.xml"},
                {"spark.yarn.tags", "mine,punctual-sub-gw-0001"},
                {"spark.hadoop.fs.defaultFS", "file:///"},
                {"spark.made.up.key", "1"}};
        for (String[] attack : attacks) {
            HttpResponse<String> answer = withConf(attack[0], attack[1]);
            assertThat(answer.statusCode()).as(attack[0] + " -> " + answer.body()).isEqualTo(403);
            assertThat(answer.body()).as(attack[0]).contains(attack[0]).doesNotContain(harness.tmp.toString());
        }
        assertThat(recorded()).isZero();
        assertThat(harness.launched()).isEmpty();
    }

    @Test
    void whatJobsTuneStillPasses() throws Exception {
        HttpResponse<String> answer = post("/batches", "\"conf\": {\"spark.sql.shuffle.partitions\": \"64\","
                + " \"spark.executor.extraJavaOptions\": \"-XX:+UseG1GC -XX:MaxGCPauseMillis=200 -Duser.timezone=UTC\","
                + " \"spark.sql.adaptive.enabled\": \"true\", \"spark.yarn.tags\": \"nightly\","
                + " \"spark.serializer\": \"org.apache.spark.serializer.KryoSerializer\"}");

        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
    }

    @Test
    void aTeamFileOrTheSiteMayAddAPropertyAndAnEnvironmentVariableOnlyByItsExactName() throws Exception {
        java.nio.file.Files.writeString(harness.confDir.resolve("site.conf"),
                "\npunctual.gateway.also-allowed-spark-conf = [\"spark.yarn.appMasterEnv.TZ\", \"spark.executorEnv.*\"]\n",
                java.nio.file.StandardOpenOption.APPEND);

        assertThat(withConf("spark.yarn.appMasterEnv.TZ", "UTC").statusCode()).isEqualTo(201);
        assertThat(withConf("spark.yarn.appMasterEnv.TZ", "/usr/share/zoneinfo/UTC").statusCode()).isEqualTo(403);
        assertThat(withConf("spark.executorEnv.LD_PRELOAD", "evil.so").statusCode()).isEqualTo(403);
    }

    @Test
    void aRequestMayLowerItsTeamsCapButNotLiftIt() throws Exception {
        HttpResponse<String> lifted = withConf("spark.deadline.maxExecutors", "1000000000");
        HttpResponse<String> explicit = post("/batches", "\"numExecutors\": 5, \"conf\": {\"spark.deadline.by\": \"10m\"}");

        assertThat(lifted.statusCode()).as(lifted.body()).isEqualTo(403);
        assertThat(lifted.body()).contains("cap of 4").contains("at most 4");
        assertThat(withConf("spark.deadline.maxExecutors", "2").statusCode()).isEqualTo(201);
        assertThat(explicit.statusCode()).as(explicit.body()).isEqualTo(201);
        int id = InMemoryGatewayHarness.JSON.readTree(explicit.body()).get("id").asInt();
        JsonNode rejected = InMemoryGatewayHarness.await(harness.running(), id,
                b -> "dead".equals(b.path("state").asText()));
        assertThat(rejected.path("admission").path("verdict").asText()).as(rejected.toString()).isEqualTo("rejected");
    }

    @Test
    void aRequestMayAskForAConfidenceUpToItsTeamsHighestButNotAbove() throws Exception {
        HttpResponse<String> lifted = withConf("spark.deadline.confidence", "0.999");

        assertThat(lifted.statusCode()).as(lifted.body()).isEqualTo(403);
        assertThat(lifted.body()).contains("spark.deadline.confidence").contains("highest confidence of 0.99")
                .contains("max-confidence");
        assertThat(withConf("spark.deadline.confidence", "0.99").statusCode()).isEqualTo(201);
        assertThat(withConf("spark.deadline.confidence", "0.5").statusCode()).isEqualTo(201);
    }

    @Test
    void aBatchWhoseLaunchTakesTheGatewayDownIsNotLaunchedAgainAndAgain() throws Exception {
        InMemoryLauncher crashing = new InMemoryLauncher(harness.cluster, request -> {
            throw new OutOfMemoryError("stands for a launch that exhausts the gateway's heap");
        });
        Gateway first = harness.gateway(crashing);
        int id = InMemoryGatewayHarness.JSON.readTree(harness.post(first, "/batches",
                ", \"conf\": {\"spark.deadline.by\": \"10m\"}").body()).get("id").asInt();
        awaitLaunchAttempts(crashing, 1);
        first.close();
        for (int restart = 1; restart <= GatewayRecovery.MAX_EARLY_RESTARTS; restart++) {
            Gateway again = harness.gateway(crashing);
            awaitLaunchAttempts(crashing, restart + 1);
            again.close();
        }

        Gateway last = harness.gateway(crashing);
        JsonNode batch = InMemoryGatewayHarness.await(last, id, b -> "dead".equals(b.path("state").asText()));

        assertThat(batch.path("state").asText()).isEqualTo("dead");
        assertThat(InMemoryGatewayHarness.call(last, InMemoryGatewayHarness.ANALYTICS, "GET", "/batches/" + id
                + "/log?size=-1", null).body()).contains("not launched again");
        Thread.sleep(500);
        assertThat(crashing.requests()).hasSize(GatewayRecovery.MAX_EARLY_RESTARTS + 1);
    }

    private static void awaitLaunchAttempts(InMemoryLauncher launcher, int count) throws InterruptedException {
        long giveUp = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (launcher.requests().size() < count && System.nanoTime() < giveUp) {
            Thread.sleep(20);
        }
        assertThat(launcher.requests()).as("launch attempts").hasSizeGreaterThanOrEqualTo(count);
    }

    @Test
    void anOverlongIdempotencyKeyAndAnOpaqueOrMalformedUriAreBadRequestsNamingTheField() throws Exception {
        HttpResponse<String> longKey = InMemoryGatewayHarness.call(harness.running(), InMemoryGatewayHarness.ANALYTICS,
                "POST", "/batches", "{\"file\": \"" + harness.jar + "\", \"conf\": {\"spark.deadline.idempotencyKey\": \""
                        + "k".repeat(10_000) + "\"}}");
        HttpResponse<String> opaque = post("/batches", "\"files\": [\"local:abc\"]");
        HttpResponse<String> malformed = post("/batches", "\"jars\": [\"file:/a b%zz\"]");

        assertThat(longKey.statusCode()).as(longKey.body()).isEqualTo(400);
        assertThat(longKey.body()).contains("Idempotency-Key").contains("255");
        assertThat(opaque.statusCode()).as(opaque.body()).isEqualTo(400);
        assertThat(opaque.body()).contains("files");
        assertThat(malformed.statusCode()).as(malformed.body()).isEqualTo(400);
        assertThat(malformed.body()).contains("jars");
        assertThat(recorded()).isZero();
    }

    @Test
    void overlongFieldsKeysValuesAndListsAreBadRequestsNamingWhatWasTooLong() throws Exception {
        String[][] attacks = {
                {"\"name\": \"" + "n".repeat(5000) + "\"", "field 'name'", "4096"},
                {"\"conf\": {\"spark." + "k".repeat(300) + "\": \"1\"}", "a key of field 'conf'", "256"},
                {"\"conf\": {\"spark.sql.shuffle.partitions\": \"" + "9".repeat(20_000) + "\"}",
                        "field 'conf.spark.sql.shuffle.partitions'", "16384"},
                {"\"args\": [" + String.join(",", java.util.Collections.nCopies(1001, "\"a\"")) + "]",
                        "field 'args'", "1000"},
        };
        for (String[] attack : attacks) {
            HttpResponse<String> answer = post("/batches", attack[0]);
            assertThat(answer.statusCode()).as(attack[1] + " -> " + answer.body()).isEqualTo(400);
            assertThat(answer.body()).as(attack[1]).contains(attack[1]).contains(attack[2]);
        }
        assertThat(recorded()).isZero();
        assertThat(post("/batches", "\"args\": [\"" + "a".repeat(100_000) + "\"], \"conf\": {\"spark.deadline.by\":"
                + " \"10m\"}").statusCode()).as("a long SQL text as an argument").isEqualTo(201);
    }
}
