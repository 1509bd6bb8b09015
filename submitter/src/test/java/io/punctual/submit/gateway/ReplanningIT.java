package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.punctual.submit.launch.TargetFiles;
import io.punctual.yarn.ReservationInfo;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Re-planning live (issue 25) through the gateway on the embedded YARN with real Spark and
 * {@code punctual.cluster.executor-targets} set: a batch launched on one executor that its first stage shows cannot
 * meet its deadline is grown — its reservation updated in YARN's plan, its executors moved by the driver plugin, never
 * shrunk — and its batch, its log and {@code /metrics} say so; its target file is gone once it ends.
 */
class ReplanningIT {

    private static final Pattern ADDED = Pattern.compile("\"Event\":\"SparkListenerExecutorAdded\"");
    private static final String ANALYTICS = "Bearer analytics-local-token-0001";
    private static final String METRICS = "Bearer replanning-it-metrics";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    static Path work;
    static Path targets;
    static EmbeddedGateway embedded;

    @BeforeAll
    static void start() throws Exception {
        work = Files.createDirectories(Path.of("target", "replanning-it").toAbsolutePath());
        targets = work.resolve("targets");
        embedded = EmbeddedGateway.start(work, "punctual.cluster.executor-targets = \"" + targets.toUri() + "\"\n"
                + "punctual.gateway.metrics-token = \"" + METRICS.substring("Bearer ".length()) + "\"");
    }

    @AfterAll
    static void stop() {
        if (embedded != null) {
            embedded.close();
        }
    }

    @Test
    void aBatchItsFirstStageShowsLateIsGrownInItsReservationAndOnTheClusterAndSaysSo() throws Exception {
        // Three stages of 16 tasks of 2 s: 96 s of tasks on the one executor it is launched with, against a deadline
        // 110 s away that also pays the launch. A job of its own each run: no history sizes it before it starts.
        String body = "{\"file\":\"" + embedded.jar + "\",\"className\":\"io.punctual.workloads.SyntheticStages\","
                + "\"args\":[\"3\",\"16\",\"2000\"],\"numExecutors\":1,\"executorCores\":1,\"executorMemory\":\"512m\","
                + "\"driverMemory\":\"512m\",\"name\":\"replanned-" + Instant.now().toEpochMilli() + "\",\"conf\":{"
                + "\"spark.deadline.by\":\"110s\",\"spark.yarn.maxAppAttempts\":\"1\"}}";
        HttpResponse<String> created = call("POST", "/batches", ANALYTICS, body);
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        int id = JSON.readTree(created.body()).get("id").asInt();

        List<ReservationInfo> heldAfterGrowing = new ArrayList<>();
        JsonNode done = follow(id, heldAfterGrowing);

        assertThat(done.get("state").asText()).as(done.toString()).isEqualTo("success");
        JsonNode replanning = done.get("replanning");
        JsonNode grown = replanning.get("changes").get(0);
        int grownTo = grown.get("executorsTo").asInt();
        assertThat(grown.get("executorsFrom").asInt()).isEqualTo(1);
        assertThat(grownTo).isGreaterThan(1);
        assertThat(Instant.parse(grown.get("at").asText())).isBefore(Instant.parse(done.get("finishedAt").asText()));
        assertThat(grown.get("holdEndTo").asText()).isNotBlank();
        assertThat(grown.get("why").asText()).isNotBlank();
        assertThat(replanning.get("changes")).allSatisfy(c ->
                assertThat(c.get("executorsTo").asInt()).isGreaterThan(c.get("executorsFrom").asInt()));
        assertThat(done.get("predictedLateSeconds").isNull()).as("a finished batch predicts nothing").isTrue();
        // YARN's plan held the grown gang (its executors and the ApplicationMaster) once the update was taken.
        assertThat(heldAfterGrowing).filteredOn(r -> r.id().value().equals(done.get("reservationId").asText()))
                .anySatisfy(held -> assertThat(held.allocation()).anySatisfy(step ->
                assertThat(step.resources().vcores()).isGreaterThanOrEqualTo(grownTo + 1)));
        String eventLog = Files.readString(eventLog(done.get("appId").asText()));
        assertThat(count(ADDED, eventLog)).as("executors added: the first and the grown ones").isGreaterThan(1);
        // Nothing is given back live: a released executor's shuffle output is lost without Spark's external shuffle
        // service (which the embedded NodeManagers do not run), and every stage would run again.
        assertThat(eventLog).doesNotContain("\"Event\":\"SparkListenerExecutorRemoved\"").contains(TargetFiles.PLUGIN);
        // The batch is seen ended as soon as its end is recorded; its target file goes right after.
        Instant patience = Instant.now().plusSeconds(20);
        while (!targetFiles().isEmpty() && Instant.now().isBefore(patience)) {
            Thread.sleep(200);
        }
        assertThat(targetFiles()).as("target files left behind").isEmpty();
        assertThat(embedded.cluster.reservations("sla")).as("its reservation released")
                .noneMatch(r -> r.id().value().equals(done.get("reservationId").asText()));
        assertThat(call("GET", "/batches/" + id + "/log", ANALYTICS, null).body())
                .contains("re-planned " + done.get("appId").asText() + ": executors 1 -> " + grownTo);
        assertThat(call("GET", "/metrics", METRICS, null).body()).containsPattern(
                "punctual_replans_total\\{direction=\"grow\",team=\"analytics\"} [1-9]");
    }

    /** Follows the batch to its end, noting YARN's plan as soon as the batch says it was grown. */
    private static JsonNode follow(int id, List<ReservationInfo> heldAfterGrowing) throws Exception {
        Instant giveUp = Instant.now().plus(Duration.ofMinutes(5));
        while (Instant.now().isBefore(giveUp)) {
            JsonNode batch = JSON.readTree(call("GET", "/batches/" + id, ANALYTICS, null).body());
            if (heldAfterGrowing.isEmpty() && batch.hasNonNull("replanning")
                    && !batch.get("replanning").get("changes").isEmpty()) {
                heldAfterGrowing.addAll(embedded.cluster.reservations("sla"));
            }
            if (batch.get("state").asText().matches("success|dead|killed")) {
                return batch;
            }
            Thread.sleep(500);
        }
        throw new AssertionError("batch " + id + " did not finish in time");
    }

    private static List<Path> targetFiles() throws Exception {
        try (Stream<Path> left = Files.list(targets)) {
            return left.toList();
        }
    }

    private static Path eventLog(String app) throws Exception {
        try (Stream<Path> files = Files.walk(work)) {
            return files.filter(f -> f.getParent().endsWith("event-logs") && f.getFileName().toString().startsWith(app))
                    .findFirst().orElseThrow();
        }
    }

    private static HttpResponse<String> call(String method, String path, String token, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(embedded.base + path)).method(method,
                body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        return HTTP.send(request.header("Authorization", token).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static int count(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text);
        int n = 0;
        while (matcher.find()) {
            n++;
        }
        return n;
    }
}
