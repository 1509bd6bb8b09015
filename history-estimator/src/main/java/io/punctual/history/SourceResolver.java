package io.punctual.history;

import io.punctual.history.source.FileSystemRunSource;
import io.punctual.history.source.HadoopLogFileSystem;
import io.punctual.history.source.HistoryServerSource;
import io.punctual.history.source.LocalLogFileSystem;
import io.punctual.history.source.RunSource;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * Turns what a user types after {@code punctual history ingest} into a source: {@code http(s)://host:port} is a
 * History Server; {@code hdfs://...} (or any other scheme Hadoop knows) goes through Hadoop's FileSystem; a plain
 * path or {@code file:} URI is the local disk.
 */
public final class SourceResolver {

    private final Map<String, String> hadoopProperties;
    private final Duration historyServerTimeout;
    private final HistoryServerSource.Mode historyServerMode;

    public SourceResolver(Map<String, String> hadoopProperties, Duration historyServerTimeout,
                          HistoryServerSource.Mode historyServerMode) {
        this.hadoopProperties = Map.copyOf(hadoopProperties);
        this.historyServerTimeout = historyServerTimeout;
        this.historyServerMode = historyServerMode;
    }

    public static SourceResolver defaults() {
        return new SourceResolver(Map.of(), Duration.ofSeconds(10), HistoryServerSource.Mode.EVENT_LOG_FIRST);
    }

    /** A source for {@code target}; an {@link IOException} when a Hadoop file system cannot even be set up. */
    public RunSource resolve(String target) throws IOException {
        if (target == null || target.isBlank()) {
            throw new IllegalArgumentException("say what to ingest: a directory, a file, hdfs://... or http://host:18080");
        }
        String trimmed = target.trim();
        int colon = trimmed.indexOf("://");
        String scheme = colon > 0 ? trimmed.substring(0, colon).toLowerCase(java.util.Locale.ROOT) : "";
        switch (scheme) {
            case "http", "https" -> {
                return new HistoryServerSource(URI.create(trimmed), historyServerTimeout, historyServerMode);
            }
            case "" -> {
                return new FileSystemRunSource(new LocalLogFileSystem(), Path.of(trimmed).toString());
            }
            case "file" -> {
                return new FileSystemRunSource(new LocalLogFileSystem(), Path.of(URI.create(trimmed)).toString());
            }
            default -> {
                URI uri = URI.create(trimmed);
                HadoopLogFileSystem fs = HadoopLogFileSystem.connect(uri, hadoopProperties);
                return new FileSystemRunSource(fs, trimmed);
            }
        }
    }
}
