package io.punctual.workloads.puma;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/**
 * What every PUMA application's {@code main} does: reads {@code <input> <output> [<partitions>]}, starts (or joins)
 * the Spark session, removes an earlier {@code <output>}, runs the job and stops the session. Without a partition
 * count a job uses Spark's default parallelism.
 */
final class PumaMain {

    private PumaMain() {
    }

    /** The arguments of a PUMA application; {@code partitions} is 0 when not given. */
    record Arguments(String input, String output, int partitions) {

        static Arguments parse(String name, String[] args) {
            String usage = "usage: " + name + " <input> <output> [<partitions>]";
            if (args.length < 2 || args.length > 3) {
                throw new IllegalArgumentException(usage + " (got " + args.length + " arguments)");
            }
            int partitions = 0;
            if (args.length == 3) {
                try {
                    partitions = Integer.parseInt(args[2]);
                } catch (NumberFormatException e) {
                    partitions = -1;
                }
                if (partitions < 1) {
                    throw new IllegalArgumentException(usage + ": <partitions> must be a whole number above 0, got '"
                            + args[2] + "'");
                }
            }
            return new Arguments(args[0], args[1], partitions);
        }
    }

    /** The application's {@code main}: exits with status 2 and the usage on bad arguments. */
    static void main(String[] args, String name, PumaJob job) {
        Arguments arguments;
        try {
            arguments = Arguments.parse(name, args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        SparkSession spark = SparkSession.builder().appName(name).getOrCreate();
        try {
            run(spark, arguments, job);
        } finally {
            spark.stop();
        }
    }

    /** Runs the job in {@code spark}, which the caller keeps, after removing an earlier output. */
    static void run(SparkSession spark, Arguments arguments, PumaJob job) {
        int partitions = arguments.partitions() > 0 ? arguments.partitions()
                : spark.sparkContext().defaultParallelism();
        Path output = new Path(arguments.output());
        try {
            FileSystem fs = output.getFileSystem(spark.sparkContext().hadoopConfiguration());
            fs.delete(output, true);
        } catch (IOException e) {
            throw new UncheckedIOException("could not remove the earlier output " + output, e);
        }
        job.run(spark, arguments.input(), arguments.output(), partitions);
    }

    /** The lines of {@code input} (every PUMA input is text), in at least {@code partitions} splits. */
    static JavaRDD<String> lines(SparkSession spark, String input, int partitions) {
        return JavaSparkContext.fromSparkContext(spark.sparkContext()).textFile(input, partitions);
    }
}
