package io.punctual.submit.gateway;

import io.punctual.submit.config.SiteConfig;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The lead among gateways sharing a PostgreSQL store: a session-level advisory lock held on a connection of its own.
 * PostgreSQL frees the lock when that session ends, so when the leading gateway dies (or loses the database) the lock
 * moves to whichever gateway asks next, with no expiry to tune and no clock to trust. A lead that is alive but silent
 * (paused by SIGSTOP or a long GC: the kernel still answers for its socket, so the session would never end) has its
 * session ended by the server once it has sent nothing for {@code silentAfter} ({@code idle_session_timeout}); it
 * learns so when it resumes, and the epoch keeps it from recording a launch meanwhile.
 */
final class PostgresLease implements Lease {

    private static final Logger LOG = LoggerFactory.getLogger(PostgresLease.class);
    private static final long LEAD_LOCK = 0x70756e6374_02L;
    /** A lead checks in every poll-interval; this many missed check-ins, and at least a minute, end its session. */
    private static final int SILENT_ROUNDS = 10;
    private static final Duration MIN_SILENCE = Duration.ofMinutes(1);

    private final SiteConfig.Database database;
    private final Duration silentAfter;
    private Connection session;
    private boolean holding;
    private volatile long epoch;

    /** @param silentAfter how long the lead's session may send nothing before the server ends it */
    PostgresLease(SiteConfig.Database database, Duration silentAfter) {
        this.database = database;
        this.silentAfter = silentAfter;
    }

    /** A lease whose holder checks in every {@code pollInterval}. */
    static PostgresLease polledEvery(SiteConfig.Database database, Duration pollInterval) {
        Duration silence = pollInterval.multipliedBy(SILENT_ROUNDS);
        return new PostgresLease(database, silence.compareTo(MIN_SILENCE) < 0 ? MIN_SILENCE : silence);
    }

    @Override
    public synchronized boolean held() {
        if (session != null && !valid()) {
            LOG.warn("lost the lead: the session holding it on {} ended", database.url());
            drop();
        }
        if (!holding) {
            try {
                if (session == null) {
                    session = connect();
                }
                holding = tryLock();
                if (holding) {
                    epoch = nextEpoch();
                    LOG.info("leading the gateways on {} as epoch {}", database.url(), epoch);
                }
            } catch (SQLException e) {
                LOG.debug("cannot ask for the lead on {}: {}", database.url(), e.getMessage());
                drop();
            }
        }
        return holding;
    }

    private boolean valid() {
        try {
            return session.isValid(Math.max(1, (int) database.connectTimeout().toSeconds()));
        } catch (SQLException e) {
            return false;
        }
    }

    private Connection connect() throws SQLException {
        Properties properties = SqlPool.session(database, "punctual-gateway-lease");
        properties.setProperty("user", database.user());
        properties.setProperty("password", database.password());
        Connection connection = DriverManager.getConnection(database.url(), properties);
        try (Statement s = connection.createStatement()) {
            s.execute("SET idle_session_timeout = " + Math.max(1, silentAfter.toMillis()));
        } catch (SQLException olderThan14) {
            LOG.warn("PostgreSQL at {} cannot end a silent session ({}): a lead paused without dying keeps the lead"
                    + " until its connection drops; PostgreSQL 14 or later ends it after {}", database.url(),
                    olderThan14.getMessage(), silentAfter);
        }
        return connection;
    }

    private boolean tryLock() throws SQLException {
        try (Statement s = session.createStatement();
             ResultSet row = s.executeQuery("SELECT pg_try_advisory_lock(" + LEAD_LOCK + ")")) {
            row.next();
            return row.getBoolean(1);
        }
    }

    /**
     * Counts this lead in the shared epoch. It waits for any launch record still being checked against the epoch
     * before (which holds the row), so once this returns no write of an older lead can pass the check.
     */
    private long nextEpoch() throws SQLException {
        try (Statement s = session.createStatement();
             ResultSet row = s.executeQuery("INSERT INTO " + PostgresBatchStore.LEAD_TABLE + " (id, epoch) VALUES"
                     + " (1, 1) ON CONFLICT (id) DO UPDATE SET epoch = " + PostgresBatchStore.LEAD_TABLE
                     + ".epoch + 1 RETURNING epoch")) {
            row.next();
            return row.getLong(1);
        }
    }

    @Override
    public long epoch() {
        return epoch;
    }

    private void drop() {
        holding = false;
        if (session != null) {
            try {
                session.close();
            } catch (SQLException ignored) {
                // the session is gone either way, and with it the lock
            }
            session = null;
        }
    }

    @Override
    public synchronized void close() {
        drop();
    }
}
