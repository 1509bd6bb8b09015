package io.punctual.workloads;

import java.util.Arrays;
import java.util.List;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import scala.Tuple2;

/**
 * Counts words in text files and prints the most frequent ones: a small two-stage job (map, then a shuffle to
 * reduce), the demo's main job.
 *
 * <p>Arguments: {@code <input path> [<partitions>] [<output path>]}.
 */
public final class WordCount {

    private WordCount() {
    }

    public static void main(String[] args) {
        if (args.length < 1) {
            System.err.println("usage: WordCount <input path> [<partitions>] [<output path>]");
            System.exit(2);
        }
        String input = args[0];
        int partitions = args.length > 1 ? Integer.parseInt(args[1]) : 8;
        SparkSession spark = SparkSession.builder().appName("WordCount").getOrCreate();
        try {
            JavaSparkContext sc = new JavaSparkContext(spark.sparkContext());
            JavaPairRDD<String, Long> counts = sc.textFile(input, partitions)
                    .flatMap(line -> Arrays.asList(line.split("\\s+")).iterator())
                    .filter(word -> !word.isEmpty())
                    .mapToPair(word -> new Tuple2<>(word, 1L))
                    .reduceByKey(Long::sum, partitions);
            if (args.length > 2) {
                counts.saveAsTextFile(args[2]);
            }
            List<Tuple2<Long, String>> top = counts.mapToPair(Tuple2::swap).sortByKey(false).take(10);
            long distinct = counts.count();
            System.out.println("distinct words: " + distinct);
            top.forEach(t -> System.out.println(t._2() + "\t" + t._1()));
        } finally {
            spark.stop();
        }
    }
}
