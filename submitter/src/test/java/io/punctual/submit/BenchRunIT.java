package io.punctual.submit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.punctual.submit.bench.BenchRow;
import io.punctual.submit.bench.ExecutorLives;
import io.punctual.submit.cli.CliContext;
import io.punctual.submit.home.Install;
import io.punctual.submit.home.PunctualHome;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * {@code punctual bench run} for real: the demo suite's two jobs, one history week each, then {@code static} and
 * {@code punctual}, through an in-process gateway over the embedded YARN, with real Spark.
 */
class BenchRunIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aWeeklyRunMeasuresEveryJobUnderEveryPolicyFromItsEventLog() throws Exception {
        Path work = Files.createDirectories(Path.of("target", "bench-it").toAbsolutePath());
        clear(work);
        Path home = Files.createDirectories(work.resolve("home"));
        Path report = work.resolve("report");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        var context = new CliContext(Map.of(), new java.io.ByteArrayInputStream(new byte[0]),
                new PrintStream(out, true, StandardCharsets.UTF_8), System.err, Clock.systemUTC(),
                new PunctualHome(home), work, Install.fromSystemProperty().orElseThrow());

        int status = Main.run(List.of("bench", "run", "--suite", "demo", "--scale", "tiny", "--weeks-of-history", "1",
                "--policies", "static,punctual", "--contention", "0", "--deadline-mix", "4x:1", "--arrivals",
                "poisson:3s", "--seed", "3", "--report", report.toString(), "--json"), context);

        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(status).as(String.join("\n", lines)).isZero();
        List<BenchRow> rows = JSON.readValue(report.resolve("results.json").toFile(), new TypeReference<>() { });
        assertThat(rows).extracting(r -> r.policy() + " " + r.job()).containsExactlyInAnyOrder(
                "static demo/wordcount", "static demo/stages", "punctual demo/wordcount", "punctual demo/stages");
        for (BenchRow row : rows) {
            assertThat(row.admitted()).as(row.toString()).isTrue();
            assertThat(row.reason()).as(row.toString()).isNull();
            assertThat(row.appId()).startsWith("application_");
            assertThat(row.executorSeconds()).isPositive();
            assertThat(row.eventLog()).as("a copy the report keeps").startsWith("event-logs/").endsWith(".zstd");
            assertThat(row.executorSeconds()).as("Σ executor lifetime × cores in " + row.eventLog())
                    .isCloseTo(fromEventLog(report.resolve(row.eventLog())), Offset.offset(1e-6));
            assertThat(row.oracleExecutorSeconds()).isPositive();
            assertThat(Instant.parse(row.finishedAt())).isAfter(Instant.parse(row.arrival()));
            assertThat(row.metDeadline()).isEqualTo(!Instant.parse(row.finishedAt()).isAfter(Instant.parse(
                    row.deadline())));
        }
        // static asks for 2; on a busy 48% queue the second may never come, so the row (what ran) holds 1 or 2.
        assertThat(rows).filteredOn(r -> r.policy().equals("static")).allSatisfy(r -> {
            assertThat(ExecutorLives.read(report.resolve(r.eventLog())).requested()).as(r.toString()).isEqualTo(2);
            assertThat(r.executors()).as(r.toString()).isBetween(1, 2);
            assertThat(r.reservationId()).isNull();
        });
        assertThat(rows).filteredOn(r -> r.policy().equals("punctual")).allSatisfy(r -> {
            assertThat(r.reservationId()).startsWith("reservation_");
            assertThat(r.reservedCpuSeconds()).isPositive();
        });

        JsonNode run = JSON.readTree(report.resolve("run.json").toFile());
        assertThat(run.get("status").asText()).isEqualTo("finished");
        assertThat(run.get("week").asInt()).isEqualTo(1);
        assertThat(run.get("gateway").asText()).isEqualTo("embedded");
        assertThat(run.get("clusterVcores").asInt()).isPositive();
        assertThat(run.get("jobs").get("demo/wordcount").get("isolatedSeconds").asDouble()).isPositive();
        assertThat(run.get("reservations").get("punctual")).hasSize(2);
        // conf/bench gives the team's queue 48% of the cluster, at most 48%, and the bench's plan queue the same.
        assertThat(run.at("/queues/static/queue").asText()).isEqualTo("team-analytics");
        assertThat(run.at("/queues/punctual/queue").asText()).isEqualTo("sla");
        for (String policy : List.of("static", "punctual")) {
            JsonNode share = run.get("queues").get(policy);
            assertThat(share.get("parent").asText()).as(policy).isEqualTo("root");
            assertThat(share.get("capacity").asDouble()).as(policy).isCloseTo(48, Offset.offset(0.1));
            assertThat(share.get("maximumCapacity").asDouble()).as(policy).isCloseTo(48, Offset.offset(0.1));
        }
        assertThat(run.get("hostCores").asInt()).isEqualTo(Runtime.getRuntime().availableProcessors());
        JsonNode summary = JSON.readTree(lines.get(lines.size() - 1));
        assertThat(summary.at("/summary/policies")).filteredOn(p -> p.get("policy").asText().equals("punctual"))
                .singleElement().satisfies(p -> assertThat(p.get("admitted").asInt()).isEqualTo(2));
        assertThat(lines).anyMatch(l -> l.startsWith("static ") && l.contains("%"));
        assertThat(report.resolve("report.html")).isNotEmptyFile();
        ByteArrayOutputStream verified = new ByteArrayOutputStream();
        var verifying = new CliContext(Map.of(), new java.io.ByteArrayInputStream(new byte[0]),
                new PrintStream(verified, true, StandardCharsets.UTF_8), System.err, Clock.systemUTC(),
                new PunctualHome(home), work, Install.fromSystemProperty().orElseThrow());
        assertThat(Main.run(List.of("bench", "verify", report.toString()), verifying)).as(verified.toString()).isZero();
        assertThat(verified.toString()).contains("verified: 4 rows and summary.json reproduced from 4 event logs");
        JsonNode ledger = JSON.readTree(home.resolve("bench/bench/ledger.json").toFile());
        assertThat(ledger.get("history")).hasSize(2).allSatisfy(h -> assertThat(h.get("succeeded").asBoolean())
                .isTrue());
    }

    /** Σ executor lifetime × cores, read straight from the log's JSON lines. */
    private static double fromEventLog(Path log) throws IOException {
        return ExecutorLives.read(log).executorSeconds();
    }

    private static void clear(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).filter(p -> !p.equals(dir)).toList()) {
                Files.delete(p);
            }
        }
    }
}
