package io.punctual.history.eventlog;

import io.punctual.history.SparkEventLogs;
import io.punctual.history.run.ReadOutcome;
import io.punctual.history.run.RunRecord;
import io.punctual.history.source.FileSystemRunSource;
import io.punctual.history.source.FoundLogs;
import io.punctual.history.source.LocalLogFileSystem;
import io.punctual.history.source.LogCandidate;
import io.punctual.history.source.SourceVisitor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static java.util.Map.entry;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every event log Apache Spark ships for its own tests, good and broken, must be read or rejected with a reason
 * (they come from Spark's tests jar, see {@link SparkEventLogs}).
 * The numbers are checked against {@link PlainScan} (a naive tree-per-line count), the verdicts against a table
 * worked out by reading the logs.
 */
class SharedLogsGoldenTest {

    /**
     * How each file should end up, by reading it: "" = trains a model; otherwise the start of its exclusion reason.
     * Spark 1.2 logs (local-142*) have no SparkListenerLogStart; local-1430917381535_* are 1.4 with no tasks;
     * application_1555004656427_0144 and the complete broken attempts ran no task; the others lack their end.
     */
    private static final Map<String, String> VERDICT = Map.ofEntries(
            entry("spark-events/app-20161115172038-0000", ""),
            entry("spark-events/app-20161116163331-0000", ""),
            entry("spark-events/app-20180109111548-0000", ""),
            entry("spark-events/app-20200706201101-0003", ""),
            entry("spark-events/application_1516285256255_0012", ""),
            entry("spark-events/application_1553914137147_0018", ""),
            entry("spark-events/application_1555004656427_0144", "no tasks ran"),
            entry("spark-events/application_1578436911597_0052", ""),
            entry("spark-events/application_1628109047826_1317105", ""),
            entry("spark-events/local-1422981759269", "Spark 1.x log (no version recorded"),
            entry("spark-events/local-1422981780767", "Spark 1.x log (no version recorded"),
            entry("spark-events/local-1425081759269", "Spark 1.x log (no version recorded"),
            entry("spark-events/local-1426533911241", "Spark 1.x log (no version recorded"),
            entry("spark-events/local-1426633911242", "Spark 1.x log (no version recorded"),
            entry("spark-events/local-1430917381534", "Spark 1.x log (version 1.4.0-SNAPSHOT)"),
            entry("spark-events/local-1430917381535_1", "Spark 1.x log (version 1.4.0-SNAPSHOT)"),
            entry("spark-events/local-1430917381535_2", "Spark 1.x log (version 1.4.0-SNAPSHOT)"),
            entry("spark-events/local-1642039451826", ""),
            entry("spark-events-broken/last-attempt-incomplete/application_1656321732247_0006_1", "no tasks ran"),
            entry("spark-events-broken/last-attempt-incomplete/application_1656321732247_0006_2", "incomplete"),
            entry("spark-events-broken/previous-attempt-incomplete/application_1656321732247_0006_1", "incomplete"),
            entry("spark-events-broken/previous-attempt-incomplete/application_1656321732247_0006_2", "no tasks ran"));

    static List<Path> allLogs() {
        return SparkEventLogs.allEventLogs();
    }

    @Test
    void theTableCoversEveryLogSparkShips() {
        assertThat(allLogs().stream().map(SharedLogsGoldenTest::key).toList())
                .containsExactlyInAnyOrderElementsOf(VERDICT.keySet());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("allLogs")
    void everyLogIsReadWithTheNumbersANaiveScanFinds(Path log) throws IOException {
        PlainScan expected;
        try (InputStream in = Files.newInputStream(log)) {
            expected = PlainScan.of(in);
        }
        ReadOutcome outcome = read(log);

        assertThat(expected.started()).as("every log Spark ships has an application start").isTrue();
        assertThat(outcome).isInstanceOf(ReadOutcome.Read.class);
        RunRecord run = ((ReadOutcome.Read) outcome).run();
        assertThat(run.id().appId()).isEqualTo(expected.appId());
        assertThat(run.id().attemptId().orElse(null)).isEqualTo(expected.attemptId());
        assertThat(run.sparkVersion().orElse(null)).isEqualTo(expected.sparkVersion());
        assertThat(run.totals().tasks()).isEqualTo(expected.taskEnds());
        assertThat(run.totals().taskTimeMs()).isEqualTo(expected.taskTimeMs());
        assertThat(run.totals().inputBytes()).isEqualTo(expected.inputBytes());
        assertThat(run.stages()).hasSize(expected.stages());
        assertThat(run.executorsMax()).isEqualTo(expected.executorsMax());
        assertThat(run.integrity().complete()).isEqualTo(expected.ended());
        assertThat(run.wallTimeMs().orElse(-1)).isEqualTo(expected.wallTimeMs());
        assertThat(run.integrity().corruptLines()).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("allLogs")
    void everyLogGetsTheVerdictTheTableGives(Path log) throws IOException {
        RunRecord run = ((ReadOutcome.Read) read(log)).run();
        String verdict = VERDICT.get(key(log));
        if (verdict.isEmpty()) {
            assertThat(run.excludedReason()).as("%s should train", key(log)).isEmpty();
            assertThat(run.trainable()).isTrue();
        } else {
            assertThat(run.excludedReason()).as("%s", key(log)).hasValueSatisfying(r -> assertThat(r).startsWith(verdict));
        }
    }

    @Test
    void scanningBothDirectoriesReportsEachFileOnceAndNothingUnread() {
        List<String> found = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        SourceVisitor visitor = new SourceVisitor() {
            @Override
            public void found(LogCandidate log) {
                found.add(log.uri());
            }

            @Override
            public void problem(String location, String message) {
                problems.add(location + ": " + message);
            }
        };
        new FileSystemRunSource(new LocalLogFileSystem(), SparkEventLogs.sparkEvents().toString()).scan(visitor);
        new FileSystemRunSource(new LocalLogFileSystem(), SparkEventLogs.brokenSparkEvents().toString()).scan(visitor);

        assertThat(problems).isEmpty();
        assertThat(found).hasSize(VERDICT.size()).doesNotHaveDuplicates();
    }

    static ReadOutcome read(Path log) throws IOException {
        return FoundLogs.single(log.toString()).read(new EventLogParser());
    }

    private static String key(Path log) {
        return SparkEventLogs.dir().relativize(log).toString();
    }
}
