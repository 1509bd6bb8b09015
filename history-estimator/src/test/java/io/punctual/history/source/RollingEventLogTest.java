package io.punctual.history.source;

import io.punctual.history.SyntheticLog;
import io.punctual.history.eventlog.EventLogCodec;
import io.punctual.history.eventlog.EventLogParser;
import io.punctual.history.run.ReadOutcome;
import io.punctual.history.run.RunRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Rolling event-log directories, laid out as Spark's RollingEventLogFilesWriter lays them out. */
class RollingEventLogTest {

    @TempDir
    Path base;

    private final List<String> lines = SyntheticLog.simpleApp("app-7", 12, 100).lines();

    @Test
    void partsAreReadInIndexOrderAsOneLog() throws IOException {
        Path dir = rolling("eventlog_v2_app-7", "appstatus_app-7", 3, EventLogCodec.ZSTD, false);
        RunRecord run = read(dir);

        RunRecord single = readSingle();
        assertThat(run.totals()).isEqualTo(single.totals());
        assertThat(run.wallTimeMs()).isEqualTo(single.wallTimeMs());
        assertThat(run.trainable()).isTrue();
        assertThat(candidate(dir).inProgress()).isFalse();
    }

    @Test
    void anInProgressStatusFileMeansTheApplicationStillRuns() throws IOException {
        Path dir = rolling("eventlog_v2_app-7", "appstatus_app-7.inprogress", 2, EventLogCodec.PLAIN, false);
        assertThat(candidate(dir).inProgress()).isTrue();
    }

    @Test
    void aMissingPartIsALoss() throws IOException {
        Path dir = rolling("eventlog_v2_app-7", "appstatus_app-7", 3, EventLogCodec.PLAIN, false);
        Files.delete(dir.resolve("events_2_app-7"));
        RunRecord run = read(dir);
        assertThat(run.excludedReason()).hasValueSatisfying(r -> assertThat(r).startsWith("lossy: rolling log parts 2..2 are missing"));
    }

    @Test
    void aCompactedLogStartsAtItsCompactPartAndDoesNotTrain() throws IOException {
        Path dir = rolling("eventlog_v2_app-7", "appstatus_app-7", 3, EventLogCodec.PLAIN, true);
        RunRecord run = read(dir);
        assertThat(run.excludedReason()).hasValueSatisfying(r -> assertThat(r).startsWith("compacted rolling log"));
    }

    /** Splits the app's lines over {@code parts} files; with {@code compact}, part 2 is a compacted file. */
    private Path rolling(String name, String status, int parts, EventLogCodec codec, boolean compact) throws IOException {
        Path dir = Files.createDirectories(base.resolve(name));
        int per = (lines.size() + parts - 1) / parts;
        for (int p = 0; p < parts; p++) {
            List<String> part = new ArrayList<>(lines.subList(p * per, Math.min(lines.size(), (p + 1) * per)));
            if (compact && p == 1) {
                part.addAll(0, lines.subList(0, 3)); // a compact file restates the application's start
            }
            String file = "events_" + (p + 1) + "_app-7" + (codec == EventLogCodec.PLAIN ? "" : "." + codec.shortName())
                    + (compact && p == 1 ? ".compact" : "");
            byte[] plain = (String.join("\n", part) + "\n").getBytes(StandardCharsets.UTF_8);
            Files.write(dir.resolve(file), CodecRoundTripTest.compress(codec, plain));
        }
        if (compact) {
            Files.delete(dir.resolve("events_1_app-7"));
        }
        Files.write(dir.resolve(status), new byte[0]);
        return dir;
    }

    private RunRecord readSingle() throws IOException {
        Path file = base.resolve("app-7");
        Files.write(file, (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
        return CodecRoundTripTest.read(file);
    }

    private static LogCandidate candidate(Path dir) {
        LogCandidate found = FoundLogs.single(dir.toString());
        assertThat(found).isInstanceOf(RollingEventLog.class);
        return found;
    }

    private static RunRecord read(Path dir) throws IOException {
        ReadOutcome outcome = candidate(dir).read(new EventLogParser());
        assertThat(outcome).isInstanceOf(ReadOutcome.Read.class);
        return ((ReadOutcome.Read) outcome).run();
    }
}
