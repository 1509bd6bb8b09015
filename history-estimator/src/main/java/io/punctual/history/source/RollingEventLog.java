package io.punctual.history.source;

import io.punctual.history.eventlog.EventLogParser;
import io.punctual.history.eventlog.RawInput;
import io.punctual.history.run.ReadOutcome;
import io.punctual.history.run.SourceInfo;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * A rolling event log ({@code spark.eventLog.rolling.enabled}): a directory of numbered parts read in index order,
 * starting at the last compacted part if Spark compacted it, plus an {@code appstatus_} file whose
 * {@code .inprogress} suffix says the application still runs. A gap in the indices is a lost part.
 */
public record RollingEventLog(LogFileSystem fs, LogFileSystem.Entry directory, List<LogFileSystem.Entry> files)
        implements LogCandidate {

    public RollingEventLog {
        files = List.copyOf(files);
    }

    @Override
    public String uri() {
        return fs.uri(directory.path());
    }

    @Override
    public long sizeBytes() {
        return parts().stream().mapToLong(LogFileSystem.Entry::sizeBytes).sum();
    }

    @Override
    public long modifiedMs() {
        return files.stream().mapToLong(LogFileSystem.Entry::modifiedMs).max().orElse(directory.modifiedMs());
    }

    @Override
    public boolean inProgress() {
        return status().map(s -> s.name().endsWith(EventLogName.IN_PROGRESS)).orElse(true);
    }

    private java.util.Optional<LogFileSystem.Entry> status() {
        return files.stream().filter(f -> f.name().startsWith(EventLogName.STATUS_PREFIX)).findFirst();
    }

    /** The parts to read, in index order, from the last compacted one on. */
    List<LogFileSystem.Entry> parts() {
        List<LogFileSystem.Entry> parts = new ArrayList<>(files.stream()
                .filter(f -> EventLogName.partIndex(f.name()).isPresent()).toList());
        parts.sort(Comparator.comparingLong(f -> EventLogName.partIndex(f.name()).orElseThrow()));
        int lastCompacted = -1;
        for (int i = 0; i < parts.size(); i++) {
            if (EventLogName.ofFile(parts.get(i).name()).compacted()) {
                lastCompacted = i;
            }
        }
        return lastCompacted > 0 ? parts.subList(lastCompacted, parts.size()) : parts;
    }

    @Override
    public ReadOutcome read(EventLogParser parser) throws IOException {
        String stem = EventLogName.rollingStem(directory.name());
        List<LogFileSystem.Entry> parts = parts();
        EventLogParser.Reading reading = parser.begin(new SourceInfo(uri(), sizeBytes(), modifiedMs(), ""), stem);
        if (status().isEmpty()) {
            reading.note("no appstatus file in the rolling log directory");
        }
        CRC32C combined = new CRC32C();
        long bytes = 0;
        long expected = 1; // Spark numbers parts from 1 and deletes early ones only after compacting them
        for (LogFileSystem.Entry part : parts) {
            EventLogName name = EventLogName.ofFile(part.name());
            long index = EventLogName.partIndex(part.name()).orElseThrow();
            if (name.compacted()) {
                reading.markCompacted();
            } else if (index != expected) {
                reading.missingPart("rolling log parts " + expected + ".." + (index - 1) + " are missing");
            }
            expected = index + 1;
            try (InputStream in = fs.open(part.path()); RawInput raw = new RawInput(in)) {
                PartReader.read(raw, name.codec(), reading);
                combined.update(raw.fingerprint().getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                bytes += raw.bytesRead();
            }
        }
        reading.source(new SourceInfo(uri(), bytes, modifiedMs(),
                "rolling-crc32c:" + Long.toHexString(combined.getValue()) + ":" + bytes));
        return reading.finish();
    }
}
