package io.punctual.history.store;

import java.util.Objects;

/**
 * What ingesting a source last concluded. A source whose size and modification time still match is not read
 * again; a log that was in progress is always read again (it may have grown or completed since).
 *
 * @param outcome  {@code stored}, {@code unchanged}, {@code rejected} or {@code skipped}
 * @param runId    the run it produced, or empty text when none
 * @param detail   the reason, for rejected and skipped sources
 */
public record SourceMark(String uri, long sizeBytes, long modifiedMs, boolean inProgress, String outcome,
                         String runId, String detail) {

    public SourceMark {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(detail, "detail");
    }

    /** True when a source with this size and modification time is the one this mark describes. */
    public boolean describes(long size, long modified) {
        return !inProgress && sizeBytes == size && modifiedMs == modified;
    }
}
