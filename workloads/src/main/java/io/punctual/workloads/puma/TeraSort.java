package io.punctual.workloads.puma;

import org.apache.spark.sql.SparkSession;

/**
 * PUMA's TeraSort (Hadoop's): sorts 100-byte records by their 10-byte key. Like Hadoop's, it samples the input to
 * pick key ranges, sends each range to one partition and sorts each partition, so the part files in order are one
 * sorted sequence (Spark's {@code sortBy} does exactly this). A record starts with its key, so sorting whole records
 * sorts by key, with the rest of the record ordering equal keys the same way on every run. Output: the records, one
 * per line.
 *
 * <p>Arguments: {@code <input> <output> [<partitions>]}; input: {@link io.punctual.workloads.puma.input.InputKind#TERA_RECORDS}.
 */
public final class TeraSort {

    private TeraSort() {
    }

    public static void main(String[] args) {
        PumaMain.main(args, "puma/terasort", TeraSort::run);
    }

    public static void run(SparkSession spark, String input, String output, int partitions) {
        PumaMain.lines(spark, input, partitions)
                .sortBy(record -> record, true, partitions)
                .saveAsTextFile(output);
    }
}
