package io.punctual.workloads.tpcds;

import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.HiveResult$;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.execution.SQLExecution$;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Runs one TPC-DS query as a Spark SQL application: registers every table of a scale as a view over its Parquet
 * (with the CHAR and VARCHAR lengths of the TPC-DS schema, as Spark's own TPC-DS tables have), runs the query,
 * prints the first rows and writes the whole answer to {@code <output>/answer.sql.out} in the golden-file form of
 * Spark's {@code TPCDSQueryTestSuite} ({@link QueryAnswer}).
 *
 * <p>With {@code --verify}, the answer is compared by value with an expected answer, a second engine's over the same
 * tables ({@link TpcdsSuite#verifyingApp}), and the application fails when they differ.
 *
 * <p>Arguments: {@code <scale directory URI> <query name> <output URI> <query file URI>
 * [--verify <expected answer URI>]}.
 */
public final class TpcdsQuery {

    /** The answer's file name under the output directory. */
    public static final String ANSWER_FILE = "answer.sql.out";

    private static final int SHOWN_ROWS = 10;

    private TpcdsQuery() {
    }

    public static void main(String[] args) {
        boolean verify = args.length == 6 && "--verify".equals(args[4]);
        if (args.length != 4 && !verify) {
            System.err.println("usage: TpcdsQuery <scale directory URI> <query name> <output URI> <query file URI>"
                    + " [--verify <expected answer URI>]");
            System.exit(2);
        }
        String name = args[1];
        SparkSession spark = SparkSession.builder().appName("TPC-DS " + name).getOrCreate();
        try {
            DriverFiles files = new DriverFiles(spark);
            QueryAnswer answer = run(spark, args[0], name, files.read(args[3]), args[2]);
            System.out.println(name + ": " + answer.rows().size() + " rows, " + answer.schema());
            answer.rows().stream().limit(SHOWN_ROWS).forEach(System.out::println);
            if (verify) {
                System.out.println(verified(name, answer, files.read(args[5])));
            }
        } finally {
            spark.stop();
        }
    }

    /**
     * Compares {@code answer} with the expected answer in its golden-file form.
     *
     * @return the line saying it matches
     * @throws IllegalStateException saying what differs first
     */
    static String verified(String name, QueryAnswer answer, String expected) {
        AnswerCheck check = answer.check(QueryAnswer.parse(expected));
        if (check instanceof AnswerCheck.Differs differs) {
            throw new IllegalStateException(name + " does not give the expected answer: " + differs.why());
        }
        return name + ": the answer matches the expected answer (" + ((AnswerCheck.Matches) check).rows()
                + " rows)";
    }

    /** Registers the tables, runs {@code sql} and writes its answer under {@code output}. */
    public static QueryAnswer run(SparkSession spark, String scaleDir, String name, String sql, String output) {
        registerTables(spark, scaleDir);
        QueryAnswer answer = answer(spark, name, sql);
        new DriverFiles(spark).write(DriverFiles.child(output, ANSWER_FILE), answer.render());
        return answer;
    }

    /** Makes every table of the scale directory a temporary view over its Parquet directory. */
    public static void registerTables(SparkSession spark, String scaleDir) {
        String parquet = DriverFiles.child(scaleDir, TpcdsLayout.PARQUET);
        TpcdsLoad.schemas(new DriverFiles(spark), scaleDir).forEach((table, ddl) -> spark.sql(
                "CREATE OR REPLACE TEMPORARY VIEW `" + table + "` (" + ddl + ") USING parquet OPTIONS (path '"
                        + DriverFiles.child(parquet, table).replace("'", "\\'") + "')"));
    }

    /** Runs {@code sql} as one SQL execution named {@code name} and renders its rows as Spark's golden files do. */
    public static QueryAnswer answer(SparkSession spark, String name, String sql) {
        Dataset<Row> result = spark.sql(sql);
        QueryExecution execution = result.queryExecution();
        List<String> rows = CollectionConverters.asJava(SQLExecution$.MODULE$.withNewExecutionId(execution,
                Option.apply(name), () -> HiveResult$.MODULE$.hiveResultString(execution.executedPlan())));
        return QueryAnswer.of(result.schema().catalogString(), rows);
    }
}
