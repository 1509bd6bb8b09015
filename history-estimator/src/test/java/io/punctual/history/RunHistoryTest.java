package io.punctual.history;

import io.punctual.sizing.JobKey;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.punctual.history.model.ModelSettings;
import io.punctual.history.model.TrainingOutcome;
import io.punctual.history.store.FileHistoryStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RunHistoryTest {

    @TempDir
    Path home;
    @TempDir
    Path logs;

    @Test
    void ingestingSparksOwnLogsStoresEachOnceAndAgainChangesNothing() {
        RunHistory history = RunHistory.open(home);
        List<String> progress = new ArrayList<>();
        IngestReport first = history.ingest(SparkEventLogs.sparkEvents().toString(), new IngestProgress() {
            @Override
            public void reading(int index, int total, String uri) {
                progress.add(index + "/" + total);
            }

            @Override
            public void done(int index, int total, IngestReport.Outcome outcome) {
            }
        });
        assertThat(first.count("stored")).isEqualTo(18);
        assertThat(first.clean()).isTrue();
        assertThat(progress).hasSize(18).startsWith("1/18").endsWith("18/18");

        IngestReport again = history.ingest(SparkEventLogs.sparkEvents().toString(), IngestProgress.SILENT);
        assertThat(again.count("unchanged")).isEqualTo(18);
        assertThat(again.toText()).contains("0 stored, 18 unchanged");
    }

    @Test
    void brokenAttemptsEndUpAsTheirMostCompleteReading() {
        RunHistory history = RunHistory.open(home);
        IngestReport report = history.ingest(SparkEventLogs.brokenSparkEvents().toString(), IngestProgress.SILENT);
        // sorted: last-attempt-incomplete/_1 (complete), _2 (incomplete), previous-attempt-incomplete/_1 (incomplete,
        // but attempt 1 is already complete: skipped), _2 (complete: replaces attempt 2's incomplete record)
        assertThat(report.outcomes()).extracting(IngestReport.Outcome::kind)
                .containsExactly("stored", "stored", "skipped", "stored");
        assertThat(report.outcomes().get(3).message()).contains("replaces an incomplete record");
        assertThat(history.show(Optional.empty()).runs()).hasSize(2)
                .allSatisfy(row -> assertThat(row.complete()).isTrue());
    }

    @Test
    void aFifoAmongTheLogsIsSkippedWithAMessageInsteadOfHangingTheIngest() throws Exception {
        Files.write(logs.resolve("app-1"), SyntheticLog.simpleApp("app-1", 4, 100).lines());
        Path fifo = logs.resolve("app-2");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        RunHistory history = RunHistory.open(home);

        IngestReport report = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                java.time.Duration.ofSeconds(20), () -> history.ingest(logs.toString(), IngestProgress.SILENT));

        assertThat(report.outcomes()).extracting(IngestReport.Outcome::kind).contains("stored");
        assertThat(report.outcomes()).anySatisfy(o -> assertThat(o.message()).contains("not a regular file"));
    }

    @Test
    void anInProgressLogIsReadAgainAndReplacedWhenItCompletes() throws IOException {
        RunHistory history = RunHistory.open(home);
        List<String> lines = SyntheticLog.simpleApp("app-9", 4, 100).lines();
        Path inProgress = logs.resolve("app-9.inprogress");
        Files.write(inProgress, lines.subList(0, 10));
        assertThat(history.ingest(logs.toString(), IngestProgress.SILENT).outcomes()).singleElement()
                .satisfies(o -> assertThat(o.message()).contains("incomplete"));
        // still in progress and grown: read again
        Files.write(inProgress, lines.subList(0, 14));
        assertThat(history.ingest(logs.toString(), IngestProgress.SILENT).outcomes()).singleElement()
                .satisfies(o -> assertThat(o.message()).contains("replaces an incomplete record with a longer one"));
        // Spark renames it when the application ends
        Files.delete(inProgress);
        Files.write(logs.resolve("app-9"), lines);
        IngestReport done = history.ingest(logs.toString(), IngestProgress.SILENT);
        assertThat(done.outcomes()).singleElement().isInstanceOfSatisfying(IngestReport.Stored.class, s -> {
            assertThat(s.note()).hasValueSatisfying(n -> assertThat(n).contains("the log has finished"));
            assertThat(s.excludedReason()).isEmpty();
        });
        assertThat(history.show(Optional.empty()).runs()).singleElement()
                .satisfies(r -> assertThat(r.complete()).isTrue());
    }

    @Test
    void aTouchedButIdenticalLogIsRecognisedByItsContent() throws IOException {
        RunHistory history = RunHistory.open(home);
        Path log = logs.resolve("app-3");
        Files.write(log, SyntheticLog.simpleApp("app-3", 2, 100).bytes());
        history.ingest(logs.toString(), IngestProgress.SILENT);
        Files.setLastModifiedTime(log, FileTime.fromMillis(Files.getLastModifiedTime(log).toMillis() + 60_000));

        assertThat(history.ingest(logs.toString(), IngestProgress.SILENT).outcomes()).singleElement()
                .satisfies(o -> assertThat(o.message()).startsWith("already stored as app-3 (same content"));
    }

    @Test
    void badFilesAreReportedOneByOneAndTheRestOfTheBatchIsStored() throws IOException {
        RunHistory history = RunHistory.open(home);
        Files.write(logs.resolve("app-good"), SyntheticLog.simpleApp("app-good", 2, 100).bytes());
        Files.write(logs.resolve("notes.txt"), "shopping list\nmilk\n".getBytes());
        Files.write(logs.resolve("app-broken.lz4"), "LZ4Block garbage that is not lz4".getBytes());
        byte[] spark1 = SyntheticLog.simpleApp("app-old", 2, 100).text()
                .replace("\"Spark Version\":\"3.5.6\"", "\"Spark Version\":\"1.6.0\"").getBytes();
        Files.write(logs.resolve("app-old"), spark1);

        IngestReport report = history.ingest(logs.toString(), IngestProgress.SILENT);
        assertThat(report.count("stored")).isEqualTo(2);
        assertThat(report.count("rejected")).isEqualTo(2);
        assertThat(report.outcomes()).filteredOn(o -> o.location().endsWith("notes.txt")).singleElement()
                .satisfies(o -> assertThat(o.message()).startsWith("not a Spark event log"));
        assertThat(report.outcomes()).filteredOn(o -> o.location().endsWith("app-broken.lz4")).singleElement()
                .satisfies(o -> assertThat(o.message()).contains("lz4"));
        assertThat(report.outcomes()).filteredOn(o -> o.location().endsWith("app-old")).singleElement()
                .satisfies(o -> assertThat(o.message()).contains("kept out of training: Spark 1.x log (version 1.6.0)"));
        assertThat(history.show(Optional.empty()).runs()).hasSize(2);
    }

    @Test
    void anUnreachableHistoryServerIsOneClearOutcome() {
        IngestReport report = RunHistory.open(home).ingest("http://127.0.0.1:9", IngestProgress.SILENT);
        assertThat(report.outcomes()).singleElement().isInstanceOfSatisfying(IngestReport.Unreachable.class, u ->
                assertThat(u.message()).startsWith("History Server at http://127.0.0.1:9 is unreachable (connection refused)"));
        assertThatThrownBy(() -> RunHistory.open(home).ingest(" ", IngestProgress.SILENT))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void showGivesTheIssueFieldsAsJson() throws IOException {
        RunHistory history = RunHistory.open(home);
        history.ingest(SparkEventLogs.sparkEvents().resolve("app-20161115172038-0000").toString(), IngestProgress.SILENT);
        JsonNode json = new ObjectMapper().readTree(history.show(Optional.empty()).toJson());
        JsonNode run = json.path("runs").get(0);
        assertThat(run.path("appId").asText()).isEqualTo("app-20161115172038-0000");
        // the plain-scan numbers of this log (see SharedLogsGoldenTest): 26 task ends, one stage, 4 executors
        assertThat(run.path("tasks").asLong()).isEqualTo(26);
        assertThat(run.path("stages").asInt()).isEqualTo(1);
        assertThat(run.path("executorsMax").asInt()).isEqualTo(4);
        assertThat(run.path("complete").asBoolean()).isTrue();
        assertThat(run.path("excludedReason").isNull()).isTrue();
        assertThat(iterable(run.fieldNames())).containsExactly("appId", "attemptId", "jobKey", "sparkVersion",
                "wallTimeMs", "tasks", "taskTimeMs", "stages", "executorsMax", "complete", "excludedReason");
        assertThat(json.path("models").get(0).path("jobKey").asText()).isEqualTo("jose/Spark shell@org.apache.spark.repl.Main");
    }

    @Test
    void predictGivesQuantilesDemandAndAChart() throws IOException {
        RunHistory history = new RunHistory(FileHistoryStore.open(home.resolve("history")), SourceResolver.defaults(),
                ModelSettings.DEFAULT);
        for (int i = 0; i < 4; i++) {
            Files.write(logs.resolve("app-" + i), SyntheticLog.simpleApp("app-" + i, 8, 100 * (i + 1)).bytes());
        }
        history.ingest(logs.toString(), IngestProgress.SILENT);
        JobKey key = new JobKey("alice", "daily@com.example.Daily");
        assertThat(history.model(key)).isInstanceOf(TrainingOutcome.Trained.class);

        PredictReport report = history.predict(key, 3);
        assertThat(report).isInstanceOf(PredictReport.Prediction.class);
        PredictReport.Prediction p = (PredictReport.Prediction) report;
        assertThat(p.curve()).extracting(q -> q.executors()).containsExactly(1, 2, 3, 4);
        assertThat(p.wall().p50()).isLessThanOrEqualTo(p.wall().p90());
        assertThat(report.toText()).contains("p50", "p99", "executor-core-s").containsPattern("(?m)^ +3\\* #+");
        JsonNode json = new ObjectMapper().readTree(report.toJson());
        assertThat(json.path("wallSeconds").path("p95").asDouble()).isEqualTo(p.wall().p95());
        assertThat(json.path("curve")).hasSize(4);

        assertThat(history.predict(new JobKey("alice", "unknown"), 3)).isInstanceOf(PredictReport.NoModel.class);
        assertThatThrownBy(() -> history.predict(key, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    private static List<String> iterable(java.util.Iterator<String> it) {
        List<String> out = new ArrayList<>();
        it.forEachRemaining(out::add);
        return out;
    }
}
