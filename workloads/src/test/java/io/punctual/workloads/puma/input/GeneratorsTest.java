package io.punctual.workloads.puma.input;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What each generated input looks like: the format its jobs parse, and the skew the suite relies on. */
class GeneratorsTest {

    @TempDir
    Path tmp;

    @Test
    void documentsAreIdTabWordsWithZipfFrequencies() throws IOException {
        List<String> lines = write(InputKind.DOCUMENTS, 1_000_000);
        Map<String, Integer> counts = new HashMap<>();
        Set<String> ids = new HashSet<>();
        for (String line : lines) {
            assertThat(line).matches("h\\d\\d/\\d+\t[a-z]+( [a-z]+)*");
            String[] parts = line.split("\t");
            assertThat(ids.add(parts[0])).as("id %s once", parts[0]).isTrue();
            String[] words = parts[1].split(" ");
            assertThat(words.length).isBetween(50, 350);
            Arrays.stream(words).forEach(word -> counts.merge(word, 1, Integer::sum));
        }
        int[] frequencies = counts.values().stream().mapToInt(Integer::intValue).sorted().toArray();
        int top = frequencies[frequencies.length - 1];
        int median = frequencies[frequencies.length / 2];
        assertThat(top).as("the most frequent word against the median one").isGreaterThan(100 * median);
        assertThat(counts.get(Vocabulary.word(1))).as("rank 1 is the most frequent word").isEqualTo(top);
        assertThat(counts.size()).as("distinct words").isGreaterThan(5_000);
    }

    @Test
    void ratingsAreMoviesWithDistinctAscendingUsersAndRatingsOneToFive() throws IOException {
        Set<Long> movies = new HashSet<>();
        int[] histogram = new int[6];
        for (String line : write(InputKind.RATINGS, 500_000)) {
            assertThat(line).matches("\\d+:\\d+_[1-5](,\\d+_[1-5])*");
            assertThat(movies.add(Long.parseLong(line.substring(0, line.indexOf(':'))))).isTrue();
            String[] reviews = line.substring(line.indexOf(':') + 1).split(",");
            assertThat(reviews.length).isBetween(20, 1_020);
            int previous = 0;
            for (String review : reviews) {
                int user = Integer.parseInt(review.substring(0, review.indexOf('_')));
                assertThat(user).isGreaterThan(previous).isLessThanOrEqualTo(RatingsGenerator.USERS);
                previous = user;
                histogram[review.charAt(review.length() - 1) - '0']++;
            }
        }
        for (int rating = 1; rating <= 5; rating++) {
            assertThat(histogram[rating]).as("ratings of %d", rating).isPositive();
        }
    }

    @Test
    void edgesLinkKnownNodesAndSomeNodesAreMuchMorePopular() throws IOException {
        long bytes = 1_000_000;
        long nodes = new EdgesGenerator(bytes, new SplittableRandom(1)).nodes();
        Map<Long, Integer> inDegree = new HashMap<>();
        for (String line : write(InputKind.EDGES, bytes)) {
            assertThat(line).matches("\\d+\t\\d+");
            String[] edge = line.split("\t");
            assertThat(Long.parseLong(edge[0])).isBetween(1L, nodes);
            assertThat(Long.parseLong(edge[1])).isBetween(1L, nodes);
            inDegree.merge(Long.parseLong(edge[1]), 1, Integer::sum);
        }
        int[] degrees = inDegree.values().stream().mapToInt(Integer::intValue).sorted().toArray();
        assertThat(degrees[degrees.length - 1]).isGreaterThan(50 * degrees[degrees.length / 2]);
    }

    @Test
    void itemsetsHaveFourAscendingItemsInGroupsSharingThreeOfThem() throws IOException {
        Map<String, Integer> groups = new HashMap<>();
        for (String line : write(InputKind.ITEMSETS, 300_000)) {
            int[] items = Arrays.stream(line.split(",")).mapToInt(Integer::parseInt).toArray();
            assertThat(items).hasSize(4);
            assertThat(items[0]).isPositive();
            assertThat(items).isSorted().doesNotHaveDuplicates();
            assertThat(items[3]).isLessThanOrEqualTo(ItemsetsGenerator.ITEMS);
            groups.merge(line.substring(0, line.lastIndexOf(',')), 1, Integer::sum);
        }
        assertThat(groups.values()).contains(1, 2, 3, 4, 5);
    }

    @Test
    void teraRecordsAreHundredBytesWithAPrintableKey() throws IOException {
        List<String> lines = write(InputKind.TERA_RECORDS, 100_000);
        assertThat(lines).hasSize(1_000);
        for (String line : lines) {
            assertThat(line).hasSize(TeraRecordsGenerator.RECORD_BYTES - 1)
                    .matches("[!-~]{10} \\d{20} [A-Z]{67}");
        }
        assertThat(lines.stream().map(line -> line.substring(0, 10)).distinct()).hasSize(1_000);
    }

    @Test
    void zipfDrawsRankOneAsOftenAsThePowerLawSays() {
        Zipf zipf = new Zipf(1_000, 1.0);
        SplittableRandom random = new SplittableRandom(3);
        int draws = 200_000;
        int ones = 0;
        for (int i = 0; i < draws; i++) {
            long rank = zipf.sample(random);
            assertThat(rank).isBetween(1L, 1_000L);
            ones += rank == 1 ? 1 : 0;
        }
        double expected = Math.log(2) / Math.log(1_001);
        assertThat((double) ones / draws).isCloseTo(expected, org.assertj.core.data.Offset.offset(0.005));
    }

    @Test
    void vocabularyWordsAreDistinctAndShortestForTheFirstRanks() {
        assertThat(Vocabulary.word(1)).isEqualTo("ba");
        assertThat(Vocabulary.word(70)).isEqualTo("zu");
        assertThat(Vocabulary.word(71)).isEqualTo("baba");
        Vocabulary vocabulary = new Vocabulary(20_000);
        Set<String> words = new HashSet<>();
        for (int rank = 1; rank <= vocabulary.size(); rank++) {
            words.add(vocabulary.get(rank));
        }
        assertThat(words).hasSize(20_000);
    }

    private List<String> write(InputKind kind, long bytes) throws IOException {
        InputFiles.write(tmp, kind, "test", bytes, 11);
        return Files.readAllLines(tmp.resolve(InputFiles.fileName(0)));
    }
}
