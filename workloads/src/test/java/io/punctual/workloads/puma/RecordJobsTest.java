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
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.Tuple2;

/** PUMA's self-join, adjacency list and TeraSort in local Spark, and the grouping they share. */
class RecordJobsTest {

    @TempDir
    static Path tmp;

    private static SparkSession spark;

    @BeforeAll
    static void start() {
        spark = LocalSpark.start();
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    @Test
    void selfJoinPairsTheLastItemsOfSetsSharingTheRest() throws IOException {
        List<String> sets = write(InputKind.ITEMSETS, 100_000);
        Path output = tmp.resolve("selfjoin");
        SelfJoin.run(spark, input(InputKind.ITEMSETS), output.toString(), PARTITIONS);

        Map<String, TreeSet<Long>> lastItems = new TreeMap<>();
        for (String set : sets) {
            int comma = set.lastIndexOf(',');
            lastItems.computeIfAbsent(set.substring(0, comma), k -> new TreeSet<>())
                    .add(Long.parseLong(set.substring(comma + 1)));
        }
        List<String> expected = new ArrayList<>();
        lastItems.forEach((prefix, items) -> {
            List<Long> list = List.copyOf(items);
            for (int i = 0; i < list.size(); i++) {
                for (int j = i + 1; j < list.size(); j++) {
                    expected.add(prefix + "," + list.get(i) + "," + list.get(j));
                }
            }
        });
        assertThat(expected).as("joined sets in the test input").hasSizeGreaterThan(sets.size());
        List<String> actual = LocalSpark.lines(output);
        assertThat(actual).containsExactlyInAnyOrderElementsOf(expected);
        for (String set : actual) {
            assertThat(Arrays.stream(set.split(",")).mapToInt(Integer::parseInt).toArray()).isSorted();
        }
    }

    @Test
    void adjacencyListListsEachNodesInAndOutLinks() throws IOException {
        List<String> edges = write(InputKind.EDGES, 300_000);
        Path output = tmp.resolve("adjacencylist");
        AdjacencyList.run(spark, input(InputKind.EDGES), output.toString(), PARTITIONS);

        Map<String, TreeSet<Long>> expected = new TreeMap<>();
        for (String edge : edges) {
            String[] nodes = edge.split("\t");
            expected.computeIfAbsent(nodes[1] + "\tin", k -> new TreeSet<>()).add(Long.parseLong(nodes[0]));
            expected.computeIfAbsent(nodes[0] + "\tout", k -> new TreeSet<>()).add(Long.parseLong(nodes[1]));
        }
        Map<String, List<Long>> actual = new TreeMap<>();
        for (String line : LocalSpark.lines(output)) {
            int tab = line.lastIndexOf('\t');
            actual.computeIfAbsent(line.substring(0, tab), k -> new ArrayList<>())
                    .addAll(Arrays.stream(line.substring(tab + 1).split(",")).map(Long::valueOf).toList());
        }
        assertThat(actual).hasSameSizeAs(expected);
        expected.forEach((side, links) -> assertThat(actual.get(side)).as(side).containsExactlyElementsOf(links));
        assertThat(expected.values().stream().mapToInt(TreeSet::size).max().orElseThrow())
                .as("the most linked node's in-links span lines").isGreaterThan(SortedGroups.VALUES_PER_LINE);
        LocalSpark.<Long>assertSortedWithinFiles(output, line -> Long.valueOf(LocalSpark.firstField(line)),
                Comparator.naturalOrder());
    }

    @Test
    void teraSortSortsTheRecordsAcrossItsFilesByKey() throws IOException {
        List<String> records = write(InputKind.TERA_RECORDS, 200_000);
        Path output = tmp.resolve("terasort");
        TeraSort.run(spark, input(InputKind.TERA_RECORDS), output.toString(), PARTITIONS);

        List<String> actual = LocalSpark.lines(output);
        List<String> expected = records.stream().sorted().toList();
        assertThat(actual).containsExactlyElementsOf(expected);
        assertThat(actual.stream().map(record -> record.substring(0, 10)).toList()).isSorted();
        assertThat(LocalSpark.parts(output)).as("sorted ranges").hasSize(PARTITIONS).allMatch(part -> !part.isEmpty());
    }

    @Test
    void groupsCarryDistinctSortedValuesAFewAtATime() {
        var pairs = JavaSparkContext.fromSparkContext(spark.sparkContext()).parallelizePairs(List.of(
                new Tuple2<>("b", 5), new Tuple2<>("a", 3), new Tuple2<>("a", 1), new Tuple2<>("a", 2),
                new Tuple2<>("a", 2), new Tuple2<>("a", 4), new Tuple2<>("a", 3)), 2);

        assertThat(SortedGroups.grouped(pairs, 1, 2).collect()).containsExactly(
                new Tuple2<>("a", List.of(1, 2)), new Tuple2<>("a", List.of(3, 4)), new Tuple2<>("b", List.of(5)));
        assertThat(SortedGroups.counted(pairs.keys(), 1).collect()).containsExactly(
                new Tuple2<>("a", 6L), new Tuple2<>("b", 1L));
    }

    private static List<String> write(InputKind kind, long bytes) throws IOException {
        Path dir = tmp.resolve(kind.dirName());
        InputFiles.write(dir, kind, "test", bytes, 3);
        return Files.readAllLines(dir.resolve(InputFiles.fileName(0)));
    }

    private static String input(InputKind kind) {
        return tmp.resolve(kind.dirName()).toUri().toString();
    }
}
