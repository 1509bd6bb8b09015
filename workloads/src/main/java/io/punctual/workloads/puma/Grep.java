package io.punctual.workloads.puma;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.sql.SparkSession;
import scala.Tuple2;

/**
 * PUMA's grep (Hadoop's grep example): finds every match of a regular expression in the documents' text, counts each
 * distinct match, and sorts the matches by count, most frequent first (equal counts by match). The expression,
 * {@value #PATTERN}, picks the words holding the syllable "ka", about 2% of the generated words. Output:
 * {@code <count>\t<match>}, in that order, in one part file.
 *
 * <p>Arguments: {@code <input> <output> [<partitions>]}; input: {@link io.punctual.workloads.puma.input.InputKind#DOCUMENTS}.
 */
public final class Grep {

    /** The regular expression searched for. */
    public static final String PATTERN = "[a-z]*ka[a-z]*";

    private static final Pattern MATCHES = Pattern.compile(PATTERN);

    private Grep() {
    }

    public static void main(String[] args) {
        PumaMain.main(args, "puma/grep", Grep::run);
    }

    public static void run(SparkSession spark, String input, String output, int partitions) {
        PumaMain.lines(spark, input, partitions)
                .flatMap(line -> matches(Documents.text(line)).iterator())
                .mapToPair(match -> new Tuple2<>(match, 1L))
                .reduceByKey(Long::sum, partitions)
                .map(count -> new Frequency(count._1(), count._2()))
                // one file, like the single reducer of Hadoop grep's sorting job: one ranking, the same on every run
                .sortBy(frequency -> frequency, true, 1)
                .map(frequency -> frequency.count() + "\t" + frequency.name())
                .saveAsTextFile(output);
    }

    /** Every match of {@link #PATTERN} in {@code text}, left to right. */
    static List<String> matches(String text) {
        List<String> matches = new ArrayList<>();
        Matcher matcher = MATCHES.matcher(text);
        while (matcher.find()) {
            matches.add(matcher.group());
        }
        return matches;
    }
}
