package io.punctual.history.store;

import io.punctual.sizing.JobKey;
import io.punctual.history.run.RunId;
import io.punctual.history.run.RunRecord;

import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Where runs live between Punctual invocations. The default is {@link FileHistoryStore} under
 * {@code $PUNCTUAL_HOME/history}; a shared database can implement the same contract for a multi-instance gateway.
 * Contract: a write is all or nothing (a reader never sees half a record); a record damaged on disk is reported as
 * a {@link StoreProblem}, never returned as data; writes from several processes do not interleave.
 * Failures to write raise {@link HistoryStoreException}.
 */
public interface HistoryStore {

    /** Stores the run, replacing any earlier record of the same application attempt. */
    void put(RunRecord run);

    /** The stored run of this attempt, if there is a readable one. */
    Optional<RunRecord> get(RunId id);

    /** Every readable run (of one job key, or of all), plus what could not be read. */
    StoreScan runs(Optional<JobKey> jobKey);

    /**
     * What identifies the job's stored runs without reading them: it changes whenever a run of the job is stored,
     * replaced or filed under another job, by this process or another, so a model trained from them is reused until
     * then.
     */
    Object version(JobKey jobKey);

    /** Job keys with at least one readable stored run, sorted. */
    default List<JobKey> jobKeys() {
        TreeSet<JobKey> keys = new TreeSet<>();
        runs(Optional.empty()).runs().forEach(r -> keys.add(r.jobKey()));
        return List.copyOf(keys);
    }

    /** What the last ingest of this source concluded, so an unchanged source is not read again. */
    Optional<SourceMark> mark(String sourceUri);

    void putMark(SourceMark mark);
}
