package io.punctual.submit.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.punctual.submit.launch.TargetFiles;
import io.punctual.yarn.ReservationInfo;
import java.io.IOException;
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
 * meet its deadline is grown — its reservation updated in YARN's plan, its executors moved by the driver plugin — and
 * its batch, its log and {@code /metrics} say so; its target file is gone once it ends. One far ahead gives executors
 * back, decommissioned so that no shuffle output is lost.
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
        // 110 s away that also pays the launch.
        int id = submit(3, 16, 2000, 1, "110s");

        List<ReservationInfo> heldAfterGrowing = new ArrayList<>();
        JsonNode done = follow(id, heldAfterGrowing);

        assertThat(done.get("state").asText()).as(done.toString()).isEqualTo("success");
        JsonNode replanning = done.get("replanning");
        // A slow launch may first have moved the hold of the run not yet started (executors 1 -> 1).
        JsonNode grown = firstResize(replanning);
        int grownTo = grown.get("executorsTo").asInt();
        assertThat(grown.get("executorsFrom").asInt()).isEqualTo(1);
        assertThat(grownTo).isGreaterThan(1);
        assertThat(Instant.parse(grown.get("at").asText())).isBefore(Instant.parse(done.get("finishedAt").asText()));
        assertThat(grown.get("holdEndTo").asText()).isNotBlank();
        assertThat(grown.get("why").asText()).isNotBlank();
        assertThat(done.get("predictedLateSeconds").isNull()).as("a finished batch predicts nothing").isTrue();
        // YARN's plan held the grown gang (its executors and the ApplicationMaster) once the update was taken.
        assertThat(heldAfterGrowing).filteredOn(r -> r.id().value().equals(done.get("reservationId").asText()))
                .anySatisfy(held -> assertThat(held.allocation()).anySatisfy(step ->
                assertThat(step.resources().vcores()).isGreaterThanOrEqualTo(grownTo + 1)));
        String eventLog = Files.readString(eventLog(done.get("appId").asText()));
        assertThat(count(ADDED, eventLog)).as("executors added: the first and the grown ones").isGreaterThan(1);
        assertThat(eventLog).contains(TargetFiles.PLUGIN);
        assertThat(mapTasksRunAgain(eventLog)).as("map tasks run again: shuffle output lost").isZero();
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

    @Test
    void aBatchFarAheadGivesExecutorsBackWithoutRunningAStageAgain() throws Exception {
        // Two stages of 24 tasks of 2 s on 3 executors, 16 s a stage, against a deadline 10 minutes away. Once the
        // last stage has shown its task time, one executor is plenty: the others are decommissioned, their shuffle
        // blocks moving to the one that stays, which the last stage's later tasks still read.
        int id = submit(2, 24, 2000, 3, "10m");

        JsonNode done = follow(id, new ArrayList<>());

        assertThat(done.get("state").asText()).as(done.toString()).isEqualTo("success");
        JsonNode shrunk = firstResize(done.get("replanning"));
        assertThat(shrunk.get("executorsFrom").asInt()).isEqualTo(3);
        assertThat(shrunk.get("executorsTo").asInt()).isLessThan(3);
        assertThat(shrunk.get("why").asText()).startsWith("ahead");
        assertThat(Instant.parse(shrunk.get("holdEndTo").asText()))
                .isBefore(Instant.parse(shrunk.get("holdEndFrom").asText()));
        String eventLog = Files.readString(eventLog(done.get("appId").asText()));
        assertThat(eventLog).contains("\"Event\":\"SparkListenerExecutorRemoved\"");
        // The decommissioned executors' shuffle blocks moved: no map task ran again. A last-stage task that was
        // already reading one of them may fail to fetch it and run again (on one host Spark reads a neighbour's
        // blocks from its disk, lazily), which costs that task, not the stages before it.
        assertThat(mapTasksRunAgain(eventLog)).as("map tasks run again: shuffle output lost").isZero();
        assertThat(call("GET", "/metrics", METRICS, null).body()).containsPattern(
                "punctual_replans_total\\{direction=\"shrink\",team=\"analytics\"} [1-9]");
    }

    /** The first change that moved the run's executors. */
    private static JsonNode firstResize(JsonNode replanning) {
        for (JsonNode change : replanning.get("changes")) {
            if (change.get("executorsFrom").asInt() != change.get("executorsTo").asInt()) {
                return change;
            }
        }
        throw new AssertionError("no change moved the executors: " + replanning);
    }

    /** A SyntheticStages batch of {@code stages} stages of {@code tasks} tasks of {@code taskMs}, on {@code executors}. */
    private static int submit(int stages, int tasks, int taskMs, int executors, String deadline) throws Exception {
        // A job of its own each run: no history sizes it before it starts.
        String body = "{\"file\":\"" + embedded.jar + "\",\"className\":\"io.punctual.workloads.SyntheticStages\","
                + "\"args\":[\"" + stages + "\",\"" + tasks + "\",\"" + taskMs + "\"],\"numExecutors\":" + executors + ","
                + "\"executorCores\":1,\"executorMemory\":\"512m\",\"driverMemory\":\"512m\",\"name\":\"replanned-"
                + System.nanoTime() + "\",\"conf\":{\"spark.deadline.by\":\"" + deadline + "\","
                + "\"spark.yarn.maxAppAttempts\":\"1\"}}";
        HttpResponse<String> created = call("POST", "/batches", ANALYTICS, body);
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return JSON.readTree(created.body()).get("id").asInt();
    }

    /** Follows the batch to its end, noting YARN's plan as soon as the batch says its executors moved. */
    private static JsonNode follow(int id, List<ReservationInfo> heldAfterGrowing) throws Exception {
        Instant giveUp = Instant.now().plus(Duration.ofMinutes(5));
        while (Instant.now().isBefore(giveUp)) {
            JsonNode batch = JSON.readTree(call("GET", "/batches/" + id, ANALYTICS, null).body());
            if (heldAfterGrowing.isEmpty() && batch.hasNonNull("replanning") && java.util.stream.StreamSupport
                    .stream(batch.get("replanning").get("changes").spliterator(), false)
                    .anyMatch(c -> c.get("executorsFrom").asInt() != c.get("executorsTo").asInt())) {
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

    /** Tasks started in a later attempt of any stage but the last: map output that had to be computed again. */
    private static long mapTasksRunAgain(String eventLog) throws IOException {
        List<JsonNode> starts = new ArrayList<>();
        for (String line : eventLog.split("\n")) {
            if (line.contains("\"Event\":\"SparkListenerTaskStart\"")) {
                starts.add(JSON.readTree(line));
            }
        }
        int last = starts.stream().mapToInt(e -> e.get("Stage ID").asInt()).max().orElse(0);
        return starts.stream().filter(e -> e.get("Stage ID").asInt() < last)
                .filter(e -> e.get("Stage Attempt ID").asInt() > 0).count();
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
