package io.punctual.history.source;

import io.punctual.history.eventlog.EventLogParser;
import io.punctual.history.run.ReadOutcome;

import java.io.IOException;

/**
 * One application attempt's history, found but not yet read: an event-log file, a rolling event-log directory, or
 * an attempt on a History Server. Its identity (uri, size, modification time) lets a store skip it when unchanged.
 */
public sealed interface LogCandidate permits SingleEventLog, RollingEventLog, HistoryServerAttempt {

    String uri();

    long sizeBytes();

    long modifiedMs();

    /** True while Spark still writes it (.inprogress, or an attempt the History Server lists as not completed). */
    boolean inProgress();

    /** Reads the run; an {@link IOException} means the source itself failed (network, permissions). */
    ReadOutcome read(EventLogParser parser) throws IOException;
}
