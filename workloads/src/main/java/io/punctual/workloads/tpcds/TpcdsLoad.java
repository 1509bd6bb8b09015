package io.punctual.workloads.tpcds;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;

/**
 * Converts the generator's raw TPC-DS tables of one scale ({@link TpcdsGenerator}) into Parquet, one directory per
 * table, typed by each table's schema file: the Spark application {@link TpcdsSuite#prepare} returns.
 *
 * <p>Idempotent: when {@code parquet/_COMPLETE} already holds the raw data's marker text, nothing is done; the
 * marker is copied last, so a load that was cut short is redone.
 *
 * <p>Arguments: {@code <scale directory>} (a URI: {@code file:///.../tpcds/tiny}, laid out as {@link TpcdsLayout}).
 */
public final class TpcdsLoad {

    /** CHAR and VARCHAR hold strings in Parquet; their lengths apply when a query reads the tables. */
    private static final Pattern CHAR_TYPE = Pattern.compile("(VAR)?CHAR\\(\\d+\\)");

    private TpcdsLoad() {
    }

    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("usage: TpcdsLoad <scale directory URI>");
            System.exit(2);
        }
        SparkSession spark = SparkSession.builder().appName("TPC-DS load").getOrCreate();
        try {
            boolean loaded = run(spark, args[0]);
            System.out.println(loaded ? "TPC-DS tables written as Parquet under " + args[0]
                    : "TPC-DS Parquet tables already complete under " + args[0]);
        } finally {
            spark.stop();
        }
    }

    /**
     * Writes every table of the scale directory as Parquet unless that is already done.
     *
     * @return whether anything was written
     */
    public static boolean run(SparkSession spark, String scaleDir) {
        DriverFiles files = new DriverFiles(spark);
        String raw = DriverFiles.child(scaleDir, TpcdsLayout.RAW);
        String parquet = DriverFiles.child(scaleDir, TpcdsLayout.PARQUET);
        String rawMarker = files.readIfPresent(DriverFiles.child(raw, TpcdsLayout.MARKER)).orElseThrow(() ->
                new IllegalStateException("no complete raw TPC-DS data under " + raw
                        + "; TpcdsSuite.prepare generates it before this application runs"));
        String parquetMarker = DriverFiles.child(parquet, TpcdsLayout.MARKER);
        if (files.readIfPresent(parquetMarker).filter(rawMarker::equals).isPresent()) {
            return false;
        }
        files.delete(parquetMarker);
        schemas(files, scaleDir).forEach((table, ddl) -> spark.read()
                .option("sep", "|")
                .option("encoding", "ISO-8859-1")
                .option("quote", "")
                .option("dateFormat", "yyyy-MM-dd")
                .option("mode", "FAILFAST")
                .schema(CHAR_TYPE.matcher(ddl).replaceAll("STRING"))
                .csv(DriverFiles.child(raw, table))
                .write()
                .mode(SaveMode.Overwrite)
                .parquet(DriverFiles.child(parquet, table)));
        files.write(parquetMarker, rawMarker);
        return true;
    }

    /** Each table's column DDL, by table name, from the scale directory's schema files. */
    static Map<String, String> schemas(DriverFiles files, String scaleDir) {
        String dir = DriverFiles.child(scaleDir, TpcdsLayout.SCHEMA);
        Map<String, String> schemas = new LinkedHashMap<>();
        for (String name : files.list(dir)) {
            if (name.endsWith(TpcdsLayout.DDL_SUFFIX)) {
                schemas.put(name.substring(0, name.length() - TpcdsLayout.DDL_SUFFIX.length()),
                        files.read(DriverFiles.child(dir, name)).trim());
            }
        }
        if (schemas.isEmpty()) {
            throw new IllegalStateException("no table schemas (*" + TpcdsLayout.DDL_SUFFIX + ") in " + dir
                    + "; TpcdsSuite.prepare writes them with the raw data");
        }
        return schemas;
    }
}
