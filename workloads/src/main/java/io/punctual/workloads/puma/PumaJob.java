package io.punctual.workloads.puma;

import org.apache.spark.sql.SparkSession;

/** The body of a PUMA application: reads {@code input}, writes {@code output}, in a session the caller owns. */
@FunctionalInterface
interface PumaJob {

    void run(SparkSession spark, String input, String output, int partitions);
}
