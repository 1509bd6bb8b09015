package io.punctual.workloads.puma;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;

/** A local Spark for a test class (two cores, no UI, on loopback), and reading what a job wrote. */
final class LocalSpark {

    /** The partitions tests give the jobs: more than one output file, fewer than the input's lines. */
    static final int PARTITIONS = 3;

    private LocalSpark() {
    }

    static SparkSession start() {
        return SparkSession.builder().master("local[2]").appName("puma-test")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .getOrCreate();
    }

    /** The lines of each part file of {@code output}, files in name order. */
    static List<List<String>> parts(Path output) {
        assertThat(output.resolve("_SUCCESS")).as("the job's success marker").exists();
        try (Stream<Path> files = Files.list(output)) {
            List<List<String>> parts = new ArrayList<>();
            for (Path file : files.filter(f -> f.getFileName().toString().startsWith("part-")).sorted().toList()) {
                parts.add(Files.readAllLines(file));
            }
            return parts;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** All lines of {@code output}, part files in name order. */
    static List<String> lines(Path output) {
        return parts(output).stream().flatMap(List::stream).toList();
    }

    /** Checks that the keys of each part file ascend. */
    static <K> void assertSortedWithinFiles(Path output, Function<String, K> key, Comparator<K> order) {
        for (List<String> part : parts(output)) {
            assertThat(part.stream().map(key).toList()).isSortedAccordingTo(order);
        }
    }

    /** The text before the first tab. */
    static String firstField(String line) {
        return line.substring(0, line.indexOf('\t'));
    }
}
