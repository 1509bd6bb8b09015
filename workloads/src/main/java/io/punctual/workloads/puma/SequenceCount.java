package io.punctual.workloads.puma;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.SparkSession;

/**
 * PUMA's sequence count: how often each sequence of three consecutive words occurs in each document. The map emits
 * every (three words, document) it reads; the reduce counts each. Almost every such key is unique, so there is no
 * combiner and the output is several times the input, which makes this the suite's shuffle-heavy text job. Output:
 * {@code <word> <word> <word>\t<doc>\t<count>}, ascending.
 *
 * <p>Arguments: {@code <input> <output> [<partitions>]}; input: {@link io.punctual.workloads.puma.input.InputKind#DOCUMENTS}.
 */
public final class SequenceCount {

    private SequenceCount() {
    }

    public static void main(String[] args) {
        PumaMain.main(args, "puma/sequencecount", SequenceCount::run);
    }

    public static void run(SparkSession spark, String input, String output, int partitions) {
        var sequences = PumaMain.lines(spark, input, partitions).flatMap(line -> sequences(line).iterator());
        SortedGroups.counted(sequences, partitions)
                .map(count -> count._1() + "\t" + count._2())
                .saveAsTextFile(output);
    }

    /** The document's sequences of three words, each as {@code <word> <word> <word>\t<doc>}. */
    static List<String> sequences(String line) {
        String doc = Documents.id(line);
        List<String> words = Documents.words(line);
        List<String> sequences = new ArrayList<>();
        for (int i = 0; i + 2 < words.size(); i++) {
            sequences.add(words.get(i) + " " + words.get(i + 1) + " " + words.get(i + 2) + "\t" + doc);
        }
        return sequences;
    }
}
