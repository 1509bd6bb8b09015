package io.punctual.workloads.puma;

import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.SparkSession;
import scala.Tuple2;

/**
 * PUMA's ranked inverted index: for every word, the documents it occurs in, most occurrences first. PUMA read
 * per-document word counts that sequence count had written; here the map counts a document's words itself (a
 * document is one line, so its counts are complete) and emits (word, (document, count)); the reduce ranks each
 * word's documents. Output: {@code <word>\t<doc>:<count>,<doc>:<count>,...}, by count descending, then document; a
 * word found in more than {@value SortedGroups#VALUES_PER_LINE} documents continues on the next lines.
 *
 * <p>Arguments: {@code <input> <output> [<partitions>]}; input: {@link io.punctual.workloads.puma.input.InputKind#DOCUMENTS}.
 */
public final class RankedInvertedIndex {

    private RankedInvertedIndex() {
    }

    public static void main(String[] args) {
        PumaMain.main(args, "puma/rankedinvertedindex", RankedInvertedIndex::run);
    }

    public static void run(SparkSession spark, String input, String output, int partitions) {
        var postings = PumaMain.lines(spark, input, partitions).flatMapToPair(line -> {
            String doc = Documents.id(line);
            Map<String, Long> counts = new TreeMap<>();
            Documents.words(line).forEach(word -> counts.merge(word, 1L, Long::sum));
            return counts.entrySet().stream()
                    .map(count -> new Tuple2<>(count.getKey(), new Frequency(doc, count.getValue()))).iterator();
        });
        SortedGroups.grouped(postings, partitions, SortedGroups.VALUES_PER_LINE)
                .map(word -> word._1() + "\t" + Frequency.join(word._2()))
                .saveAsTextFile(output);
    }
}
