package io.punctual.submit.bench;

import com.github.luben.zstd.ZstdOutputStreamNoFinalizer;
import io.punctual.history.eventlog.EventLogCodec;
import io.punctual.history.source.EventLogName;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The event logs a report's numbers come from, kept in the report itself ({@code event-logs/}, issue 26 item 7), so
 * anyone holding the report can recompute every row ({@code punctual bench verify}) after the bench home is gone. A log
 * Spark wrote uncompressed is kept as zstd (Spark's own codec name, which the history parser reads); a compressed one
 * is kept as it is. Each keeps its name otherwise, {@code .inprogress} included: a killed application's log never
 * lost it.
 */
public final class EventLogCopies {

    /** The directory inside a report that holds the copies. */
    public static final String DIR = "event-logs";

    private final Path report;

    public EventLogCopies(Path report) {
        this.report = report;
    }

    /** The cost with its event log copied into the report, named by its path relative to the report. */
    public AppCost keep(AppCost cost) {
        String source = cost.eventLog().getFileName().toString();
        EventLogName name = EventLogName.ofFile(source);
        boolean compress = name.codec() == EventLogCodec.PLAIN;
        Path relative = Path.of(DIR, compress ? zstdName(name) : source);
        Path target = report.resolve(relative);
        try {
            Files.createDirectories(target.getParent());
            Path partial = target.resolveSibling("." + target.getFileName() + ".partial");
            try (InputStream in = Files.newInputStream(cost.eventLog());
                 OutputStream file = Files.newOutputStream(partial);
                 OutputStream out = compress ? new ZstdOutputStreamNoFinalizer(file) : file) {
                in.transferTo(out);
            }
            Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep a copy of the event log " + cost.eventLog() + " in the report"
                    + " directory " + report + ": " + e.getMessage(), e);
        }
        return new AppCost(relative, cost.startMs(), cost.endMs(), cost.executors(), cost.executorSeconds());
    }

    /** {@code app_1} → {@code app_1.zstd}; {@code app_1.inprogress} → {@code app_1.zstd.inprogress}. */
    static String zstdName(EventLogName plain) {
        return plain.stem() + "." + EventLogCodec.ZSTD.shortName() + (plain.compacted() ? EventLogName.COMPACTED : "")
                + (plain.inProgress() ? EventLogName.IN_PROGRESS : "");
    }
}
