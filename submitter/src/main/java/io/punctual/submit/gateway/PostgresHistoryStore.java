package io.punctual.submit.gateway;

import io.punctual.history.run.RunId;
import io.punctual.history.run.RunRecord;
import io.punctual.history.store.HistoryStore;
import io.punctual.history.store.HistoryStoreException;
import io.punctual.history.store.RunRecordJson;
import io.punctual.history.store.SourceMark;
import io.punctual.history.store.StoreProblem;
import io.punctual.history.store.StoreScan;
import io.punctual.sizing.JobKey;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The runs gateways sharing a PostgreSQL learn from, one row per application attempt holding the same JSON the file
 * store writes ({@link RunRecordJson}), so a run ingested through any gateway trains every gateway's models. A row
 * that does not read back is a {@link StoreProblem}, never data; a failed write raises {@link HistoryStoreException}.
 */
final class PostgresHistoryStore implements HistoryStore {

    private static final long SCHEMA_LOCK = 0x70756e6374_03L;
    private static final String RUNS = "SELECT id, record FROM punctual_runs";

    private final SqlPool pool;

    private PostgresHistoryStore(SqlPool pool) {
        this.pool = pool;
    }

    /** The store over the gateway's connections, creating its tables on first use. */
    static PostgresHistoryStore over(SqlPool pool) {
        pool.createSchema(SCHEMA_LOCK,
                "CREATE TABLE IF NOT EXISTS punctual_runs (id text PRIMARY KEY, job_key text NOT NULL,"
                        + " start_ms bigint NOT NULL, record jsonb NOT NULL, version bigint NOT NULL)",
                "CREATE SEQUENCE IF NOT EXISTS punctual_run_versions",
                "CREATE INDEX IF NOT EXISTS punctual_runs_job ON punctual_runs (job_key)",
                "CREATE TABLE IF NOT EXISTS punctual_run_sources (uri text PRIMARY KEY, mark jsonb NOT NULL)");
        return new PostgresHistoryStore(pool);
    }

    @Override
    public void put(RunRecord run) {
        write(run, "UPDATE SET job_key = excluded.job_key, start_ms = excluded.start_ms, record = excluded.record,"
                + " version = excluded.version");
    }

    /** Stores the run unless a record of the same attempt is there already; true when it was stored. */
    boolean putIfAbsent(RunRecord run) {
        return write(run, "NOTHING");
    }

    private boolean write(RunRecord run, String onConflict) {
        String json;
        try {
            json = new String(RunRecordJson.write(run), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new HistoryStoreException("cannot write run " + run.id() + ": " + e.getMessage(), e);
        }
        try {
            return pool.run(c -> {
                try (PreparedStatement insert = c.prepareStatement("INSERT INTO punctual_runs (id, job_key,"
                        + " start_ms, record, version) VALUES (?, ?, ?, ?::jsonb, nextval('punctual_run_versions'))"
                        + " ON CONFLICT (id) DO " + onConflict)) {
                    insert.setString(1, run.id().toString());
                    insert.setString(2, run.jobKey().toString());
                    insert.setLong(3, run.startMs());
                    insert.setString(4, json);
                    return insert.executeUpdate() == 1;
                }
            });
        } catch (StoreUnavailable e) {
            throw new HistoryStoreException("cannot store run " + run.id() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Optional<RunRecord> get(RunId id) {
        return pool.run(c -> {
            try (PreparedStatement query = c.prepareStatement(RUNS + " WHERE id = ?")) {
                query.setString(1, id.toString());
                return read(query).runs().stream().findFirst();
            }
        });
    }

    @Override
    public StoreScan runs(Optional<JobKey> jobKey) {
        return pool.run(c -> {
            try (PreparedStatement query = c.prepareStatement(RUNS + (jobKey.isPresent() ? " WHERE job_key = ?" : "")
                    + " ORDER BY start_ms, id")) {
                if (jobKey.isPresent()) {
                    query.setString(1, jobKey.get().toString());
                }
                return read(query);
            }
        });
    }

    private static StoreScan read(PreparedStatement query) throws SQLException {
        List<RunRecord> found = new ArrayList<>();
        List<StoreProblem> problems = new ArrayList<>();
        try (ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                try {
                    found.add(RunRecordJson.read(rows.getString(2).getBytes(StandardCharsets.UTF_8)));
                } catch (IOException e) {
                    problems.add(new StoreProblem("punctual_runs row " + rows.getString(1), e.getMessage()
                            + "; re-ingest its event log to restore it, or delete the row"));
                }
            }
        }
        return new StoreScan(found, problems);
    }

    /** How many runs the job has and the newest write among them: a run stored, replaced or moved away changes it. */
    @Override
    public Object version(JobKey jobKey) {
        return pool.run(c -> {
            try (PreparedStatement query = c.prepareStatement("SELECT count(*), coalesce(max(version), 0)"
                    + " FROM punctual_runs WHERE job_key = ?")) {
                query.setString(1, jobKey.toString());
                try (ResultSet row = query.executeQuery()) {
                    row.next();
                    return List.of(row.getLong(1), row.getLong(2));
                }
            }
        });
    }

    @Override
    public Optional<SourceMark> mark(String sourceUri) {
        return pool.run(c -> {
            try (PreparedStatement query = c.prepareStatement("SELECT mark FROM punctual_run_sources WHERE uri = ?")) {
                query.setString(1, sourceUri);
                try (ResultSet row = query.executeQuery()) {
                    return row.next() ? decode(row.getString(1)) : Optional.<SourceMark>empty();
                }
            }
        });
    }

    /** A mark that does not read back only costs a re-read of its source. */
    private static Optional<SourceMark> decode(String json) {
        try {
            return Optional.of(SourceMark.fromJson(json.getBytes(StandardCharsets.UTF_8)));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    @Override
    public void putMark(SourceMark mark) {
        try {
            pool.run(c -> {
                try (PreparedStatement upsert = c.prepareStatement("INSERT INTO punctual_run_sources (uri, mark)"
                        + " VALUES (?, ?::jsonb) ON CONFLICT (uri) DO UPDATE SET mark = excluded.mark")) {
                    upsert.setString(1, mark.uri());
                    upsert.setString(2, new String(mark.toJson(), StandardCharsets.UTF_8));
                    return upsert.executeUpdate();
                }
            });
        } catch (StoreUnavailable e) {
            throw new HistoryStoreException("cannot remember source " + mark.uri() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return "the runs in PostgreSQL at " + pool;
    }
}
