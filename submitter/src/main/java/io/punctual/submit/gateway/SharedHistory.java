package io.punctual.submit.gateway;

import io.punctual.history.RunHistory;
import io.punctual.history.SourceResolver;
import io.punctual.history.model.ModelSettings;
import io.punctual.submit.config.SiteConfig;

/**
 * The runs gateways sharing a database learn from, for {@code punctual history --conf-dir}: what an operator shows,
 * predicts from or ingests into there is what every gateway sizes with.
 */
public final class SharedHistory implements AutoCloseable {

    private final SqlPool pool;
    private final RunHistory history;

    private SharedHistory(SqlPool pool) {
        this.pool = pool;
        this.history = new RunHistory(PostgresHistoryStore.over(pool), SourceResolver.defaults(),
                ModelSettings.DEFAULT);
    }

    /** Connects; a database that cannot be reached is an {@link IllegalStateException} naming what to check. */
    public static SharedHistory open(SiteConfig.Database database) {
        return new SharedHistory(SqlPool.open(database));
    }

    public RunHistory history() {
        return history;
    }

    /** Where the runs are, for the command's first line. */
    public String where() {
        return "the gateways' database " + pool;
    }

    @Override
    public void close() {
        pool.close();
    }
}
