package io.punctual.workloads.puma;

import org.apache.spark.sql.SparkSession;
import scala.Tuple2;

/**
 * PUMA's term vector (per host): the words that occur at least {@value #CUTOFF} times in a host's documents, most
 * frequent first, a summary of what the host is about. The map emits ((host, word), 1); a combiner and a reduce add
 * them up; a second reduce collects each host's words above the cut-off, ranked. Output:
 * {@code <host>\t<word>:<count>,<word>:<count>,...}, by count descending, then word; a host with more than
 * {@value SortedGroups#VALUES_PER_LINE} such words continues on the next lines.
 *
 * <p>Arguments: {@code <input> <output> [<partitions>]}; input: {@link io.punctual.workloads.puma.input.InputKind#DOCUMENTS}.
 */
public final class TermVector {

    /** How often a word must occur in a host's documents to be part of its term vector (PUMA's cut-off). */
    public static final int CUTOFF = 10;

    private TermVector() {
    }

    public static void main(String[] args) {
        PumaMain.main(args, "puma/termvector", TermVector::run);
    }

    public static void run(SparkSession spark, String input, String output, int partitions) {
        var terms = PumaMain.lines(spark, input, partitions)
                .flatMapToPair(line -> {
                    String host = Documents.host(line);
                    return Documents.words(line).stream().map(word -> new Tuple2<>(new Tuple2<>(host, word), 1L))
                            .iterator();
                })
                .reduceByKey(Long::sum, partitions)
                .filter(count -> count._2() >= CUTOFF)
                .mapToPair(count -> new Tuple2<>(count._1()._1(), new Frequency(count._1()._2(), count._2())));
        SortedGroups.grouped(terms, partitions, SortedGroups.VALUES_PER_LINE)
                .map(host -> host._1() + "\t" + Frequency.join(host._2()))
                .saveAsTextFile(output);
    }
}
