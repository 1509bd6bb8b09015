package io.punctual.submit.gateway;

import static io.punctual.submit.gateway.InMemoryGatewayHarness.ANALYTICS;
import static io.punctual.submit.gateway.InMemoryGatewayHarness.JSON;
import static io.punctual.submit.gateway.InMemoryGatewayHarness.call;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.punctual.submit.launch.InMemoryLauncher;
import io.punctual.yarn.AppId;
import io.punctual.yarn.AppState;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The requests Airflow's Livy hook makes, in its order, with the assertions it makes on the answers (its
 * {@code BatchState} names, {@code id}, {@code appId}, the {@code from}/{@code total} loop of
 * {@code dump_batch_logs}), and Livy's own rules for {@code /log}, {@code Location} and {@code /version}.
 */
class LivyFidelityTest {

    /** Airflow's {@code LivyHook.BatchState}: a state outside it fails the task. */
    private static final Set<String> AIRFLOW_STATES = Set.of("not_started", "starting", "running", "idle", "busy",
            "shutting_down", "error", "dead", "killed", "success");

    @RegisterExtension
    final InMemoryGatewayHarness harness = new InMemoryGatewayHarness();

    @Test
    void airflowsHookSubmitsWithTemplatedNumbersFollowsTheStateReadsEveryLogLineAndTheAppId() throws Exception {
        Gateway gateway = harness.running();
        HttpResponse<String> created = harness.post(gateway, "/batches", ", \"driverCores\": 1,"
                + " \"executorCores\": \"1\", \"numExecutors\": \"2\", \"driverMemory\": \"1g\","
                + " \"args\": [\"a\", \"1\"], \"conf\": {\"spark.deadline.by\": \"30m\"}");

        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        int id = JSON.readTree(created.body()).get("id").asInt();
        assertThat(created.headers().firstValue("Location")).hasValue("/batches/" + id);

        List<String> seen = new ArrayList<>();
        JsonNode done = InMemoryGatewayHarness.await(gateway, id, b -> {
            try {
                JsonNode state = JSON.readTree(call(gateway, ANALYTICS, "GET", "/batches/" + id + "/state", null)
                        .body());
                seen.add(state.get("state").asText());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            return b.get("state").asText().equals("success");
        });

        assertThat(done.get("state").asText()).isEqualTo("success");
        assertThat(seen).allSatisfy(s -> assertThat(AIRFLOW_STATES).contains(s));
        assertThat(harness.launched()).singleElement().satisfies(r -> assertThat(r.argv())
                .containsSequence("--num-executors", r.argv().get(r.argv().indexOf("--num-executors") + 1)));
        assertThat(done.get("appId").asText()).startsWith("application_");
        assertThat(done.get("appInfo").get("sparkUiUrl").asText()).contains(done.get("appId").asText());
        assertThat(done.has("stateDetail")).isTrue();

        List<String> dumped = dumpBatchLogs(gateway, id);
        assertThat(dumped).contains("stdout: ");
        assertThat(String.join("\n", dumped)).contains("sized:").contains("Submitting application "
                + done.get("appId").asText());
    }

    @Test
    void aRunningBatchShowsItsDriversLogOnTheNodeAndKeepsItOnceItEnds() throws Exception {
        Gateway gateway = harness.gateway(InMemoryLauncher.running(harness.cluster, Duration.ofMinutes(10)));
        int id = JSON.readTree(harness.post(gateway, "/batches", "").body()).get("id").asInt();

        JsonNode running = InMemoryGatewayHarness.await(gateway, id, b -> b.get("state").asText().equals("running")
                && !b.get("appInfo").get("driverLogUrl").isNull());

        assertThat(running.get("state").asText()).isEqualTo("running");
        String appId = running.get("appId").asText();
        String driverLog = running.get("appInfo").get("driverLogUrl").asText();
        assertThat(driverLog).startsWith("http://").contains("/node/containerlogs/container_"
                + appId.substring("application_".length()) + "_01_000001/");
        harness.cluster.finish(new AppId(appId), AppState.SUCCEEDED, "");
        JsonNode done = InMemoryGatewayHarness.await(gateway, id, b -> b.get("state").asText().equals("success"));
        assertThat(done.get("state").asText()).isEqualTo("success");
        assertThat(done.get("appInfo").get("driverLogUrl").asText()).isEqualTo(driverLog);
        assertThat(done.get("appInfo").get("sparkUiUrl").asText()).contains(appId);
    }

    /**
     * A stock LivyOperator sees a rejection only as a {@code dead} batch whose log it dumps before saying "did not
     * succeed": the admission's reason must be in that log, and in the batch's own {@code log} tail.
     */
    @Test
    void aRejectedBatchSaysWhyInItsLogAsAirflowsHookDumpsIt() throws Exception {
        Gateway gateway = harness.running();
        int id = JSON.readTree(harness.post(gateway, "/batches", ", \"numExecutors\": 5,"
                + " \"conf\": {\"spark.deadline.by\": \"10m\"}").body()).get("id").asInt();
        JsonNode dead = InMemoryGatewayHarness.await(gateway, id, b -> b.get("state").asText().equals("dead"));
        String reason = dead.get("admission").get("reason").asText();
        assertThat(dead.get("admission").get("verdict").asText()).as(dead.toString()).isEqualTo("rejected");
        assertThat(reason).isNotBlank();

        assertThat(dead.get("log").toString()).contains("rejected").contains(reason);
        assertThat(String.join("\n", dumpBatchLogs(gateway, id))).contains("rejected at admission: " + reason);
        assertThat(harness.launched()).isEmpty();
    }

    /** Airflow's {@code dump_batch_logs}: pages of 100 from 0 while the start is not past {@code total}. */
    private static List<String> dumpBatchLogs(Gateway gateway, int id) throws Exception {
        List<String> lines = new ArrayList<>();
        int start = 0;
        int total = 0;
        while (start <= total) {
            JsonNode page = JSON.readTree(call(gateway, ANALYTICS, "GET", "/batches/" + id + "/log?from=" + start
                    + "&size=100", null).body());
            total = page.get("total").asInt();
            page.get("log").forEach(line -> lines.add(line.asText()));
            start += 100;
        }
        return lines;
    }

    @Test
    void theLogPagesAsLivysDoes() throws Exception {
        Gateway gateway = harness.running();
        int id = JSON.readTree(harness.post(gateway, "/batches", ", \"conf\": {\"spark.deadline.by\": \"30m\"}")
                .body()).get("id").asInt();
        // The run's lesson is logged after the batch is seen to succeed: page a log that no longer grows.
        InMemoryGatewayHarness.await(gateway, id, b -> b.get("state").asText().equals("success")
                && b.get("log").toString().contains("learned: "));

        JsonNode all = log(gateway, id, "?size=-1");
        int total = all.get("total").asInt();
        assertThat(all.get("from").asInt()).isZero();
        assertThat(all.get("log").size()).isEqualTo(total).isGreaterThan(3);

        JsonNode tail = log(gateway, id, "?size=2");
        assertThat(tail.get("from").asInt()).isEqualTo(total - 2);
        assertThat(tail.get("log").get(1)).isEqualTo(all.get("log").get(total - 1));

        JsonNode defaults = log(gateway, id, "");
        assertThat(defaults.get("from").asInt()).isEqualTo(Math.max(0, total - 100));

        JsonNode past = log(gateway, id, "?from=" + (total + 5) + "&size=10");
        assertThat(past.get("from").asInt()).isEqualTo(total + 5);
        assertThat(past.get("log").size()).isZero();

        assertThat(call(gateway, ANALYTICS, "GET", "/batches/" + id + "/log?from=x", null).statusCode())
                .isEqualTo(400);
    }

    private static JsonNode log(Gateway gateway, int id, String query) throws Exception {
        return JSON.readTree(call(gateway, ANALYTICS, "GET", "/batches/" + id + "/log" + query, null).body());
    }

    @Test
    void aLaunchThatFailsLeavesSparkSubmitsOutputInTheLogWithoutTheGatewaysPaths() throws Exception {
        var launcher = new io.punctual.submit.launch.InMemoryLauncher(harness.cluster,
                r -> new io.punctual.submit.launch.InMemoryLauncher.Script.DiesFirst("FAILED"));
        Gateway gateway = harness.gateway(launcher);
        int id = JSON.readTree(harness.post(gateway, "/batches", ", \"conf\": {\"spark.deadline.by\": \"30m\"}")
                .body()).get("id").asInt();
        InMemoryGatewayHarness.await(gateway, id, b -> b.get("state").asText().equals("dead"));

        String lines = log(gateway, id, "?size=-1").get("log").toString();

        assertThat(lines).contains("stdout: ").contains("SparkException: the launch ended FAILED")
                .doesNotContain(harness.tmp.toString());
    }

    @Test
    void numbersMustStillBeWholeAndPositiveWhenSentAsText() throws Exception {
        Gateway gateway = harness.running();
        for (String bad : new String[] {"\"four\"", "\"0\"", "\"2.5\"", "\"-3\"", "\"99999999999\""}) {
            HttpResponse<String> answer = harness.post(gateway, "/batches", ", \"numExecutors\": " + bad);
            assertThat(answer.statusCode()).as(bad).isEqualTo(400);
            assertThat(answer.body()).contains("numExecutors");
        }
        assertThat(harness.launched()).isEmpty();
    }

    @Test
    void aConfKeyOutsideSparkIsDroppedBeforeLaunchWithSparkSubmitsWarningInTheLog() throws Exception {
        Gateway gateway = harness.running();
        int id = JSON.readTree(harness.post(gateway, "/batches", ", \"conf\": {\"spark.deadline.by\": \"30m\","
                + " \"livy.rsc.jars\": \"x.jar\", \"spark.sql.shuffle.partitions\": \"8\"}").body()).get("id").asInt();
        InMemoryGatewayHarness.await(gateway, id, b -> b.get("state").asText().equals("success"));

        assertThat(harness.launched()).singleElement().satisfies(r -> {
            assertThat(r.conf()).doesNotContainKey("livy.rsc.jars").containsEntry("spark.sql.shuffle.partitions", "8");
        });
        assertThat(log(gateway, id, "?size=-1").get("log").toString())
                .contains("Warning: ignoring non-Spark config property: livy.rsc.jars");
    }

    @Test
    void versionNamesThisBuildAndItsSparkAndHadoop() throws Exception {
        JsonNode version = JSON.readTree(call(harness.running(), ANALYTICS, "GET", "/version", null).body());

        assertThat(version.get("version").asText()).matches("\\d+\\.\\d+\\.\\d+.*");
        assertThat(version.get("spark").asText()).startsWith("3.5");
        assertThat(version.get("hadoop").asText()).startsWith("3.");
    }
}
