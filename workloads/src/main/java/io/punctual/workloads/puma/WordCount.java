package io.punctual.workloads.puma;

import org.apache.spark.sql.SparkSession;
import scala.Tuple2;

/**
 * PUMA's word count: how often each word occurs in the documents. The map emits (word, 1) per occurrence; a combiner
 * and the reduce add them up, which Spark's {@code reduceByKey} does in one step. Output: {@code <word>\t<count>},
 * words ascending within each part file.
 *
 * <p>Arguments: {@code <input> <output> [<partitions>]}; input: {@link io.punctual.workloads.puma.input.InputKind#DOCUMENTS}.
 */
public final class WordCount {

    private WordCount() {
    }

    public static void main(String[] args) {
        PumaMain.main(args, "puma/wordcount", WordCount::run);
    }

    public static void run(SparkSession spark, String input, String output, int partitions) {
        var ones = PumaMain.lines(spark, input, partitions)
                .flatMap(line -> Documents.words(line).iterator())
                .mapToPair(word -> new Tuple2<>(word, 1L));
        SortedGroups.reduced(ones, Long::sum, partitions)
                .map(count -> count._1() + "\t" + count._2())
                .saveAsTextFile(output);
    }
}
