package io.punctual.submit.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.punctual.submit.home.Install;
import io.punctual.submit.Main;
import io.punctual.submit.home.PunctualHome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code punctual simulate} as a user runs it: a table, a report directory, and clear errors before anything runs. */
class SimulateCommandTest {

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... argv) {
        Map<String, String> env = Map.of("PUNCTUAL_CONF_DIR",
                Install.fromSystemProperty().orElseThrow().root().resolve("conf/embedded").toString());
        CliContext context = new CliContext(env, new ByteArrayInputStream(new byte[0]),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                Clock.systemUTC(), new PunctualHome(tmp.resolve("home")), tmp, Install.fromRoot(tmp));
        return Main.run(List.of(argv), context);
    }

    @Test
    void everyDefaultPolicyRunsOnTheSameJobsAndTheReportIsWritten() throws IOException {
        int status = run("simulate", "--trace", "synthetic:jobs=300,span=6000", "--nodes", "2", "--node", "8,32768",
                "--deadlines", "Aria2x4x", "--seed", "9", "--report", "report");
        assertThat(status).as(err.toString(StandardCharsets.UTF_8)).isZero();
        String table = out.toString(StandardCharsets.UTF_8);
        for (String policy : SimulateCommand.DEFAULT_POLICIES.split(",")) {
            assertThat(table).contains(policy.equals("punctual") ? "punctual:justice" : policy);
        }
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("300 jobs on 2 nodes (16 CPUs)")
                .contains("punctual:justice: done");
        Path report = tmp.resolve("report");
        assertThat(Files.readAllLines(report.resolve("jobs.csv"))).hasSize(1 + 300 * 6);
        assertThat(report.resolve("summary.json")).exists();
        assertThat(report.resolve("completion-cdf.png")).exists();
    }

    @Test
    void jsonPrintsTheSummary() throws IOException {
        assertThat(run("simulate", "--trace", "synthetic:jobs=100", "--nodes", "1", "--policies", "oracle,punctual",
                "--json")).isZero();
        JsonNode summary = new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8));
        assertThat(summary.get("jobs").asInt()).isEqualTo(100);
        assertThat(summary.get("policies")).hasSize(2);
        assertThat(summary.get("policies").get(1).get("policy").asText()).isEqualTo("punctual:justice");
        assertThat(summary.get("policies").get(0).get("satisfiedDeadlineRatio").asDouble()).isBetween(0.0, 1.0);
    }

    @Test
    void runNoiseSpreadsTheRunsAndABadOneIsRefused() throws IOException {
        assertThat(run("simulate", "--trace", "synthetic:jobs=200,recurring=1,keys=2", "--nodes", "2", "--policies",
                "oracle", "--run-noise", "0", "--json")).isZero();
        double quiet = new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8)).get("policies").get(0)
                .get("cpuHours").asDouble();
        out.reset();
        assertThat(run("simulate", "--trace", "synthetic:jobs=200,recurring=1,keys=2", "--nodes", "2", "--policies",
                "oracle", "--run-noise", "0.8", "--json")).isZero();
        double noisy = new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8)).get("policies").get(0)
                .get("cpuHours").asDouble();
        assertThat(noisy).isNotEqualTo(quiet);
        assertThat(run("simulate", "--trace", "synthetic:jobs=10", "--nodes", "1", "--run-noise", "-1")).isEqualTo(2);
        assertThat(lastError()).contains("--run-noise is a σ between 0 and 3");
    }

    @Test
    void latencySensitiveQueuesCompareBopfWithDrfAndStrictPriority() throws IOException {
        assertThat(run("simulate", "--trace", "bursts:lqs=3,tqs=2,hours=1", "--nodes", "4", "--report", "q"))
                .as(err.toString(StandardCharsets.UTF_8)).isZero();
        String table = out.toString(StandardCharsets.UTF_8);
        assertThat(table).contains("bopf").contains("drf").contains("strict-priority").contains("vs DRF");
        assertThat(Files.readAllLines(tmp.resolve("q/jobs.csv")).get(1)).startsWith("bopf,lq");
        assertThat(run("simulate", "--trace", "bursts:lqs=3", "--nodes", "4", "--policies", "justice")).isEqualTo(2);
        assertThat(lastError()).contains("does not allocate burst queues");
        assertThat(run("simulate", "--trace", "synthetic:jobs=10", "--nodes", "4", "--policies", "bopf")).isEqualTo(2);
        assertThat(lastError()).contains("--trace bursts:");
    }

    @Test
    void reservationRequestsArePlacedByGreeAndGreeL() {
        assertThat(run("simulate", "--trace", "reservations:requests=200", "--nodes", "20", "--node", "32,131072"))
                .as(err.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("gree ").contains("gree-l").contains("/200");
        assertThat(run("simulate", "--trace", "synthetic:jobs=10", "--nodes", "4", "--policies", "yarn-greedy"))
                .isEqualTo(2);
        assertThat(lastError()).contains("RayonSideBySide");
    }

    @Test
    void badInputIsOneClearLineAndNothingRuns() throws IOException {
        assertThat(run("simulate", "--trace", "synthetic:jobs=10", "--nodes", "0")).isEqualTo(2);
        assertThat(lastError()).contains("--nodes");
        assertThat(run("simulate", "--trace", "synthetic:jobs=10", "--nodes", "2", "--policies", "justice,fifo"))
                .isEqualTo(2);
        assertThat(lastError()).contains("unknown policy 'fifo'");
        assertThat(run("simulate", "--trace", "synthetic:jobs=10", "--nodes", "2", "--policies", "punctual:lottery"))
                .isEqualTo(2);
        assertThat(lastError()).contains("unknown admission policy 'lottery'").contains("rush");
        assertThat(run("simulate", "--trace", "synthetic:jobs=10", "--nodes", "2", "--deadlines", "Fixed3x"))
                .isEqualTo(2);
        assertThat(lastError()).contains("unknown deadline type");
        Files.writeString(tmp.resolve("bad.tsv"), "job0\t1\t1\t10\t10\t10\njob1\t2\t1\tten\t10\t10\n");
        assertThat(run("simulate", "--trace", "bad.tsv", "--nodes", "2")).isEqualTo(2);
        assertThat(lastError()).contains("line 2").contains("not a number");
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    private String lastError() {
        List<String> lines = err.toString(StandardCharsets.UTF_8).lines().toList();
        return lines.get(lines.size() - 1);
    }
}
