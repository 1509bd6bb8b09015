package io.punctual.workloads.puma;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.punctual.workloads.puma.input.InputFiles;
import io.punctual.workloads.puma.input.InputKind;
import io.punctual.workloads.suite.SparkApp;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PumaSuiteTest {

    private static final List<String> JOBS = List.of("wordcount", "grep", "invertedindex", "rankedinvertedindex",
            "termvector", "sequencecount", "selfjoin", "adjacencylist", "histogrammovies", "histogramratings",
            "classification", "kmeans", "terasort");

    private final PumaSuite suite = new PumaSuite();

    @TempDir
    Path data;

    @Test
    void theSuiteIsPumasThirteenJobsAtThreeScales() {
        assertThat(suite.name()).isEqualTo("puma");
        assertThat(suite.jobs()).isEqualTo(JOBS);
        assertThat(suite.scales()).containsExactly("tiny", "1g", "10g");
        assertThat(Stream.of(PumaScale.values()).map(PumaScale::partitions)).containsExactly(4, 16, 160);
    }

    @Test
    void checkNamesTheUnknownJobsAndListsTheKnownOnes() {
        suite.check(JOBS, "tiny");
        assertThatThrownBy(() -> suite.check(List.of("wordcount", "pagerank", "sort"), "tiny"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown PUMA jobs pagerank, sort")
                .hasMessageContaining("known jobs: " + String.join(", ", JOBS));
    }

    @Test
    void checkNamesAnUnknownScaleAndListsTheKnownOnes() {
        assertThatThrownBy(() -> suite.check(List.of("grep"), "100g"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'100g'").hasMessageContaining("tiny, 1g, 10g");
    }

    @Test
    void prepareWritesEachInputKindOnceAtTheScalesSizeAndNeedsNoSpark() throws IOException {
        assertThat(suite.prepare(List.of("wordcount", "grep", "terasort"), data, "tiny", 5)).isEmpty();

        Path documents = PumaSuite.inputDir(data, InputKind.DOCUMENTS, "tiny", 5);
        assertThat(documents).isEqualTo(data.resolve("puma/documents/tiny-5"));
        for (Path dir : List.of(documents, PumaSuite.inputDir(data, InputKind.TERA_RECORDS, "tiny", 5))) {
            assertThat(dir.resolve(InputFiles.MARKER)).exists();
            assertThat(size(dir)).isBetween(PumaScale.TINY.bytes(), PumaScale.TINY.bytes() * 101 / 100);
        }
        assertThat(data.resolve("puma/ratings")).doesNotExist();
    }

    @Test
    void appRunsTheJobsClassOnTheInputOfTheLastPrepare() throws IOException {
        suite.prepare(List.of("grep"), data, "tiny", 5);
        Path output = data.resolve("out/grep");

        SparkApp app = suite.app("grep", data, "tiny", output);
        assertThat(app).isEqualTo(new SparkApp("puma/grep", "io.punctual.workloads.puma.Grep", List.of(
                data.resolve("puma/documents/tiny-5").toUri().toString(), output.toUri().toString(), "4")));
        assertThat(suite.app("wordcount", data, "tiny", output).args().get(0)).isEqualTo(app.args().get(0));

        Path file = data.resolve("puma/documents/tiny-5").resolve(InputFiles.fileName(0));
        FileTime old = FileTime.fromMillis(1_000_000);
        Files.setLastModifiedTime(file, old);
        suite.prepare(List.of("wordcount"), data, "tiny", 5);
        assertThat(Files.getLastModifiedTime(file)).as("the same input is kept").isEqualTo(old);

        suite.prepare(List.of("invertedindex"), data, "tiny", 6);
        assertThat(suite.app("grep", data, "tiny", output).args().get(0))
                .isEqualTo(data.resolve("puma/documents/tiny-6").toUri().toString());
    }

    @Test
    void appBeforePrepareSaysToPrepareFirst() {
        assertThatThrownBy(() -> suite.app("kmeans", data, "tiny", data.resolve("out")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no ratings input at scale tiny").hasMessageContaining("prepare");
        assertThatThrownBy(() -> suite.app("kmean", data, "tiny", data.resolve("out")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("kmean;");
    }

    @Test
    void everyJobsMainClassIsASparkApplicationWithARunMethod() throws ReflectiveOperationException, IOException {
        // app() only needs to know which seed was prepared, not the input itself
        for (InputKind kind : InputKind.values()) {
            Files.createDirectories(data.resolve("puma").resolve(kind.dirName()));
            Files.writeString(data.resolve("puma").resolve(kind.dirName()).resolve("tiny.prepared"), "1");
        }
        for (String job : JOBS) {
            Class<?> app = Class.forName(suite.app(job, data, "tiny", data.resolve("out")).mainClass());
            Method main = app.getMethod("main", String[].class);
            Method run = app.getMethod("run", SparkSession.class, String.class, String.class, int.class);
            assertThat(Modifier.isStatic(main.getModifiers()) && Modifier.isStatic(run.getModifiers()))
                    .as(app.getName()).isTrue();
        }
    }

    private static long size(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().startsWith("part-")).mapToLong(f -> f.toFile().length())
                    .sum();
        }
    }
}
