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
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PUMA's rating jobs run in local Spark on generated ratings, each checked against a plain-Java computation that
 * reads the ratings as user-to-rating maps (the jobs use sorted arrays).
 */
class MovieJobsTest {

    @TempDir
    static Path tmp;

    private static SparkSession spark;
    private static String input;
    /** movie to (user to rating), movies ascending */
    private static TreeMap<Long, Map<Integer, Integer>> movies;

    @BeforeAll
    static void start() throws IOException {
        spark = LocalSpark.start();
        Path dir = tmp.resolve("ratings");
        InputFiles.write(dir, InputKind.RATINGS, "test", 250_000, 5);
        input = dir.toUri().toString();
        movies = new TreeMap<>();
        for (String line : Files.readAllLines(dir.resolve(InputFiles.fileName(0)))) {
            Map<Integer, Integer> ratings = new HashMap<>();
            for (String review : line.substring(line.indexOf(':') + 1).split(",")) {
                String[] parts = review.split("_");
                ratings.put(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
            }
            movies.put(Long.parseLong(line.substring(0, line.indexOf(':'))), ratings);
        }
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    @Test
    void histogramRatingsCountsEachRatingValue() {
        Path output = tmp.resolve("histogramratings");
        HistogramRatings.run(spark, input, output.toString(), PARTITIONS);

        Map<Integer, Long> expected = new TreeMap<>();
        movies.values().forEach(ratings -> ratings.values().forEach(r -> expected.merge(r, 1L, Long::sum)));
        assertThat(LocalSpark.lines(output)).containsExactlyInAnyOrderElementsOf(
                expected.entrySet().stream().map(e -> e.getKey() + "\t" + e.getValue()).toList());
        LocalSpark.assertSortedWithinFiles(output, LocalSpark::firstField, Comparator.naturalOrder());
    }

    @Test
    void histogramMoviesCountsMoviesPerHalfStarOfTheirAverage() {
        Path output = tmp.resolve("histogrammovies");
        HistogramMovies.run(spark, input, output.toString(), PARTITIONS);

        Map<Double, Long> expected = new TreeMap<>();
        for (Map<Integer, Integer> ratings : movies.values()) {
            double average = ratings.values().stream().mapToInt(Integer::intValue).average().orElseThrow();
            expected.merge(Math.min(4.5, Math.floor(average * 2) / 2), 1L, Long::sum);
        }
        assertThat(expected).as("bins in the test input").hasSizeGreaterThan(2);
        assertThat(LocalSpark.lines(output)).containsExactlyInAnyOrderElementsOf(expected.entrySet().stream()
                .map(e -> String.format(Locale.ROOT, "%.1f\t%d", e.getKey(), e.getValue())).toList());
        LocalSpark.assertSortedWithinFiles(output, LocalSpark::firstField, Comparator.naturalOrder());
    }

    @Test
    void classificationPutsEachMovieWithTheMostSimilarOfTheLowestIdMovies() {
        Path output = tmp.resolve("classification");
        Classification.run(spark, input, output.toString(), PARTITIONS);

        List<Long> centres = movies.keySet().stream().limit(Centroids.CLUSTERS).toList();
        Map<Integer, List<Long>> expected = assignment(centres);
        assertThat(expected).as("clusters in the test input").hasSizeGreaterThan(3);
        assertThat(parsed(LocalSpark.lines(output))).isEqualTo(expected);
    }

    @Test
    void kMeansEndsWithEachMovieInTheClusterOfItsMostSimilarCentre() {
        Path output = tmp.resolve("kmeans");
        KMeans.run(spark, input, output.toString(), PARTITIONS);

        Map<Integer, List<Long>> actual = parsed(LocalSpark.lines(output.resolve("clusters")));
        List<Long> centres = LocalSpark.lines(output.resolve("centroids")).stream()
                .map(line -> Long.parseLong(line.split("\t")[1])).toList();
        assertThat(centres).hasSize(Centroids.CLUSTERS).doesNotHaveDuplicates();
        assertThat(actual.values().stream().flatMap(List::stream).sorted().toList())
                .as("every movie once").containsExactlyElementsOf(movies.keySet());
        for (int cluster = 0; cluster < centres.size(); cluster++) {
            assertThat(actual.get(cluster)).as("cluster %d holds its centre", cluster).contains(centres.get(cluster));
        }
        assertThat(actual).as("the assignment to the final centres").isEqualTo(assignment(centres));
        assertThat(centres).as("the centres moved").isNotEqualTo(movies.keySet().stream().limit(16).toList());
        assertThat(centres).as("PUMA's k-means, computed here").isEqualTo(kMeans());
    }

    /** PUMA's k-means rule over the oracle's maps: new centre = member closest to the cluster's mean similarity. */
    private static List<Long> kMeans() {
        List<Long> centres = new ArrayList<>(movies.keySet().stream().limit(Centroids.CLUSTERS).toList());
        for (int iteration = 0; iteration < KMeans.ITERATIONS; iteration++) {
            Map<Integer, List<long[]>> members = new HashMap<>(); // cluster -> (similarity in billionths, movie)
            for (long movie : movies.keySet()) {
                int cluster = nearest(movie, centres);
                long similarity = Math.round(cosine(movie, centres.get(cluster)) * 1e9);
                members.computeIfAbsent(cluster, k -> new ArrayList<>()).add(new long[] {similarity, movie});
            }
            List<Long> next = new ArrayList<>(centres);
            members.forEach((cluster, list) -> {
                double mean = list.stream().mapToLong(m -> m[0]).average().orElseThrow();
                next.set(cluster, list.stream().min((a, b) -> {
                    int byDistance = Double.compare(Math.abs(a[0] - mean), Math.abs(b[0] - mean));
                    return byDistance != 0 ? byDistance : Long.compare(a[1], b[1]);
                }).orElseThrow()[1]);
            });
            centres = next;
        }
        return centres;
    }

    /** Every movie's cluster among {@code centres}, as cluster to movies ascending. */
    private static Map<Integer, List<Long>> assignment(List<Long> centres) {
        return movies.keySet().stream().collect(Collectors.groupingBy(movie -> nearest(movie, centres), TreeMap::new,
                Collectors.toList()));
    }

    /** The output {@code <cluster>\t<movie>,...}, continuation lines appended. */
    private static Map<Integer, List<Long>> parsed(List<String> lines) {
        Map<Integer, List<Long>> clusters = new TreeMap<>();
        for (String line : lines) {
            String[] parts = line.split("\t");
            clusters.computeIfAbsent(Integer.parseInt(parts[0]), k -> new ArrayList<>())
                    .addAll(Arrays.stream(parts[1].split(",")).map(Long::valueOf).toList());
        }
        return clusters;
    }

    private static int nearest(long movie, List<Long> centres) {
        int best = 0;
        double bestSimilarity = 0;
        for (int cluster = 0; cluster < centres.size(); cluster++) {
            double similarity = cosine(movie, centres.get(cluster));
            if (similarity > bestSimilarity) {
                best = cluster;
                bestSimilarity = similarity;
            }
        }
        return best;
    }

    private static double cosine(long a, long b) {
        Map<Integer, Integer> x = movies.get(a);
        Map<Integer, Integer> y = movies.get(b);
        long dot = 0;
        for (Map.Entry<Integer, Integer> rating : x.entrySet()) {
            dot += (long) rating.getValue() * y.getOrDefault(rating.getKey(), 0);
        }
        return dot / Math.sqrt((double) squaredNorm(x) * squaredNorm(y));
    }

    private static long squaredNorm(Map<Integer, Integer> ratings) {
        return ratings.values().stream().mapToLong(r -> (long) r * r).sum();
    }
}
