package io.punctual.history.source;

import com.fasterxml.jackson.databind.JsonNode;
import io.punctual.history.eventlog.EventLogParser;
import io.punctual.history.run.ReadOutcome;
import io.punctual.history.run.SourceInfo;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipFile;

/**
 * One application attempt listed by a History Server. Its identity for "unchanged since last time" is the
 * server's last-updated time; its size is unknown until read, so it is reported as 0.
 */
public record HistoryServerAttempt(HistoryServerSource server, String appId, String appName, JsonNode attempt)
        implements LogCandidate {

    public String attemptId() {
        JsonNode id = attempt.get("attemptId");
        return id == null || id.isNull() ? null : id.asText();
    }

    @Override
    public String uri() {
        return server.applicationUri(appId, attemptId()).toString();
    }

    @Override
    public long sizeBytes() {
        return 0;
    }

    @Override
    public long modifiedMs() {
        return attempt.path("lastUpdatedEpoch").asLong(attempt.path("endTimeEpoch").asLong(0));
    }

    @Override
    public boolean inProgress() {
        return !attempt.path("completed").asBoolean(false);
    }

    @Override
    public ReadOutcome read(EventLogParser parser) throws IOException {
        if (server.mode() == HistoryServerSource.Mode.STRUCTURED_ONLY) {
            return new HistoryServerRestReader(this).read();
        }
        Path zip = Files.createTempFile("punctual-shs-", ".zip");
        try {
            try (InputStream body = server.client().stream(java.net.URI.create(uri() + "/logs"))) {
                Files.copy(body, zip, StandardCopyOption.REPLACE_EXISTING);
            } catch (RestClient.StatusException refused) {
                return new HistoryServerRestReader(this).read();
            }
            return readZip(zip, parser);
        } finally {
            Files.deleteIfExists(zip);
        }
    }

    private ReadOutcome readZip(Path zipPath, EventLogParser parser) throws IOException {
        try (ZipFile zip = new ZipFile(zipPath.toFile())) {
            ZipLogFileSystem fs = new ZipLogFileSystem(zip, uri() + "/logs");
            List<LogCandidate> logs = new ArrayList<>();
            List<String> problems = new ArrayList<>();
            new FileSystemRunSource(fs, "").scan(new SourceVisitor() {
                @Override
                public void found(LogCandidate log) {
                    logs.add(log);
                }

                @Override
                public void problem(String location, String message) {
                    problems.add(location + ": " + message);
                }
            });
            if (logs.size() != 1) {
                return new ReadOutcome.Rejected(uri(), "the History Server's log archive holds " + logs.size()
                        + " event logs instead of one" + (problems.isEmpty() ? "" : " (" + problems + ")"));
            }
            ReadOutcome outcome = logs.get(0).read(parser);
            if (outcome instanceof ReadOutcome.Read read) {
                SourceInfo inZip = read.run().source();
                return new ReadOutcome.Read(read.run().withSource(
                        new SourceInfo(uri(), inZip.sizeBytes(), modifiedMs(), inZip.fingerprint())));
            }
            return outcome;
        }
    }
}
