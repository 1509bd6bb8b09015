package io.punctual.workloads.tpcds;

import java.nio.file.Path;

/**
 * Where the TPC-DS suite keeps its files under a benchmark's data root:
 *
 * <pre>
 * dataRoot/tpcds/&lt;scale&gt;/raw/&lt;table&gt;/*.dat     the generator's '|'-separated rows (ISO-8859-1)
 * dataRoot/tpcds/&lt;scale&gt;/raw/_COMPLETE            written last by the generation, names scale and generator
 * dataRoot/tpcds/&lt;scale&gt;/schema/&lt;table&gt;.ddl      the table's Spark SQL columns (generator's metadata)
 * dataRoot/tpcds/&lt;scale&gt;/parquet/&lt;table&gt;/        the tables as Parquet ({@link TpcdsLoad})
 * dataRoot/tpcds/&lt;scale&gt;/parquet/_COMPLETE        written last by the load: the raw marker's text
 * dataRoot/tpcds/&lt;scale&gt;/answers/&lt;query&gt;.sql.out  DuckDB's answers over that Parquet
 * dataRoot/tpcds/queries/&lt;query&gt;.sql              query texts staged from Spark's test-jar
 * </pre>
 *
 * <p>The data is keyed by scale alone: TPC-DS data is defined by its scale factor (the generator has no seed), so
 * one copy serves every seed.
 *
 * @param root {@code dataRoot/tpcds}
 */
public record TpcdsLayout(Path root) {

    public static final String RAW = "raw";
    public static final String SCHEMA = "schema";
    public static final String PARQUET = "parquet";
    public static final String MARKER = "_COMPLETE";
    public static final String DDL_SUFFIX = ".ddl";

    public static TpcdsLayout under(Path dataRoot) {
        return new TpcdsLayout(dataRoot.resolve("tpcds"));
    }

    public Path scaleDir(TpcdsScale scale) {
        return root.resolve(scale.name());
    }

    public Path raw(TpcdsScale scale) {
        return scaleDir(scale).resolve(RAW);
    }

    public Path schema(TpcdsScale scale) {
        return scaleDir(scale).resolve(SCHEMA);
    }

    public Path parquet(TpcdsScale scale) {
        return scaleDir(scale).resolve(PARQUET);
    }

    public Path query(String query) {
        return root.resolve("queries").resolve(query + ".sql");
    }

    public Path answer(TpcdsScale scale, String query) {
        return scaleDir(scale).resolve("answers").resolve(query + ".sql.out");
    }
}
