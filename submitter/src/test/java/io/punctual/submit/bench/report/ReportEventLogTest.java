package io.punctual.submit.bench.report;

import io.punctual.submit.bench.ExecutorLives;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Executor usage read from a real Spark event log: Spark's own {@code application_1628109047826_1317105} (a YARN
 * run with dynamic allocation, ten executors added and six removed), from the test-scoped spark-core tests jar,
 * against a sum computed here straight from its JSON lines.
 */
class ReportEventLogTest {

    static final String LOG = "spark-events/application_1628109047826_1317105";

    @TempDir
    Path dir;

    @Test
    void coreSecondsOfARealDynamicAllocationRunMatchTheLogsOwnEvents() throws Exception {
        Path file = dir.resolve("application_1628109047826_1317105");
        try (InputStream in = getClass().getClassLoader().getResourceAsStream(LOG)) {
            assertThat(in).as(LOG + " on the test classpath (spark-core_2.13:tests)").isNotNull();
            Files.copy(in, file);
        }
        ExecutorUsage.Outcome outcome = ExecutorUsage.read(file.toString());
        assertThat(outcome).isInstanceOf(ExecutorUsage.Read.class);
        ExecutorUsage usage = ((ExecutorUsage.Read) outcome).usage();

        ExecutorLives independent = ExecutorLives.read(file);
        Map<String, long[]> executors = independent.lives();
        double expected = independent.executorSeconds();
        assertThat(executors).hasSize(10);
        assertThat(executors.values().stream().filter(e -> e[1] >= 0)).hasSize(6);
        assertThat(usage.appId()).isEqualTo("application_1628109047826_1317105");
        assertThat(usage.spans()).hasSize(10);
        assertThat(usage.coreSeconds()).isCloseTo(expected, within(1e-6)).isPositive();
    }

    @Test
    void aMissingFileOrSomethingElseIsUnreadableWithTheReason() throws Exception {
        ExecutorUsage.Outcome missing = ExecutorUsage.read(dir.resolve("gone").toString());
        assertThat(missing).isInstanceOf(ExecutorUsage.Unreadable.class);
        assertThat(((ExecutorUsage.Unreadable) missing).reason()).contains("no such file or directory");

        Path notALog = Files.writeString(dir.resolve("notes.txt"), "hello\nworld\n");
        ExecutorUsage.Outcome other = ExecutorUsage.read(notALog.toString());
        assertThat(((ExecutorUsage.Unreadable) other).reason()).contains("not a Spark event log");
        assertThat(((ExecutorUsage.Unreadable) ExecutorUsage.read(null)).reason()).contains("names no event log");
    }
}
