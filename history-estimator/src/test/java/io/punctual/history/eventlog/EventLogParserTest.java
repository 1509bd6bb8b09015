package io.punctual.history.eventlog;

import io.punctual.history.SyntheticLog;
import io.punctual.history.run.ReadOutcome;
import io.punctual.history.run.RunRecord;
import io.punctual.history.run.SourceInfo;
import io.punctual.history.run.StageRun;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class EventLogParserTest {

    private static final SourceInfo SOURCE = new SourceInfo("file:/logs/app-1", 0, 0, "test");

    @Test
    void aSimpleApplicationGivesItsFacts() throws IOException {
        // 5 tasks of 200 ms in stage 0 from t=2000, then 1 task of 200 ms in stage 1 (after 0); app 1000..3700
        RunRecord run = read(SyntheticLog.simpleApp("app-1", 5, 200).bytes());

        assertThat(run.totals().tasks()).isEqualTo(6);
        assertThat(run.totals().taskTimeMs()).isEqualTo(6 * 200);
        assertThat(run.totals().inputBytes()).isEqualTo(5 * 100);
        assertThat(run.wallTimeMs()).hasValue(3_700 - 1_000);
        assertThat(run.stages()).extracting(StageRun::stageId).containsExactly(0, 1);
        assertThat(run.stages().get(1).parentIds()).containsExactly(0);
        assertThat(run.coresPerExecutor()).isEqualTo(2);
        assertThat(run.maxStageTasks()).isEqualTo(5);
        // job 2000..3200; driver-only = (2000 - 1000) + (3700 - 3200)
        assertThat(run.driverOnlyMs()).isEqualTo(1_500);
        assertThat(run.jobKey().name()).isEqualTo("daily@com.example.Daily");
        assertThat(run.trainable()).isTrue();
    }

    @Test
    void aTruncatedLastLineIsToleratedAndMakesTheRunIncomplete() throws IOException {
        byte[] whole = SyntheticLog.simpleApp("app-1", 5, 200).bytes();
        byte[] cut = Arrays.copyOf(whole, whole.length - 20); // into the application end

        RunRecord run = read(cut);
        assertThat(run.integrity().truncatedTail()).isTrue();
        assertThat(run.integrity().corruptLines()).isZero();
        assertThat(run.integrity().complete()).isFalse();
        assertThat(run.excludedReason()).hasValueSatisfying(r -> assertThat(r).startsWith("incomplete"));
        assertThat(run.totals().tasks()).isEqualTo(6);
    }

    @Test
    void corruptLinesAreCountedAndTheirLineNumbersReported() throws IOException {
        List<String> lines = new ArrayList<>(SyntheticLog.simpleApp("app-1", 5, 200).lines());
        lines.add(3, "{\"Event\":\"SparkListenerExecutorAdded\",\"Timestamp\":");
        lines.add(5, "\u0000\u0001 not json at all");
        RunRecord run = read(join(lines));

        assertThat(run.integrity().corruptLines()).isEqualTo(2);
        assertThat(run.integrity().problems()).anySatisfy(p -> assertThat(p).contains("[4, 6]"));
        assertThat(run.trainable()).as("no task end was lost").isTrue();
    }

    @Test
    void aCorruptTaskEndMakesTheRunLossy() throws IOException {
        List<String> lines = new ArrayList<>(SyntheticLog.simpleApp("app-1", 5, 200).lines());
        int taskEnd = indexOfNth(lines, "SparkListenerTaskEnd", 2);
        lines.set(taskEnd, lines.get(taskEnd).substring(0, 80) + "}}}garbage");
        RunRecord run = read(join(lines));

        assertThat(run.integrity().corruptLines()).isEqualTo(1);
        assertThat(run.excludedReason()).hasValueSatisfying(r -> assertThat(r)
                .startsWith("lossy: stage 0.0 completed with 5 tasks but only 4 successful task ends"));
    }

    @Test
    void droppedEventsAreFoundByTheLossCheck() throws IOException {
        List<String> lines = new ArrayList<>(SyntheticLog.simpleApp("app-1", 5, 200).lines());
        lines.remove(indexOfNth(lines, "SparkListenerTaskEnd", 3));
        lines.remove(indexOfNth(lines, "SparkListenerJobEnd", 1));
        RunRecord run = read(join(lines));

        assertThat(run.excludedReason()).hasValueSatisfying(r -> assertThat(r).startsWith("lossy:"));
        assertThat(run.integrity().problems()).contains(
                "stage 0.0 completed with 5 tasks but only 4 successful task ends",
                "stage 0.0: 1 task start(s) without a task end",
                "job 0 started but never ended");
    }

    @Test
    void retriedTasksAreNotALoss() throws IOException {
        SyntheticLog log = new SyntheticLog().logStart("3.5.6").appStart("app-1", null, 0).executor("1", 0, 1)
                .jobStart(0, 10, 0).stageSubmitted(0, 2, 10)
                .taskStart(0, 0, 10).taskEnd(0, 0, 10, 50, 0, "ExceptionFailure")
                .task(0, 0, 60, 50, 0).task(0, 1, 60, 40, 0)
                .stageCompleted(0, 2, 10, 110).jobEnd(0, 110).appEnd(200);
        RunRecord run = read(log.bytes());

        assertThat(run.totals().tasks()).isEqualTo(3);
        assertThat(run.totals().failedTasks()).isEqualTo(1);
        assertThat(run.stages().get(0).taskMillis()).containsExactly(50, 50, 40);
        assertThat(run.trainable()).isTrue();
    }

    @Test
    void unknownEventsAreSkippedAndCounted() throws IOException {
        List<String> lines = new ArrayList<>(SyntheticLog.simpleApp("app-1", 3, 100).lines());
        lines.add(4, "{\"Event\":\"com.example.MyListenerEvent\",\"payload\":[1,2,3]}");
        lines.add(4, "{\"Event\":\"com.example.MyListenerEvent\",\"payload\":{}}");
        lines.add(4, "{\"Event\":\"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart\",\"x\":1}");
        RunRecord run = read(join(lines));

        assertThat(run.integrity().unknownEvents()).isEqualTo(2);
        assertThat(run.integrity().problems()).anySatisfy(p -> assertThat(p).contains("com.example.MyListenerEvent"));
        assertThat(run.trainable()).isTrue();
    }

    @Test
    void spark1LogsAreKeptOutOfTraining() throws IOException {
        SyntheticLog log = SyntheticLog.simpleApp("app-1", 2, 100);
        List<String> lines = new ArrayList<>(log.lines());
        lines.set(0, "{\"Event\":\"SparkListenerLogStart\",\"Spark Version\":\"1.6.3\"}");
        assertThat(read(join(lines)).excludedReason())
                .hasValueSatisfying(r -> assertThat(r).startsWith("Spark 1.x log (version 1.6.3)"));
    }

    @Test
    void garbageAndEmptyFilesAreRejectedWithAReason() throws IOException {
        ReadOutcome garbage = parse("this is\nnot an event log\n".getBytes(StandardCharsets.UTF_8));
        assertThat(garbage).isInstanceOfSatisfying(ReadOutcome.Rejected.class, r -> assertThat(r.reason())
                .isEqualTo("not a Spark event log: no SparkListenerApplicationStart in 2 lines (2 of them not JSON)"));
        assertThat(parse(new byte[0])).isInstanceOfSatisfying(ReadOutcome.Rejected.class,
                r -> assertThat(r.reason()).startsWith("empty"));
    }

    @Test
    void overLongLinesAreSkippedWithoutLosingTheRest() throws IOException {
        List<String> lines = new ArrayList<>(SyntheticLog.simpleApp("app-1", 3, 100).lines());
        String huge = "x".repeat(20_000);
        lines.add(4, "{\"Event\":\"org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart\",\"plan\":\"" + huge + "\"}");
        lines.add(4, "{\"Event\":\"SparkListenerEnvironmentUpdate\",\"Spark Properties\":{\"a\":\"" + huge + "\"}}");
        ReadOutcome outcome = new EventLogParser(8192).parse(new ByteArrayInputStream(join(lines)), SOURCE, "app-1");
        RunRecord run = ((ReadOutcome.Read) outcome).run();

        assertThat(run.totals().tasks()).isEqualTo(4);
        assertThat(run.integrity().problems()).anySatisfy(p -> assertThat(p).contains("SparkListenerEnvironmentUpdate event longer than"));
        assertThat(run.trainable()).isTrue();
    }

    @Test
    void fieldsInAnotherOrderAndWindowsLineEndingsStillRead() throws IOException {
        List<String> lines = new ArrayList<>(SyntheticLog.simpleApp("app-1", 3, 100).lines());
        lines.replaceAll(l -> l.replace("{\"Event\":\"SparkListenerApplicationEnd\",\"Timestamp\":",
                "{\"Timestamp\":").replaceAll("\\}$", l.contains("ApplicationEnd") ? ",\"Event\":\"SparkListenerApplicationEnd\"}" : "}"));
        byte[] crlf = (String.join("\r\n", lines) + "\r\n").getBytes(StandardCharsets.UTF_8);
        RunRecord run = read(crlf);

        assertThat(run.integrity().complete()).isTrue();
        assertThat(run.integrity().corruptLines()).isZero();
        assertThat(run.totals().tasks()).isEqualTo(4);
    }

    private static RunRecord read(byte[] log) throws IOException {
        ReadOutcome outcome = parse(log);
        assertThat(outcome).isInstanceOf(ReadOutcome.Read.class);
        return ((ReadOutcome.Read) outcome).run();
    }

    private static ReadOutcome parse(byte[] log) throws IOException {
        return new EventLogParser().parse(new ByteArrayInputStream(log), SOURCE, "app-1");
    }

    private static byte[] join(List<String> lines) {
        return (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
    }

    private static int indexOfNth(List<String> lines, String event, int nth) {
        int seen = 0;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("\"" + event + "\"") && ++seen == nth) {
                return i;
            }
        }
        throw new AssertionError("no " + nth + "th " + event);
    }
}
