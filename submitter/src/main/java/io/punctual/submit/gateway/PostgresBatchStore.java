package io.punctual.submit.gateway;

import io.punctual.submit.config.SiteConfig;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link BatchStore} in PostgreSQL, for several gateways behind one load balancer. Ids come from one sequence and
 * idempotency keys are a unique index per team, so both are unique across every gateway on the database; a write
 * returns when PostgreSQL has committed it. A database that does not answer fails the call with
 * {@link StoreUnavailable} ({@link SqlPool}).
 */
public final class PostgresBatchStore implements BatchStore {

    private static final Logger LOG = LoggerFactory.getLogger(PostgresBatchStore.class);
    /** Held while the schema is created, so that gateways starting together do not race on it. */
    private static final long SCHEMA_LOCK = 0x70756e6374_01L;
    private static final String COLUMNS = "SELECT id, record FROM punctual_batches";
    /** One row: the epoch of the latest lead ({@link PostgresLease}). */
    static final String LEAD_TABLE = "punctual_lead";

    private final SqlPool pool;
    private final Set<String> problems = ConcurrentHashMap.newKeySet();

    private PostgresBatchStore(SqlPool pool) {
        this.pool = pool;
    }

    /** Connects, creating the tables on first use; a database that cannot be reached stops start-up here. */
    public static PostgresBatchStore open(SiteConfig.Database database) {
        return over(SqlPool.open(database));
    }

    /** The store over connections it then owns (closing the store closes them), creating its tables on first use. */
    static PostgresBatchStore over(SqlPool pool) {
        pool.createSchema(SCHEMA_LOCK,
                "CREATE TABLE IF NOT EXISTS punctual_batches (id integer PRIMARY KEY, team text NOT NULL,"
                        + " idempotency_key text, record jsonb NOT NULL,"
                        + " updated_at timestamptz NOT NULL DEFAULT now())",
                "CREATE UNIQUE INDEX IF NOT EXISTS punctual_batches_key ON punctual_batches (team, idempotency_key)",
                // The poller reads the unfinished batches every round; the ended ones pile up and are left alone.
                "ALTER TABLE punctual_batches ADD COLUMN IF NOT EXISTS finished boolean NOT NULL DEFAULT false",
                "CREATE INDEX IF NOT EXISTS punctual_batches_unfinished ON punctual_batches (id) WHERE NOT finished",
                "CREATE SEQUENCE IF NOT EXISTS punctual_batch_ids MINVALUE 0 START 0",
                "CREATE TABLE IF NOT EXISTS " + LEAD_TABLE + " (id integer PRIMARY KEY CHECK (id = 1),"
                        + " epoch bigint NOT NULL)");
        return new PostgresBatchStore(pool);
    }

    /** The connections, for the learned state kept beside the batches. */
    SqlPool pool() {
        return pool;
    }

    @Override
    public Created createOnce(String team, String idempotencyKey, IntFunction<BatchRecord> create) {
        return pool.run(c -> {
            if (idempotencyKey != null) {
                Optional<BatchRecord> existing = byKey(c, team, idempotencyKey);
                if (existing.isPresent()) {
                    return new Created(existing.get(), false);
                }
            }
            BatchRecord record = create.apply(nextId(c));
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO punctual_batches (id, team,"
                    + " idempotency_key, record, finished) VALUES (?, ?, ?, ?::jsonb, ?) ON CONFLICT (team,"
                    + " idempotency_key) DO NOTHING")) {
                insert.setInt(1, record.id());
                insert.setString(2, team);
                insert.setString(3, idempotencyKey);
                insert.setString(4, StoredJson.text(record));
                insert.setBoolean(5, record.isFinal());
                if (insert.executeUpdate() == 1) {
                    return new Created(record, true);
                }
            }
            // Another gateway created the batch for this key between our look and our insert: that one stands.
            return new Created(byKey(c, team, idempotencyKey).orElseThrow(), false);
        });
    }

    private static int nextId(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rows = s.executeQuery("SELECT nextval('punctual_batch_ids')")) {
            rows.next();
            return Math.toIntExact(rows.getLong(1));
        }
    }

    private Optional<BatchRecord> byKey(Connection c, String team, String key) throws SQLException {
        try (PreparedStatement query = c.prepareStatement(COLUMNS + " WHERE team = ? AND idempotency_key = ?")) {
            query.setString(1, team);
            query.setString(2, key);
            return records(query).stream().findFirst();
        }
    }

    @Override
    public void update(BatchRecord record) {
        pool.run(c -> {
            write(c, record);
            return null;
        });
    }

    private static void write(Connection c, BatchRecord record) throws SQLException {
        try (PreparedStatement update = c.prepareStatement(
                "UPDATE punctual_batches SET record = ?::jsonb, finished = ?, updated_at = now() WHERE id = ?")) {
            update.setString(1, StoredJson.text(record));
            update.setBoolean(2, record.isFinal());
            update.setInt(3, record.id());
            if (update.executeUpdate() != 1) {
                throw new IllegalStateException("batch " + record.id() + " is not in the store; it cannot be updated");
            }
        }
    }

    /**
     * The epoch is read with a share lock on its row in the same transaction as the write, so a gateway taking the
     * lead (which updates that row) waits for a check under way and every later check sees its epoch.
     */
    @Override
    public void updateAsLead(BatchRecord record, long epoch) {
        long current = pool.inTransaction(c -> {
            try (PreparedStatement lead = c.prepareStatement("SELECT epoch FROM " + LEAD_TABLE
                    + " WHERE id = 1 FOR SHARE"); ResultSet row = lead.executeQuery()) {
                long now = row.next() ? row.getLong(1) : 0;
                if (now == epoch) {
                    write(c, record);
                }
                return now;
            }
        });
        if (current != epoch) {
            throw new LeadLost("batch " + record.id() + " was not recorded for launch: this gateway led as epoch "
                    + epoch + ", and the lead is now epoch " + current + " (another gateway took it); that one"
                    + " carries the batch on");
        }
    }

    @Override
    public Optional<BatchRecord> get(int id) {
        return pool.run(c -> {
            try (PreparedStatement query = c.prepareStatement(COLUMNS + " WHERE id = ?")) {
                query.setInt(1, id);
                return records(query).stream().findFirst();
            }
        });
    }

    @Override
    public List<BatchRecord> all() {
        return pool.run(c -> {
            try (PreparedStatement query = c.prepareStatement(COLUMNS + " ORDER BY id")) {
                return records(query);
            }
        });
    }

    @Override
    public List<BatchRecord> unfinished() {
        return pool.run(c -> {
            try (PreparedStatement query = c.prepareStatement(COLUMNS + " WHERE NOT finished ORDER BY id")) {
                return records(query);
            }
        });
    }

    /** The rows as records; a row no gateway of this version can read is reported, not fatal. */
    private List<BatchRecord> records(PreparedStatement query) throws SQLException {
        List<BatchRecord> found = new ArrayList<>();
        try (ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                try {
                    found.add(StoredJson.MAPPER.readValue(rows.getString(2), BatchRecord.class));
                } catch (IOException | RuntimeException e) {
                    if (problems.add("batch " + rows.getInt(1) + " cannot be read (" + e.getClass().getSimpleName()
                            + "); it is left in the database as it is and skipped")) {
                        LOG.warn("batch {} in the database cannot be read", rows.getInt(1), e);
                    }
                }
            }
        }
        return found;
    }

    @Override
    public List<String> problems() {
        return problems.stream().sorted().toList();
    }

    @Override
    public void close() {
        pool.close();
    }
}
