package io.punctual.workloads.puma;

import java.util.TreeSet;
import org.apache.spark.sql.SparkSession;
import scala.Tuple2;

/**
 * PUMA's inverted index: for every word, the documents it occurs in. The map emits (word, document) once per word
 * of a document; the reduce lists each word's documents. Output: {@code <word>\t<doc>,<doc>,...}, documents
 * ascending; a word found in more than {@value SortedGroups#VALUES_PER_LINE} documents continues on the next lines.
 *
 * <p>Arguments: {@code <input> <output> [<partitions>]}; input: {@link io.punctual.workloads.puma.input.InputKind#DOCUMENTS}.
 */
public final class InvertedIndex {

    private InvertedIndex() {
    }

    public static void main(String[] args) {
        PumaMain.main(args, "puma/invertedindex", InvertedIndex::run);
    }

    public static void run(SparkSession spark, String input, String output, int partitions) {
        var postings = PumaMain.lines(spark, input, partitions).flatMapToPair(line -> {
            String doc = Documents.id(line);
            return new TreeSet<>(Documents.words(line)).stream().map(word -> new Tuple2<>(word, doc)).iterator();
        });
        SortedGroups.grouped(postings, partitions, SortedGroups.VALUES_PER_LINE)
                .map(word -> word._1() + "\t" + String.join(",", word._2()))
                .saveAsTextFile(output);
    }
}
