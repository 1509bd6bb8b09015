package io.punctual.submit.gateway;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.punctual.submit.config.SiteConfig;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

/**
 * The gateway's connections to its shared PostgreSQL ({@code punctual.gateway.database}), which the batch store and
 * the learned state share. A database that does not answer within the configured connect timeout fails the call with
 * {@link StoreUnavailable} (the gateway answers 503) instead of queueing callers behind it.
 */
final class SqlPool implements AutoCloseable {

    /** Work on one connection. */
    interface Work<T> {
        T on(Connection connection) throws SQLException;
    }

    private final HikariDataSource pool;
    private final String where;

    private SqlPool(HikariDataSource pool, String where) {
        this.pool = pool;
        this.where = where;
    }

    /** Connects; a database that cannot be reached stops start-up here, naming the settings to check. */
    static SqlPool open(SiteConfig.Database database) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(database.url());
        config.setUsername(database.user());
        config.setPassword(database.password());
        config.setMaximumPoolSize(database.poolSize());
        config.setConnectionTimeout(Math.max(250, database.connectTimeout().toMillis()));
        config.setValidationTimeout(Math.max(250, database.connectTimeout().toMillis()));
        config.setPoolName("punctual-store");
        config.setDataSourceProperties(session(database, "punctual-gateway"));
        try {
            return new SqlPool(new HikariDataSource(config), database.url());
        } catch (RuntimeException e) {
            throw new IllegalStateException("cannot connect to the gateway's database " + database.url() + " as "
                    + database.user() + ": " + e.getMessage() + "; check punctual.gateway.database.url, .user and"
                    + " .password, and that PostgreSQL is running and accepts this host", e);
        }
    }

    /**
     * The driver's settings for every session a gateway opens: a server that vanished without closing its sockets
     * must not hold a request (or the lease) for TCP's minutes, and the name tells the sessions apart in
     * {@code pg_stat_activity}.
     */
    static Properties session(SiteConfig.Database database, String applicationName) {
        Properties properties = new Properties();
        properties.setProperty("connectTimeout", Long.toString(Math.max(1, database.connectTimeout().toSeconds())));
        properties.setProperty("socketTimeout", "30");
        properties.setProperty("tcpKeepAlive", "true");
        properties.setProperty("ApplicationName", applicationName);
        return properties;
    }

    /**
     * Runs {@code statements} in one transaction under a transaction-level advisory lock, so gateways starting
     * together do not race on creating the same tables.
     */
    void createSchema(long lock, String... statements) {
        inTransaction(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("SELECT pg_advisory_xact_lock(" + lock + ")");
                for (String statement : statements) {
                    s.execute(statement);
                }
            }
            return null;
        });
    }

    /** Runs the work in one transaction, committed when it returns and rolled back when it throws. */
    <T> T inTransaction(Work<T> work) {
        return run(c -> {
            c.setAutoCommit(false);
            try {
                T result = work.on(c);
                c.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(true);
            }
        });
    }

    /**
     * Runs the work on a pooled connection. A connection that broke while it sat in the pool (the server restarted)
     * fails with a connection error before anything runs; the pool drops it, and the work is tried once more on a
     * fresh one, so the first request after the database returns succeeds.
     */
    <T> T run(Work<T> work) {
        try {
            return once(work);
        } catch (SQLException first) {
            if (!brokenConnection(first)) {
                throw unavailable(first);
            }
            try {
                return once(work);
            } catch (SQLException again) {
                throw unavailable(again);
            }
        }
    }

    private <T> T once(Work<T> work) throws SQLException {
        try (Connection c = pool.getConnection()) {
            return work.on(c);
        }
    }

    /** SQLSTATE class 08 (connection exception) or 57P (the server shut the session down). */
    private static boolean brokenConnection(SQLException e) {
        String state = e.getSQLState();
        return state != null && (state.startsWith("08") || state.startsWith("57P"));
    }

    private StoreUnavailable unavailable(SQLException e) {
        return new StoreUnavailable("the gateway's database (PostgreSQL at " + where + ") did not answer: "
                + e.getMessage() + ". Nothing was changed by this request; retry when the database is back", e);
    }

    @Override
    public String toString() {
        return where;
    }

    @Override
    public void close() {
        pool.close();
    }
}
