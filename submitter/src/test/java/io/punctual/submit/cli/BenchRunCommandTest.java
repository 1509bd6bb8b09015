package io.punctual.submit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.submit.bench.JsonFiles;
import io.punctual.submit.bench.RunInfo;
import io.punctual.submit.bench.RunPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code punctual bench run}'s bad input: each is one clear line before anything runs — no cluster started, no bench
 * home made, no report directory touched.
 */
class BenchRunCommandTest {

    @TempDir
    Path tmp;

    private CliHarness cli;

    @BeforeEach
    void harness() {
        cli = new CliHarness(tmp, Map.of());
    }

    /** {@code bench run} with a valid demo run's options, {@code changes} replacing or adding to them. */
    private int bench(String... changes) {
        List<String> argv = new ArrayList<>(List.of("bench", "run", "--suite", "demo", "--report",
                tmp.resolve("report").toString(), "--weeks-of-history", "1", "--contention", "0"));
        for (int i = 0; i < changes.length; i++) {
            int at = argv.indexOf(changes[i]);
            boolean valued = i + 1 < changes.length && !changes[i + 1].startsWith("--");
            if (at >= 0 && valued) {
                argv.set(at + 1, changes[++i]);
            } else {
                argv.add(changes[i]);
                if (valued) {
                    argv.add(changes[++i]);
                }
            }
        }
        return cli.run(argv.toArray(String[]::new));
    }

    private void refused(String expected, String... changes) {
        assertThat(bench(changes)).as(Arrays.toString(changes)).isEqualTo(2);
        assertThat(cli.err()).contains(expected);
        assertThat(tmp.resolve("home").resolve("bench")).doesNotExist();
        assertThat(cli.out()).doesNotContain("through");
    }

    @Test
    void unknownNamesAreRefusedWithTheKnownOnes() {
        refused("unknown suite 'nope'; the suites are puma, tpcds, mixed, demo", "--suite", "nope");
        refused("the demo suite has no job 'grep'; its jobs are wordcount, stages", "--jobs", "wordcount,grep");
        refused("the demo suite has no scale 'huge'; its scales are tiny, small", "--scale", "huge");
        refused("unknown policy 'fast'; the policies are static, dynamic, punctual, punctual-noreserve, static:N"
                + " for a fixed count of N, and punctual@C for Punctual at confidence C",
                "--policies", "static,fast");
        refused("unknown option --deadline for 'punctual bench run'", "--deadline", "4m");
        assertThat(cli.run("bench", "walk")).isEqualTo(2);
        assertThat(cli.err()).contains("unknown bench command 'walk'; the commands are run");
    }

    @Test
    void badNumbersAndSpecsSayWhatIsWanted() {
        refused("--deadline-mix: cannot read '1x'", "--deadline-mix", "1x,2x:1");
        refused("--contention must be a share of the cluster from 0 to 0.9", "--contention", "1.5");
        refused("--contention must be a number", "--contention", "lots");
        refused("--weeks-of-history must be at least 1", "--weeks-of-history", "0");
        refused("--arrivals must be poisson:<mean gap>", "--arrivals", "hourly");
        refused("--history-executors must list whole numbers", "--history-executors", "1,two");
        refused("--policies names static twice", "--policies", "static,static");
        refused("--event-log-dir describes a running gateway; give --gateway too", "--event-log-dir", "/x");
        refused("--confidences must list confidences above 0 and below 1, e.g. 0.5,0.8,0.9,0.95; got '1.5'",
                "--confidences", "0.5,1.5");
        refused("--cluster-vcores must be at least 1, or \"host\"; got 0", "--cluster-vcores", "0");
        refused("--gateway needs the team's --token", "--gateway", "http://127.0.0.1:1");
        refused("--verify checks answers against a second SQL engine, which only TPC-DS jobs have; none of"
                + " wordcount, stages is one", "--verify");
        refused("none of puma/wordcount is one", "--suite", "mixed", "--jobs", "puma/wordcount", "--verify");
    }

    @Test
    void aTokenNoTeamHasIsRefusedBeforeAnyClusterStarts() {
        refused("has the token the bench would use; pass --token", "--token", "not-a-token-of-anyone");
    }

    @Test
    void anExistingReportIsNeverOverwrittenWithoutForceAndOnlyABenchReportIsReplaced() throws IOException {
        Path report = Files.createDirectories(tmp.resolve("report"));
        Path notes = Files.writeString(report.resolve("notes.txt"), "mine");

        refused("already exists; pass --resume to continue its run, --force to replace it");
        refused("is not a bench report (it has no run.json), so it is left alone", "--force");
        refused("holds no run.json of an earlier run", "--resume");
        refused("pass one of them", "--force", "--resume");
        assertThat(notes).hasContent("mine");
    }

    @Test
    void aResumedRunMustBePlannedAsBefore() throws IOException {
        Path report = Files.createDirectories(tmp.resolve("report"));
        RunPlan before = new RunPlan("demo", List.of("wordcount", "stages"), "tiny", 1, "1x:0.3,2x:0.4,4x:0.3", 0,
                List.of("static", "dynamic", "punctual", "punctual-noreserve"), 1, "poisson:20s", 2,
                List.of(1, 2, 3, 4), 1, 0, false);
        JsonFiles.write(report.resolve("run.json"), new RunInfo("demo", "tiny", 1, before.policies(), 1,
                before.deadlineMix(), 0, before.arrivals(), before, 1, "interrupted", "2026-11-23T02:00:00Z", 10.0,
                16, 16384L, "embedded", tmp.toString(), Map.of(), Map.of(), Map.of(), Map.of(), null));

        refused("was planned otherwise (seed was 1, now 2)", "--resume", "--seed", "2");
        refused("scale was \"tiny\", now \"small\"", "--resume", "--scale", "small");
    }
}
