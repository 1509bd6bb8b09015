package io.punctual.submit.gateway;

import io.punctual.submit.config.SiteConfig;
import io.punctual.submit.learn.LearnedTexts;
import io.punctual.submit.learn.LearnedTextsContract;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The learned texts in a real PostgreSQL, each {@link #open()} a gateway of its own with its own connections. */
class PostgresLearnedTextsTest extends LearnedTextsContract {

    @RegisterExtension
    static final LocalPostgres.PerClass postgres = new LocalPostgres.PerClass();

    private final List<SqlPool> pools = new ArrayList<>();
    private SiteConfig.Database database;

    @BeforeEach
    void database() throws Exception {
        database = LocalPostgres.database(postgres.server().freshDatabase("learned_texts"));
    }

    @AfterEach
    void close() {
        pools.forEach(SqlPool::close);
    }

    @Override
    protected LearnedTexts open() {
        SqlPool pool = SqlPool.open(database);
        pools.add(pool);
        return PostgresLearnedTexts.over(pool);
    }
}
