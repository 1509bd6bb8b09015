package io.punctual.workloads.puma;

import static io.punctual.workloads.puma.LocalSpark.PARTITIONS;
import static org.assertj.core.api.Assertions.assertThat;

import io.punctual.workloads.puma.input.InputFiles;
import io.punctual.workloads.puma.input.InputKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** PUMA's text jobs run in local Spark on generated documents, each checked against a plain-Java count. */
class TextJobsTest {

    /** A document as the oracle reads it. */
    private record Doc(String id, String host, List<String> words) {
    }

    @TempDir
    static Path tmp;

    private static SparkSession spark;
    private static String input;
    private static List<Doc> docs;

    @BeforeAll
    static void start() throws IOException {
        spark = LocalSpark.start();
        Path dir = tmp.resolve("documents");
        InputFiles.write(dir, InputKind.DOCUMENTS, "test", 200_000, 7);
        input = dir.toUri().toString();
        docs = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve(InputFiles.fileName(0)))) {
            String[] parts = line.split("\t");
            docs.add(new Doc(parts[0], parts[0].substring(0, parts[0].indexOf('/')),
                    Arrays.asList(parts[1].split(" "))));
        }
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    @Test
    void wordCountCountsEveryWord() {
        Path output = tmp.resolve("wordcount");
        WordCount.run(spark, input, output.toString(), PARTITIONS);

        Map<String, Long> expected = new TreeMap<>();
        docs.forEach(doc -> doc.words().forEach(word -> expected.merge(word, 1L, Long::sum)));
        assertThat(LocalSpark.lines(output)).containsExactlyInAnyOrderElementsOf(
                expected.entrySet().stream().map(e -> e.getKey() + "\t" + e.getValue()).toList());
        assertThat(LocalSpark.parts(output)).hasSize(PARTITIONS);
        LocalSpark.assertSortedWithinFiles(output, LocalSpark::firstField, Comparator.naturalOrder());
    }

    @Test
    void grepCountsEachMatchMostFrequentFirst() {
        Path output = tmp.resolve("grep");
        Grep.run(spark, input, output.toString(), PARTITIONS);

        Map<String, Long> counts = new HashMap<>();
        Pattern pattern = Pattern.compile(Grep.PATTERN);
        for (Doc doc : docs) {
            Matcher matcher = pattern.matcher(String.join(" ", doc.words()));
            while (matcher.find()) {
                counts.merge(matcher.group(), 1L, Long::sum);
            }
        }
        List<String> expected = counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .map(e -> e.getValue() + "\t" + e.getKey()).toList();
        assertThat(expected).as("matches in the test input").hasSizeGreaterThan(10);
        assertThat(LocalSpark.parts(output)).containsExactly(expected);
    }

    @Test
    void invertedIndexListsEachWordsDocuments() {
        Path output = tmp.resolve("invertedindex");
        InvertedIndex.run(spark, input, output.toString(), PARTITIONS);

        Map<String, TreeSet<String>> expected = new TreeMap<>();
        docs.forEach(doc -> doc.words().forEach(w -> expected.computeIfAbsent(w, k -> new TreeSet<>()).add(doc.id())));
        Map<String, List<String>> actual = listsByKey(LocalSpark.lines(output));
        assertThat(actual).hasSameSizeAs(expected);
        expected.forEach((word, ids) -> assertThat(actual.get(word)).as(word).containsExactlyElementsOf(ids));
        LocalSpark.assertSortedWithinFiles(output, LocalSpark::firstField, Comparator.naturalOrder());
    }

    @Test
    void rankedInvertedIndexListsEachWordsDocumentsMostOccurrencesFirst() {
        Path output = tmp.resolve("rankedinvertedindex");
        RankedInvertedIndex.run(spark, input, output.toString(), PARTITIONS);

        Map<String, Map<String, Long>> counts = new TreeMap<>();
        docs.forEach(doc -> doc.words().forEach(word ->
                counts.computeIfAbsent(word, k -> new HashMap<>()).merge(doc.id(), 1L, Long::sum)));
        Map<String, List<String>> actual = listsByKey(LocalSpark.lines(output));
        assertThat(actual).hasSameSizeAs(counts);
        counts.forEach((word, byDoc) -> assertThat(actual.get(word)).as(word).containsExactlyElementsOf(
                ranked(byDoc)));
        LocalSpark.assertSortedWithinFiles(output, LocalSpark::firstField, Comparator.naturalOrder());
    }

    @Test
    void termVectorListsEachHostsFrequentWordsMostFrequentFirst() {
        Path output = tmp.resolve("termvector");
        TermVector.run(spark, input, output.toString(), PARTITIONS);

        Map<String, Map<String, Long>> counts = new TreeMap<>();
        docs.forEach(doc -> doc.words().forEach(word ->
                counts.computeIfAbsent(doc.host(), k -> new HashMap<>()).merge(word, 1L, Long::sum)));
        Map<String, List<String>> expected = new TreeMap<>();
        counts.forEach((host, byWord) -> {
            byWord.values().removeIf(count -> count < TermVector.CUTOFF);
            if (!byWord.isEmpty()) {
                expected.put(host, ranked(byWord));
            }
        });
        assertThat(expected).as("hosts with frequent words in the test input").hasSizeGreaterThan(10);
        assertThat(listsByKey(LocalSpark.lines(output))).isEqualTo(expected);
    }

    @Test
    void sequenceCountCountsEachThreeWordSequencePerDocument() {
        Path output = tmp.resolve("sequencecount");
        SequenceCount.run(spark, input, output.toString(), PARTITIONS);

        Map<String, Long> expected = new TreeMap<>();
        for (Doc doc : docs) {
            List<String> w = doc.words();
            for (int i = 0; i + 2 < w.size(); i++) {
                expected.merge(w.get(i) + " " + w.get(i + 1) + " " + w.get(i + 2) + "\t" + doc.id(), 1L, Long::sum);
            }
        }
        assertThat(expected.values()).as("some sequences repeat within a document").anyMatch(count -> count > 1);
        List<String> lines = LocalSpark.lines(output);
        assertThat(new TreeSet<>(lines)).hasSameSizeAs(lines).containsExactlyElementsOf(
                expected.entrySet().stream().map(e -> e.getKey() + "\t" + e.getValue()).sorted().toList());
        LocalSpark.<String>assertSortedWithinFiles(output, line -> line.substring(0, line.lastIndexOf('\t')),
                Comparator.naturalOrder());
    }

    @Test
    void aJobRunAgainReplacesItsOutputWithTheSameBytes() throws IOException {
        Path output = tmp.resolve("again");
        PumaMain.Arguments arguments = new PumaMain.Arguments(input, output.toString(), PARTITIONS);
        PumaMain.run(spark, arguments, WordCount::run);
        List<List<String>> first = LocalSpark.parts(output);
        Files.writeString(output.resolve("part-00000"), "overwritten");

        PumaMain.run(spark, arguments, WordCount::run);
        assertThat(LocalSpark.parts(output)).isEqualTo(first);
    }

    /** Lines {@code <key>\t<a>,<b>,...} as key to list, a key's continuation lines appended. */
    private static Map<String, List<String>> listsByKey(List<String> lines) {
        Map<String, List<String>> lists = new LinkedHashMap<>();
        for (String line : lines) {
            String[] parts = line.split("\t");
            lists.computeIfAbsent(parts[0], k -> new ArrayList<>()).addAll(Arrays.asList(parts[1].split(",")));
        }
        return lists;
    }

    /** {@code name:count} by count descending, then name. */
    private static List<String> ranked(Map<String, Long> counts) {
        return counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .map(e -> e.getKey() + ":" + e.getValue()).toList();
    }
}
