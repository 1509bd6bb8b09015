package io.punctual.submit.gateway;

import io.punctual.submit.learn.LearnedTexts;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * {@link LearnedTexts} in the gateways' shared PostgreSQL, one row per name with a version drawn from a sequence at
 * every change, so no two texts a name ever held share one. An update holds a transaction-level advisory lock on its
 * name while it reads, changes and writes, so two gateways learning at once never lose each other's update, and a
 * reader sees the text before or after, never half.
 */
final class PostgresLearnedTexts implements LearnedTexts {

    private static final long SCHEMA_LOCK = 0x70756e6374_04L;
    /** The first key of the two-key advisory locks on names (a key space apart from the one-key locks). */
    private static final int NAME_LOCKS = 0x70756e;

    private final SqlPool pool;

    private PostgresLearnedTexts(SqlPool pool) {
        this.pool = pool;
    }

    /** The texts over the gateway's connections, creating their table on first use. */
    static PostgresLearnedTexts over(SqlPool pool) {
        pool.createSchema(SCHEMA_LOCK, "CREATE TABLE IF NOT EXISTS punctual_learned (name text PRIMARY KEY,"
                + " body text NOT NULL, version bigint NOT NULL)",
                "CREATE SEQUENCE IF NOT EXISTS punctual_learned_versions");
        return new PostgresLearnedTexts(pool);
    }

    @Override
    public Optional<String> read(String name) {
        return pool.run(c -> body(c, name));
    }

    private static Optional<String> body(Connection c, String name) throws SQLException {
        try (PreparedStatement query = c.prepareStatement("SELECT body FROM punctual_learned WHERE name = ?")) {
            query.setString(1, name);
            try (ResultSet row = query.executeQuery()) {
                return row.next() ? Optional.of(row.getString(1)) : Optional.empty();
            }
        }
    }

    @Override
    public Optional<String> update(String name, UnaryOperator<Optional<String>> change) {
        return pool.inTransaction(c -> {
            try (PreparedStatement lock = c.prepareStatement("SELECT pg_advisory_xact_lock(?, hashtext(?))")) {
                lock.setInt(1, NAME_LOCKS);
                lock.setString(2, name);
                lock.execute();
            }
            Optional<String> current = body(c, name);
            Optional<String> next = change.apply(current);
            if (!next.equals(current)) {
                write(c, name, next);
            }
            return next;
        });
    }

    private static void write(Connection c, String name, Optional<String> text) throws SQLException {
        try (PreparedStatement write = c.prepareStatement(text.isEmpty()
                ? "DELETE FROM punctual_learned WHERE name = ?"
                : "INSERT INTO punctual_learned (name, body, version) VALUES (?, ?,"
                        + " nextval('punctual_learned_versions')) ON CONFLICT (name)"
                        + " DO UPDATE SET body = excluded.body, version = excluded.version")) {
            write.setString(1, name);
            if (text.isPresent()) {
                write.setString(2, text.get());
            }
            write.executeUpdate();
        }
    }

    @Override
    public Optional<Object> version(String name) {
        return pool.run(c -> {
            try (PreparedStatement query = c.prepareStatement("SELECT version FROM punctual_learned WHERE name = ?")) {
                query.setString(1, name);
                try (ResultSet row = query.executeQuery()) {
                    return row.next() ? Optional.<Object>of(row.getLong(1)) : Optional.empty();
                }
            }
        });
    }

    @Override
    public String toString() {
        return "PostgreSQL at " + pool;
    }
}
