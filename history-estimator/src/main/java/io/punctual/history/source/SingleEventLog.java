package io.punctual.history.source;

import io.punctual.history.eventlog.EventLogParser;
import io.punctual.history.eventlog.RawInput;
import io.punctual.history.run.ReadOutcome;
import io.punctual.history.run.SourceInfo;

import java.io.IOException;
import java.io.InputStream;

/** An event log in one file: plain or compressed, finished or {@code .inprogress}. */
public record SingleEventLog(LogFileSystem fs, LogFileSystem.Entry file) implements LogCandidate {

    @Override
    public String uri() {
        return fs.uri(file.path());
    }

    @Override
    public long sizeBytes() {
        return file.sizeBytes();
    }

    @Override
    public long modifiedMs() {
        return file.modifiedMs();
    }

    @Override
    public boolean inProgress() {
        return name().inProgress();
    }

    public EventLogName name() {
        return EventLogName.ofFile(file.name());
    }

    @Override
    public ReadOutcome read(EventLogParser parser) throws IOException {
        EventLogName name = name();
        try (InputStream in = fs.open(file.path()); RawInput raw = new RawInput(in)) {
            EventLogParser.Reading reading = parser.begin(new SourceInfo(uri(), sizeBytes(), modifiedMs(), ""), name.stem());
            PartReader.read(raw, name.codec(), reading);
            reading.source(new SourceInfo(uri(), raw.bytesRead(), modifiedMs(), raw.fingerprint()));
            return reading.finish();
        }
    }
}
