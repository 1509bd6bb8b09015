package io.punctual.workloads;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import scala.Tuple2;

/**
 * A job whose shape is chosen on the command line: a chain of stages, each of {@code tasks} tasks that sleep about
 * {@code taskMs} milliseconds (spread by {@code jitter}), joined by shuffles. Its runtime at N executors is known in
 * advance, which makes it the yardstick for runtime prediction and for tests that need a job to keep running.
 *
 * <p>Arguments: {@code <stages> <tasks per stage> <task ms> [<jitter 0..1>] [<seed>]}.
 */
public final class SyntheticStages {

    private SyntheticStages() {
    }

    public static void main(String[] args) {
        if (args.length < 3) {
            System.err.println("usage: SyntheticStages <stages> <tasks per stage> <task ms> [<jitter 0..1>] [<seed>]");
            System.exit(2);
        }
        int stages = Integer.parseInt(args[0]);
        int tasks = Integer.parseInt(args[1]);
        long taskMs = Long.parseLong(args[2]);
        double jitter = args.length > 3 ? Double.parseDouble(args[3]) : 0.0;
        long seed = args.length > 4 ? Long.parseLong(args[4]) : 1L;
        SparkSession spark = SparkSession.builder().appName("SyntheticStages").getOrCreate();
        try {
            JavaSparkContext sc = new JavaSparkContext(spark.sparkContext());
            List<Integer> ids = new ArrayList<>();
            for (int i = 0; i < tasks; i++) {
                ids.add(i);
            }
            JavaRDD<Integer> data = sc.parallelize(ids, tasks);
            for (int s = 0; s < stages; s++) {
                final int stage = s;
                data = data.mapPartitionsWithIndex((partition, rows) -> {
                    sleep(duration(taskMs, jitter, seed, stage, partition));
                    List<Integer> out = new ArrayList<>();
                    rows.forEachRemaining(out::add);
                    return out.iterator();
                }, true);
                if (s < stages - 1) {
                    // A shuffle ends the stage, so the next one waits for every task of this one.
                    data = data.mapToPair(x -> new Tuple2<>(x, x)).partitionBy(
                            new org.apache.spark.HashPartitioner(tasks)).map(Tuple2::_1);
                }
            }
            System.out.println("rows: " + data.count());
        } finally {
            spark.stop();
        }
    }

    static long duration(long taskMs, double jitter, long seed, int stage, int partition) {
        Random random = new Random(seed * 1_000_003L + stage * 10_007L + partition);
        double factor = 1.0 + jitter * (2 * random.nextDouble() - 1);
        return Math.max(0, Math.round(taskMs * factor));
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
