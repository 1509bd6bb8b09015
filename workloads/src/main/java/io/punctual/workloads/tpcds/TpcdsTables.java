package io.punctual.workloads.tpcds;

import io.trino.tpcds.Table;
import io.trino.tpcds.column.Column;
import io.trino.tpcds.column.ColumnType;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The 24 tables of the TPC-DS schema (specification section 2) and their Spark SQL column types, read from the
 * generator's own table and column metadata.
 *
 * <p>Identifiers (surrogate keys) are {@code INT}, as in Spark's own TPC-DS schema ({@code TPCDSSchema} in its
 * test sources); the largest key stays below 2^31 up to scale
 * factor 1000 or so. CHAR and VARCHAR keep their lengths, so a table read with this schema pads CHAR values as
 * Spark's TPC-DS tables do. The one column the generator names after a later specification,
 * {@code c_last_review_date_sk}, keeps its v1.4 name {@code c_last_review_date}, which the queries use.
 */
public final class TpcdsTables {

    /** Generator names that differ from the v1.4 names the queries use. */
    private static final Map<String, String> V1_4_NAMES = Map.of("c_last_review_date_sk", "c_last_review_date");

    private TpcdsTables() {
    }

    /** The tables the queries read: the generator's base tables without its version table. */
    public static List<Table> all() {
        return Table.getBaseTables().stream().filter(t -> t != Table.DBGEN_VERSION).toList();
    }

    /** The table's columns as Spark SQL DDL, e.g. {@code `s_store_sk` INT, `s_store_id` CHAR(16), ...}. */
    public static String ddl(Table table) {
        return Arrays.stream(table.getColumns())
                .map(column -> "`" + name(column) + "` " + sparkType(column))
                .collect(Collectors.joining(", "));
    }

    private static String name(Column column) {
        return V1_4_NAMES.getOrDefault(column.getName(), column.getName());
    }

    private static String sparkType(Column column) {
        ColumnType type = column.getType();
        return switch (type.getBase()) {
            case INTEGER, IDENTIFIER -> "INT";
            case DATE -> "DATE";
            case DECIMAL -> "DECIMAL(" + type.getPrecision().orElseThrow() + "," + type.getScale().orElseThrow() + ")";
            case CHAR -> "CHAR(" + type.getPrecision().orElseThrow() + ")";
            case VARCHAR -> "VARCHAR(" + type.getPrecision().orElseThrow() + ")";
            case TIME -> throw new IllegalArgumentException(
                    "column " + column.getName() + " has type TIME, which no TPC-DS query table uses");
        };
    }
}
