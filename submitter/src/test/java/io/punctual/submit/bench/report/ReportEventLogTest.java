package io.punctual.submit.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
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

        Map<String, long[]> executors = new HashMap<>();
        long end = -1;
        for (String line : Files.readAllLines(file)) {
            JsonNode event = ReportFixture.JSON.readTree(line);
            switch (event.path("Event").asText()) {
                case "SparkListenerExecutorAdded" -> executors.put(event.get("Executor ID").asText(), new long[] {
                        event.get("Timestamp").asLong(), -1, event.at("/Executor Info/Total Cores").asInt()});
                case "SparkListenerExecutorRemoved" -> executors.get(event.get("Executor ID").asText())[1] =
                        event.get("Timestamp").asLong();
                case "SparkListenerApplicationEnd" -> end = event.get("Timestamp").asLong();
                default -> { }
            }
        }
        double expected = 0;
        for (long[] e : executors.values()) {
            expected += ((e[1] < 0 ? end : e[1]) - e[0]) * e[2] / 1000.0;
        }
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
