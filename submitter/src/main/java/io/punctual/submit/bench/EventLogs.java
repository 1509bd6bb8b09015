package io.punctual.submit.bench;

import io.punctual.history.eventlog.EventLogParser;
import io.punctual.history.run.ReadOutcome;
import io.punctual.history.source.LocalLogFileSystem;
import io.punctual.history.source.SingleEventLog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The event logs the gateway's applications leave (its {@code history/event-logs}, or {@code --event-log-dir}), read
 * with the history estimator's parser, the one Punctual learns from.
 */
public final class EventLogs {

    /** A driver renames its log from {@code .inprogress} as it stops, a moment after YARN reports the end. */
    private static final Duration SETTLE = Duration.ofSeconds(20);

    private final Path dir;
    private final Duration settle;
    private final Optional<EventLogCopies> copies;

    public EventLogs(Path dir) {
        this(dir, SETTLE);
    }

    /** @param settle how long to wait for a finished log before reading what is there */
    public EventLogs(Path dir, Duration settle) {
        this(dir, settle, Optional.empty());
    }

    private EventLogs(Path dir, Duration settle, Optional<EventLogCopies> copies) {
        this.dir = dir;
        this.settle = settle;
        this.copies = copies;
    }

    /** The same logs, each one a cost is read from copied into {@code report} ({@link EventLogCopies}). */
    public EventLogs keptIn(Path report) {
        return new EventLogs(dir, settle, Optional.of(new EventLogCopies(report)));
    }

    public Path dir() {
        return dir;
    }

    /** The application's cost, once its finished log is there; empty when it left no log (it never started). */
    public Optional<AppCost> cost(String appId) {
        return cost(appId, true);
    }

    /**
     * @param settle whether to wait for the finished log; a killed application's log stays {@code .inprogress}, so
     *               for one that did not succeed what is there is read at once
     */
    public Optional<AppCost> cost(String appId, boolean settle) {
        long giveUp = System.nanoTime() + (settle ? this.settle.toNanos() : 0);
        Optional<Path> log = find(appId);
        while (log.filter(p -> !inProgress(p)).isEmpty() && System.nanoTime() < giveUp) {
            sleep();
            log = find(appId);
        }
        Optional<AppCost> cost = log.flatMap(EventLogs::read);
        return copies.isEmpty() ? cost : cost.map(copies.get()::keep);
    }

    private static Optional<AppCost> read(Path log) {
        try {
            LocalLogFileSystem fs = new LocalLogFileSystem();
            ReadOutcome outcome = new SingleEventLog(fs, fs.stat(log.toString())).read(new EventLogParser());
            return outcome instanceof ReadOutcome.Read read ? Optional.of(AppCost.of(read.run(), log))
                    : Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the event log " + log, e);
        }
    }

    /** The log named after the application (with its attempt, in cluster mode), a finished one first. */
    Optional<Path> find(String appId) {
        if (!Files.isDirectory(dir)) {
            return Optional.empty();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> named(p, appId))
                    .min(Comparator.comparing(EventLogs::inProgress).thenComparing(p -> p.getFileName().toString()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the event logs in " + dir, e);
        }
    }

    /** {@code application_1_0001} names its own logs, never {@code application_1_00010}'s. */
    private static boolean named(Path log, String appId) {
        String name = log.getFileName().toString();
        return name.equals(appId) || name.startsWith(appId + "_") || name.startsWith(appId + ".");
    }

    private static boolean inProgress(Path log) {
        return log.getFileName().toString().endsWith(".inprogress");
    }

    private static void sleep() {
        try {
            Thread.sleep(500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for an event log", e);
        }
    }
}
