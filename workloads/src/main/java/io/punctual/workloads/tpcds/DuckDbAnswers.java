package io.punctual.workloads.tpcds;

import io.trino.tpcds.Table;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * TPC-DS answers from a second SQL engine, DuckDB (in this process, through its JDBC driver), over the very Parquet
 * files Spark loaded: the expected answers of {@code bench run --verify}. Spark's own expected answers cannot serve,
 * as they hold for other data (see {@link TpcdsSuite}); an engine that shares no code with Spark, asked the same
 * query text over the same files, can.
 *
 * <p>DuckDB is told two of Spark's rules: nulls sort first when ascending and last when descending (which decides
 * which rows of a rollup fall within a query's {@code LIMIT}), and a division by zero is null, not NaN (q12's
 * revenue ratio of a class that sold nothing). Answers are rendered as Spark renders its own ({@link QueryAnswer}:
 * {@code NULL}, numbers in plain digits, '#' numbers masked) and compared by value.
 */
public final class DuckDbAnswers implements AutoCloseable {

    private final Connection connection;

    private DuckDbAnswers(Connection connection) {
        this.connection = connection;
    }

    /**
     * An in-memory DuckDB with every TPC-DS table a view over its Parquet directory under {@code parquet}.
     *
     * @throws IllegalStateException when the load has not completed there (its marker is missing)
     */
    public static DuckDbAnswers over(Path parquet) {
        if (!Files.isRegularFile(parquet.resolve(TpcdsLayout.MARKER))) {
            throw new IllegalStateException("the TPC-DS tables are not loaded into Parquet under " + parquet
                    + " (no " + TpcdsLayout.MARKER + " marker); prepare the suite's input first");
        }
        try {
            Connection connection = DriverManager.getConnection("jdbc:duckdb:");
            try (Statement statement = connection.createStatement()) {
                statement.execute("SET default_null_order = 'nulls_first_on_asc_last_on_desc'");
                statement.execute("SET ieee_floating_point_ops = false");
                for (Table table : TpcdsTables.all()) {
                    statement.execute("CREATE VIEW " + table.getName() + " AS SELECT * FROM read_parquet('"
                            + parquet.resolve(table.getName()).resolve("*.parquet").toString().replace("'", "''")
                            + "')");
                }
            }
            return new DuckDbAnswers(connection);
        } catch (SQLException e) {
            throw new IllegalStateException("DuckDB cannot open the TPC-DS tables under " + parquet + ": "
                    + e.getMessage(), e);
        }
    }

    /**
     * DuckDB's answer to {@code sql}.
     *
     * @throws IllegalStateException naming the query when DuckDB cannot run it
     */
    public QueryAnswer answer(String query, String sql) {
        try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
            ResultSetMetaData meta = result.getMetaData();
            List<String> columns = new ArrayList<>();
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                columns.add(meta.getColumnLabel(i) + ":" + meta.getColumnTypeName(i).toLowerCase(Locale.ROOT));
            }
            List<String> rows = new ArrayList<>();
            while (result.next()) {
                List<String> cells = new ArrayList<>();
                for (int i = 1; i <= columns.size(); i++) {
                    cells.add(render(result.getObject(i)));
                }
                rows.add(String.join("\t", cells));
            }
            return QueryAnswer.of("struct<" + String.join(",", columns) + ">", rows);
        } catch (SQLException e) {
            throw new IllegalStateException("DuckDB cannot answer TPC-DS " + query + ": " + e.getMessage(), e);
        }
    }

    private static String render(Object value) {
        if (value == null) {
            return "NULL";
        }
        if (value instanceof BigDecimal decimal) {
            return decimal.toPlainString();
        }
        return value.toString();
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            // An in-memory database: nothing is lost when closing it fails.
        }
    }
}
