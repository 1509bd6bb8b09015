package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.punctual.submit.home.Install;
import io.punctual.yarn.AppReport;
import io.punctual.yarn.ClusterGateway;
import io.punctual.yarn.embedded.EmbeddedYarn;
import io.punctual.yarn.embedded.EmbeddedYarnSpec;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The gateway as a real process ({@code bin/punctual serve}) over a YARN that outlives it (the embedded cluster, in
 * this JVM): killed with SIGKILL while it launches and while its application runs, then started again over the same
 * store. No application may be started twice, no reservation leaked, and every batch tracked to its true end.
 */
class GatewayCrashIT {

    static final String TOKEN = "Bearer analytics-local-token-0001";
    static final ObjectMapper JSON = new ObjectMapper();
    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    static Install install = Install.fromSystemProperty().orElseThrow();
    static Path work;
    static EmbeddedYarn yarn;
    static ClusterGateway cluster;
    static int port;
    static Process gateway;

    @BeforeAll
    static void start() throws IOException {
        work = Files.createDirectories(Path.of("target", "gateway-crash-it").toAbsolutePath());
        yarn = EmbeddedYarn.start(EmbeddedYarnSpec.defaults(), work.resolve("yarn-conf"));
        cluster = yarn.gateway();
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.destroyForcibly();
        }
        if (cluster != null) {
            cluster.close();
        }
        if (yarn != null) {
            yarn.close();
        }
    }

    @AfterEach
    void noGatewayReservationIsLeftBehind() throws Exception {
        awaitTrue(GatewayCrashIT::noGatewayReservationHeld, Duration.ofSeconds(60),
                "gateway reservations left in the plan");
    }

    private static boolean noGatewayReservationHeld() {
        return cluster.reservations("sla").stream().noneMatch(r -> r.name().startsWith("punctual gw-"));
    }

    /** Starts {@code bin/punctual serve} against the test's cluster, over the same store every time. */
    static void startGateway() throws Exception {
        ProcessBuilder builder = new ProcessBuilder(install.root().resolve("bin/punctual").toString(), "serve",
                "--port", Integer.toString(port), "--conf-dir", install.root().resolve("conf/embedded").toString());
        builder.environment().put("HADOOP_CONF_DIR", yarn.confDir().toString());
        builder.environment().put("PUNCTUAL_HOME", work.resolve("home").toString());
        builder.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(work.resolve("gateway.out").toFile()));
        gateway = builder.start();
        awaitTrue(() -> call("GET", "/healthz", null).statusCode() == 200, Duration.ofSeconds(90), "gateway start");
    }

    /**
     * Kills the gateway once it has released what its ended batches held: it records a batch's end before it
     * releases the reservation, so a kill at once could leave one for the next start's recovery to release.
     */
    static void stopOnceReleased() throws Exception {
        awaitTrue(GatewayCrashIT::noGatewayReservationHeld, Duration.ofSeconds(60),
                "the gateway to release its ended batches' reservations");
        killGateway();
    }

    static void killGateway() throws InterruptedException {
        gateway.toHandle().destroyForcibly();
        gateway.waitFor();
    }

    static HttpResponse<String> call(String method, String path, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .header("Authorization", TOKEN)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    static JsonNode batch(int id) throws Exception {
        return JSON.readTree(call("GET", "/batches/" + id, null).body());
    }

    static int submit(String args, String extra) throws Exception {
        String body = "{\"file\":\"" + install.requireWorkloadsJar() + "\",\"className\":\"io.punctual.workloads.SyntheticStages\","
                + "\"args\":" + args + ",\"numExecutors\":1," + extra + "\"conf\":{\"spark.deadline.by\":\"6m\"}}";
        return JSON.readTree(call("POST", "/batches", body).body()).get("id").asInt();
    }

    static JsonNode awaitBatch(int id, Predicate<JsonNode> done, Duration within) throws Exception {
        Instant giveUp = Instant.now().plus(within);
        while (Instant.now().isBefore(giveUp)) {
            try {
                JsonNode b = batch(id);
                if (done.test(b)) {
                    return b;
                }
            } catch (IOException gatewayDown) {
                // restarting
            }
            Thread.sleep(200);
        }
        throw new AssertionError("batch " + id + " did not get there in " + within);
    }

    static void awaitTrue(Callable<Boolean> condition, Duration within, String what) throws Exception {
        Instant giveUp = Instant.now().plus(within);
        while (Instant.now().isBefore(giveUp)) {
            try {
                if (condition.call()) {
                    return;
                }
            } catch (IOException notYet) {
                // keep waiting
            }
            Thread.sleep(250);
        }
        throw new AssertionError("timed out waiting for " + what);
    }

    static boolean isFinal(JsonNode b) {
        return b.get("state").asText().matches("success|dead|killed");
    }

    static List<AppReport> appsOf(JsonNode b) {
        return cluster.applicationsTagged("punctual-sub-" + b.get("submissionId").asText());
    }

    @Test
    void killedWhileLaunchingTheBatchRunsOnceAndIsTrackedToItsEnd() throws Exception {
        startGateway();
        int id = submit("[\"1\",\"1\",\"3000\"]", "");
        // Kill once the reservation is held and spark-submit is starting, before YARN has the application: the
        // spark-submit left behind must not start a second one after the restart. A reservation opening at the plan
        // follower's next step is launched at once, before its queue is ready.
        JsonNode starting = awaitBatch(id, b -> b.get("log").toString().contains("launched at once")
                || b.get("log").toString().contains("is ready"), Duration.ofSeconds(90));
        assertThat(starting.get("appId").isNull()).as("killed before YARN had the application").isTrue();

        killGateway();
        startGateway();

        JsonNode done = awaitBatch(id, GatewayCrashIT::isFinal, Duration.ofMinutes(4));
        assertThat(done.get("state").asText()).isEqualTo("success");
        assertThat(appsOf(done)).hasSize(1);
        assertThat(appsOf(done).get(0).id().value()).isEqualTo(done.get("appId").asText());
        stopOnceReleased();
    }

    @Test
    void killedWhileTheApplicationRunsTheRestartedGatewayFollowsItToItsEnd() throws Exception {
        startGateway();
        int id = submit("[\"1\",\"1\",\"20000\"]", "");
        JsonNode running = awaitBatch(id, b -> b.get("state").asText().equals("running"), Duration.ofMinutes(3));

        killGateway();
        startGateway();

        JsonNode done = awaitBatch(id, GatewayCrashIT::isFinal, Duration.ofMinutes(4));
        assertThat(done.get("state").asText()).isEqualTo("success");
        assertThat(done.get("appId").asText()).isEqualTo(running.get("appId").asText());
        assertThat(done.get("metDeadline").asBoolean()).isTrue();
        assertThat(appsOf(done)).hasSize(1);
        stopOnceReleased();
    }

    @Test
    void twoHundredConcurrentSubmissionsAreNeitherLostNorDuplicated() throws Exception {
        startGateway();
        ExecutorService clients = Executors.newFixedThreadPool(50);
        List<Future<Integer>> answers = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            String key = "burst-" + (i % 100);
            // numExecutors 50 is over the team's cap: each batch is recorded and then rejected by sizing, so the burst
            // exercises the gateway, not Spark. Every key is sent twice, concurrently.
            answers.add(clients.submit(() -> JSON.readTree(call("POST", "/batches", "{\"file\":\""
                    + install.requireWorkloadsJar() + "\",\"numExecutors\":50,\"conf\":{\"spark.deadline.by\":\"6m\","
                    + "\"spark.deadline.idempotencyKey\":\"" + key + "\"}}").body()).get("id").asInt()));
        }
        Set<Integer> ids = new HashSet<>();
        for (Future<Integer> answer : answers) {
            ids.add(answer.get());
        }
        clients.shutdown();

        assertThat(ids).hasSize(100);
        for (int id : ids) {
            JsonNode done = awaitBatch(id, GatewayCrashIT::isFinal, Duration.ofMinutes(2));
            assertThat(done.get("admission").get("verdict").asText()).isEqualTo("rejected");
        }
        JsonNode all = JSON.readTree(call("GET", "/batches?size=10000", null).body());
        assertThat(all.get("sessions").findValues("id").stream().map(JsonNode::asInt).filter(ids::contains).count())
                .isEqualTo(100);
        killGateway();
    }

    /**
     * The journal damaged between runs, as a disk or an editor might: a lost last record, then a torn character.
     * The gateway starts every time, keeps the lost batch's id and key, and reports the damage without its contents.
     */
    @Test
    void aDamagedJournalIsReadAndItsLostBatchKeepsItsIdAndKey() throws Exception {
        startGateway();
        String body = "{\"file\":\"" + install.requireWorkloadsJar() + "\",\"numExecutors\":50,\"conf\":{"
                + "\"spark.deadline.by\":\"6m\",\"spark.deadline.idempotencyKey\":\"damage-key\"}}";
        int id = JSON.readTree(call("POST", "/batches", body).body()).get("id").asInt();
        awaitBatch(id, GatewayCrashIT::isFinal, Duration.ofMinutes(2));
        stopOnceReleased();
        startGateway(); // compacts: the batch is now the journal's last line
        killGateway();
        Path journal = work.resolve("home/store/batches/batches.journal");
        byte[] bytes = Files.readAllBytes(journal);
        Files.write(journal, java.util.Arrays.copyOf(bytes, bytes.length - 30));

        startGateway();
        JsonNode lost = batch(id);
        HttpResponse<String> retry = call("POST", "/batches", body);
        String health = call("GET", "/healthz", null).body();

        assertThat(lost.get("state").asText()).isEqualTo("dead");
        assertThat(retry.statusCode()).as("the key is remembered").isEqualTo(200);
        assertThat(JSON.readTree(retry.body()).get("id").asInt()).isEqualTo(id);
        assertThat(health).contains("degraded").contains("batch " + id + " was lost").doesNotContain("damage-key");
        killGateway();

        Files.write(journal, new byte[] {'{', (byte) 0xC3, '\n'}, java.nio.file.StandardOpenOption.APPEND);
        startGateway();
        assertThat(call("GET", "/healthz", null).body()).contains("not UTF-8 text");
        int next = JSON.readTree(call("POST", "/batches", body.replace("damage-key", "damage-key-2")).body())
                .get("id").asInt();
        assertThat(next).as("ids are never reused").isGreaterThan(id);
        killGateway();
    }

    /**
     * Issue 29's two critical holes on the real gateway: a far-future deadline (which made the gateway's copy of YARN's
     * agent plan an 8,000-year window, out of heap, at every restart) and dependency resolution from a caller's
     * repository into the thin runtime's jars. Both are refused before anything is recorded; the gateway stays up
     * through a restart and the runtime's jars do not change.
     */
    @Test
    void aFarFutureDeadlineAndACallersRepositoryAreRefusedAndTheGatewayStaysUp() throws Exception {
        startGateway();
        Path jars = work.resolve("home/spark/jars");
        List<String> before = jars.toFile().exists() ? List.of(jars.toFile().list()) : List.of();
        String file = "{\"file\":\"" + install.requireWorkloadsJar() + "\",\"className\":\"io.punctual.workloads.WordCount\",";
        HttpResponse<String> farFuture = call("POST", "/batches", file + "\"conf\":{\"spark.deadline.by\":"
                + "\"9999-12-31T23:59:59Z\",\"spark.deadline.maxExecutors\":\"1\"}}");
        HttpResponse<String> packages = call("POST", "/batches", file + "\"conf\":{\"spark.jars.packages\":"
                + "\"org.example:planted:1.0\",\"spark.jars.repositories\":\"http://127.0.0.1:9/maven\","
                + "\"spark.jars.ivy\":\"" + jars.getParent() + "\"}}");

        assertThat(farFuture.statusCode()).as(farFuture.body()).isEqualTo(400);
        assertThat(farFuture.body()).contains("planning-horizon");
        assertThat(packages.statusCode()).as(packages.body()).isEqualTo(403);
        assertThat(packages.body()).contains("spark.jars").doesNotContain(work.toString());
        killGateway();
        startGateway();
        assertThat(call("GET", "/healthz", null).statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(call("GET", "/batches", null).body()).get("sessions").toString())
                .doesNotContain("9999-12-31");
        assertThat(jars.toFile().exists() ? List.of(jars.toFile().list()) : List.of()).isEqualTo(before);
        killGateway();
    }
}
