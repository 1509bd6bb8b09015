package io.punctual.submit.gateway;

import io.punctual.history.run.RunRecord;
import io.punctual.history.store.HistoryStore;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The runs in a real PostgreSQL, each {@link #open()} a gateway of its own with its own connections. */
class PostgresHistoryStoreTest extends HistoryStoreContract {

    @RegisterExtension
    static final LocalPostgres.PerClass postgres = new LocalPostgres.PerClass();

    private final List<SqlPool> pools = new ArrayList<>();
    private String url;

    @BeforeEach
    void database() throws Exception {
        url = postgres.server().freshDatabase("history_store");
    }

    @AfterEach
    void close() {
        pools.forEach(SqlPool::close);
    }

    @Override
    HistoryStore open() {
        SqlPool pool = SqlPool.open(LocalPostgres.database(url));
        pools.add(pool);
        return PostgresHistoryStore.over(pool);
    }

    /** Leaves the row valid JSON but no run record, as an operator's hand edit might. */
    @Override
    void damage(RunRecord run) throws Exception {
        try (var c = DriverManager.getConnection(url, "punctual", "");
             var update = c.prepareStatement("UPDATE punctual_runs SET record = '{\"format\": 1}' WHERE id = ?")) {
            update.setString(1, run.id().toString());
            update.executeUpdate();
        }
    }
}
