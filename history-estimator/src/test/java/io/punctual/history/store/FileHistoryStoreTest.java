package io.punctual.history.store;

import io.punctual.sizing.JobKey;
import io.punctual.history.RunFixtures;
import io.punctual.history.RunFixtures.Stage;
import io.punctual.history.run.RunId;
import io.punctual.history.SparkEventLogs;
import io.punctual.history.eventlog.EventLogParser;
import io.punctual.history.run.ReadOutcome;
import io.punctual.history.run.RunRecord;
import io.punctual.history.source.LocalLogFileSystem;
import io.punctual.history.source.SingleEventLog;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class FileHistoryStoreTest {

    private static final RunRecord RUN = RunFixtures.run("app-1", 1_000, 100, 900, 100, 2, 0,
            Stage.of(0, List.of(), 100, 200, 300), Stage.of(1, List.of(0), 50));

    @TempDir
    Path home;

    @Test
    void runsStoredUnderAReservationQueueAreReFiledUnderTheUserWhenTheStoreOpens() throws IOException {
        JobKey oldKey = new JobKey("reservation_1795323250913_0001", "direct-res@io.x.Main");
        JobKey laterKey = new JobKey("reservation_1795323250913_0002", "direct-res@io.x.Main");
        RunRecord first = RunFixtures.run("app-0", 500, 100, 900, 100, 2, 0, Stage.of(0, List.of(), 100))
                .withJobKey(oldKey);
        RunRecord second = RunFixtures.run("app-2", 5_000, 100, 900, 100, 2, 0, Stage.of(0, List.of(), 100))
                .withJobKey(laterKey);
        FileHistoryStore old = FileHistoryStore.open(home);
        old.put(first);
        old.put(second);
        old.put(RUN);
        assertThat(old.jobKeys()).hasSize(3);

        FileHistoryStore reopened = FileHistoryStore.open(home);

        JobKey stable = new JobKey(RUN.user(), "direct-res@io.x.Main");
        assertThat(reopened.jobKeys()).containsExactlyInAnyOrder(stable, RunFixtures.KEY);
        assertThat(reopened.runs(Optional.of(stable)).runs()).extracting(RunRecord::id)
                .containsExactly(first.id(), second.id());
        assertThat(reopened.get(RUN.id())).get().usingRecursiveComparison().isEqualTo(RUN);
        try (Stream<Path> dirs = Files.list(home.resolve("runs"))) {
            assertThat(dirs.map(d -> d.getFileName().toString())).noneMatch(d -> d.startsWith("reservation_"));
        }
    }

    @Test
    void theDeadlineARunWasAskedToMeetIsStoredAndRecordsWithoutOneStillRead() {
        FileHistoryStore store = FileHistoryStore.open(home);
        RunRecord asked = new RunRecord(RUN.id(), RUN.jobKey(), RUN.appName(), RUN.sparkVersion(), RUN.user(),
                RUN.startMs(), RUN.endMs(), RUN.coresPerExecutor(), RUN.taskCpus(), RUN.executors(), RUN.jobs(),
                RUN.stages(), RUN.totals(), RUN.integrity(), RUN.excludedReason(), RUN.source(),
                Optional.of(new io.punctual.history.run.DeadlineAsk(5_000, java.util.OptionalDouble.of(0.9))));
        store.put(asked);

        assertThat(store.get(RUN.id())).get().usingRecursiveComparison().isEqualTo(asked);
        assertThat(store.get(RUN.id()).orElseThrow().metDeadline()).contains(true);
        store.put(RUN);
        assertThat(store.get(RUN.id()).orElseThrow().asked()).isEmpty();
    }

    @Test
    void aStoredRunReadsBackEqual() throws IOException {
        FileHistoryStore store = FileHistoryStore.open(home);
        RunRecord real = readSparkLog("spark-events/application_1628109047826_1317105");
        store.put(real);
        store.put(RUN);

        assertThat(store.get(real.id())).get().usingRecursiveComparison().isEqualTo(real);
        assertThat(store.get(RUN.id())).get().usingRecursiveComparison().isEqualTo(RUN);
        assertThat(store.runs(Optional.of(RunFixtures.KEY)).runs()).extracting(RunRecord::id).containsExactly(RUN.id());
        assertThat(store.runs(Optional.empty()).runs()).hasSize(2);
        assertThat(store.jobKeys()).containsExactlyInAnyOrder(real.jobKey(), RunFixtures.KEY);
        // a fresh store object over the same directory sees the same (it is durable, not a cache)
        assertThat(FileHistoryStore.open(home).get(real.id())).get().usingRecursiveComparison().isEqualTo(real);
    }

    @Test
    void aRecordCutInHalfIsReportedNotLoaded() throws IOException {
        FileHistoryStore store = FileHistoryStore.open(home);
        store.put(RUN);
        Path file = onlyRunFile();
        byte[] bytes = Files.readAllBytes(file);
        Files.write(file, Arrays.copyOf(bytes, bytes.length / 2));

        StoreScan scan = store.runs(Optional.empty());
        assertThat(scan.runs()).isEmpty();
        assertThat(scan.problems()).singleElement().satisfies(p -> {
            assertThat(p.location()).endsWith(".run");
            assertThat(p.message()).contains("cut short");
        });
        assertThat(store.get(RUN.id())).isEmpty();
    }

    @Property(tries = 200)
    void aRecordCutAnywhereIsDetected(@ForAll @IntRange(min = 0, max = 99) int percent) throws IOException {
        Path dir = Files.createTempDirectory("store-cut");
        try {
            FileHistoryStore store = FileHistoryStore.open(dir);
            store.put(RUN);
            Path file = runFiles(dir).get(0);
            byte[] bytes = Files.readAllBytes(file);
            Files.write(file, Arrays.copyOf(bytes, (int) ((long) bytes.length * percent / 100)));
            StoreScan scan = store.runs(Optional.empty());
            assertThat(scan.runs()).isEmpty();
            assertThat(scan.problems()).hasSize(1);
        } finally {
            deleteTree(dir);
        }
    }

    @Test
    void aFlippedByteFailsTheChecksum() throws IOException {
        FileHistoryStore store = FileHistoryStore.open(home);
        store.put(RUN);
        Path file = onlyRunFile();
        byte[] bytes = Files.readAllBytes(file);
        int i = bytes.length - 20;
        bytes[i] = (byte) (bytes[i] == '1' ? '2' : '1');
        Files.write(file, bytes);

        assertThat(store.runs(Optional.empty()).problems()).singleElement()
                .satisfies(p -> assertThat(p.message()).contains("checksum mismatch"));
    }

    @Test
    void aWriterThatDiedMidWriteLeavesTheOldRecordAndNoTrace() throws IOException {
        FileHistoryStore store = FileHistoryStore.open(home);
        store.put(RUN);
        Path file = onlyRunFile();
        // what a crash between write and rename leaves: a half-written temporary beside the record
        Path temp = file.resolveSibling(RecordFile.TEMP_PREFIX + file.getFileName() + "-dead");
        Files.write(temp, Arrays.copyOf(Files.readAllBytes(file), 40));

        assertThat(store.runs(Optional.empty()).runs()).singleElement().extracting(RunRecord::id).isEqualTo(RUN.id());
        assertThat(store.runs(Optional.empty()).problems()).isEmpty();
        store.put(RUN);
        assertThat(temp).doesNotExist();
    }

    @Test
    void reIngestingUnderANewJobKeyMovesTheRecord() {
        FileHistoryStore store = FileHistoryStore.open(home);
        store.put(RUN);
        RunRecord renamed = new RunRecord(RUN.id(), new JobKey("ops", "nightly"), RUN.appName(), RUN.sparkVersion(),
                RUN.user(), RUN.startMs(), RUN.endMs(), RUN.coresPerExecutor(), RUN.taskCpus(), RUN.executors(),
                RUN.jobs(), RUN.stages(), RUN.totals(), RUN.integrity(), RUN.excludedReason(), RUN.source());
        store.put(renamed);

        assertThat(store.runs(Optional.empty()).runs()).singleElement().extracting(RunRecord::jobKey)
                .isEqualTo(new JobKey("ops", "nightly"));
        assertThat(store.runs(Optional.of(RunFixtures.KEY)).runs()).isEmpty();
    }

    @Test
    void marksRememberWhatASourceGave() {
        FileHistoryStore store = FileHistoryStore.open(home);
        SourceMark mark = new SourceMark("file:/logs/app-1", 10, 20, false, "stored", "app-1", "");
        store.putMark(mark);
        assertThat(store.mark("file:/logs/app-1")).contains(mark);
        assertThat(store.mark("file:/logs/app-2")).isEmpty();
        assertThat(mark.describes(10, 20)).isTrue();
        assertThat(mark.describes(11, 20)).isFalse();
        assertThat(new SourceMark("u", 10, 20, true, "stored", "x", "").describes(10, 20)).isFalse();
    }

    @Test
    void runIdsWithOddCharactersGetSafeDistinctFiles() {
        assertThat(FileHistoryStore.runFileName(RunId.of("app/1", null)))
                .isNotEqualTo(FileHistoryStore.runFileName(RunId.of("app_1", null)))
                .doesNotContain("/");
        assertThat(FileHistoryStore.jobDirectory(new JobKey("t", "../../etc"))).doesNotContain("/").doesNotStartWith(".");
    }

    private Path onlyRunFile() throws IOException {
        List<Path> files = runFiles(home);
        assertThat(files).hasSize(1);
        return files.get(0);
    }

    private static List<Path> runFiles(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root.resolve("runs"))) {
            return walk.filter(p -> p.toString().endsWith(".run") && !p.getFileName().toString().startsWith(".")).toList();
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    static RunRecord readSparkLog(String relative) throws IOException {
        LocalLogFileSystem fs = new LocalLogFileSystem();
        ReadOutcome outcome = new SingleEventLog(fs, fs.stat(SparkEventLogs.dir().resolve(relative).toString()))
                .read(new EventLogParser());
        return ((ReadOutcome.Read) outcome).run();
    }
}
