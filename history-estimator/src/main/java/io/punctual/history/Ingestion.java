package io.punctual.history;

import io.punctual.history.eventlog.EventLogParser;
import io.punctual.history.run.ReadOutcome;
import io.punctual.history.run.RunRecord;
import io.punctual.history.source.LogCandidate;
import io.punctual.history.source.RunSource;
import io.punctual.history.source.SourceVisitor;
import io.punctual.history.store.HistoryStore;
import io.punctual.history.store.HistoryStoreException;
import io.punctual.history.store.SourceMark;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One ingest: lists the source, then reads each log and decides what the store keeps. Re-ingesting is a no-op:
 * a source whose size and modification time match its last mark is not read; a log whose run is already stored
 * with the same content fingerprint changes nothing. A stored run that was incomplete is replaced by a more
 * complete reading (an {@code .inprogress} log that finished, or grew); a complete record is never replaced by an
 * incomplete one. A failure on one log never stops the batch.
 */
final class Ingestion {

    private final HistoryStore store;
    private final EventLogParser parser;

    Ingestion(HistoryStore store, EventLogParser parser) {
        this.store = store;
        this.parser = parser;
    }

    IngestReport run(RunSource source, IngestProgress progress) {
        List<LogCandidate> logs = new ArrayList<>();
        List<IngestReport.Outcome> outcomes = new ArrayList<>();
        source.scan(new SourceVisitor() {
            @Override
            public void found(LogCandidate log) {
                logs.add(log);
            }

            @Override
            public void problem(String location, String message) {
                outcomes.add(new IngestReport.Unreachable(location, message));
            }
        });
        for (int i = 0; i < logs.size(); i++) {
            LogCandidate log = logs.get(i);
            progress.reading(i + 1, logs.size(), log.uri());
            IngestReport.Outcome outcome = ingest(log);
            outcomes.add(outcome);
            progress.done(i + 1, logs.size(), outcome);
        }
        return new IngestReport(source.describe(), outcomes);
    }

    private IngestReport.Outcome ingest(LogCandidate log) {
        Optional<SourceMark> mark = store.mark(log.uri());
        if (mark.isPresent() && mark.get().describes(log.sizeBytes(), log.modifiedMs())) {
            String detail = mark.get().detail().isEmpty() ? "" : ": " + mark.get().detail();
            return new IngestReport.Unchanged(log.uri(), "unchanged since the last ingest (" + mark.get().outcome()
                    + detail + ")");
        }
        ReadOutcome read;
        try {
            read = log.read(parser);
        } catch (IOException e) {
            return new IngestReport.Rejected(log.uri(), describe(e));
        }
        try {
            IngestReport.Outcome outcome = decide(log, read);
            remember(log, outcome);
            return outcome;
        } catch (HistoryStoreException e) {
            return new IngestReport.Rejected(log.uri(), e.getMessage());
        }
    }

    private IngestReport.Outcome decide(LogCandidate log, ReadOutcome read) {
        if (read instanceof ReadOutcome.Rejected rejected) {
            return new IngestReport.Rejected(log.uri(), rejected.reason());
        }
        RunRecord run = ((ReadOutcome.Read) read).run();
        Optional<RunRecord> existing = store.get(run.id());
        if (existing.isEmpty()) {
            store.put(run);
            return stored(log, run, Optional.empty());
        }
        RunRecord old = existing.get();
        if (old.source().fingerprint().equals(run.source().fingerprint())) {
            return new IngestReport.Unchanged(log.uri(), "already stored as " + run.id() + " (same content as "
                    + old.source().uri() + ")");
        }
        boolean oldComplete = old.integrity().complete();
        boolean newComplete = run.integrity().complete();
        if (oldComplete) {
            String why = newComplete ? "a complete record of " + run.id() + " is already stored (from "
                    + old.source().uri() + "); delete it from the store to replace it"
                    : "this log of " + run.id() + " is incomplete, and a complete record is already stored (from "
                    + old.source().uri() + ")";
            return new IngestReport.Skipped(log.uri(), run.id(), why);
        }
        if (!newComplete && run.integrity().lines() < old.integrity().lines()) {
            return new IngestReport.Skipped(log.uri(), run.id(), "an incomplete record of " + run.id()
                    + " with more events is already stored (from " + old.source().uri() + ")");
        }
        store.put(run);
        return stored(log, run, Optional.of(newComplete ? "replaces an incomplete record (the log has finished)"
                : "replaces an incomplete record with a longer one"));
    }

    private static IngestReport.Stored stored(LogCandidate log, RunRecord run, Optional<String> note) {
        return new IngestReport.Stored(log.uri(), run.id(), run.jobKey(), run.excludedReason(), note);
    }

    private void remember(LogCandidate log, IngestReport.Outcome outcome) {
        String runId = "";
        if (outcome instanceof IngestReport.Stored s) {
            runId = s.runId().toString();
        } else if (outcome instanceof IngestReport.Skipped s) {
            runId = s.runId().toString();
        }
        String detail = outcome instanceof IngestReport.Stored ? "" : outcome.message();
        store.putMark(new SourceMark(log.uri(), log.sizeBytes(), log.modifiedMs(), log.inProgress(), outcome.kind(),
                runId, detail));
    }

    private static String describe(IOException e) {
        String type = e.getClass().getSimpleName();
        String message = e.getMessage() == null ? type : e.getMessage();
        if (type.equals("AccessDeniedException") || type.equals("AccessControlException")) {
            return "permission denied: " + message.lines().findFirst().orElse("");
        }
        return message.startsWith("History Server") ? message : "cannot read (" + type + "): " + message;
    }
}
