package io.punctual.submit.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SparkRuntimeTest {

    @Test
    void aThinDistributionLinksEveryJarAndCarriesAnExecutableSparkSubmit(@TempDir Path tmp) throws IOException {
        Path a = Files.writeString(tmp.resolve("a-1.0.jar"), "a");
        Path sub = Files.createDirectories(tmp.resolve("other"));
        Path b = Files.writeString(sub.resolve("a-1.0.jar"), "b");
        Path cp = Files.writeString(tmp.resolve("cp.txt"), a + ":" + b + "\n");
        Path home = tmp.resolve("spark");

        SparkRuntime runtime = SparkRuntime.thin(home, cp, Path.of("/usr/bin/java"));

        assertThat(runtime.jars()).isEqualTo(new SparkJars.InPlace(home.resolve("jars")));
        try (var links = Files.list(home.resolve("jars"))) {
            assertThat(links.map(p -> {
                try {
                    return Files.readString(p);
                } catch (IOException e) {
                    throw new AssertionError(e);
                }
            }).sorted()).containsExactly("a", "b");
        }
        assertThat(home.resolve("RELEASE")).exists();
        assertThat(Files.isExecutable(home.resolve("bin/spark-submit"))).isTrue();
        assertThat(Files.readString(home.resolve("bin/spark-submit"))).contains("/usr/bin/java")
                .contains("org.apache.spark.launcher.Main");
        assertThat(runtime.jars().conf()).containsExactly(
                java.util.Map.entry("spark.yarn.jars", "local:" + home.resolve("jars") + "/*"));
    }

    @Test
    void layingOutAgainOverTheSameClasspathChangesNothing(@TempDir Path tmp) throws IOException {
        Path a = Files.writeString(tmp.resolve("a.jar"), "a");
        Path cp = Files.writeString(tmp.resolve("cp.txt"), a.toString());
        Path home = tmp.resolve("spark");
        SparkRuntime.thin(home, cp, Path.of("/usr/bin/java"));
        var before = Files.getLastModifiedTime(home.resolve("bin/spark-submit"));

        SparkRuntime.thin(home, cp, Path.of("/usr/bin/java"));

        assertThat(Files.getLastModifiedTime(home.resolve("bin/spark-submit"))).isEqualTo(before);
    }

    @Test
    void aReleasesRelativeEntriesAreFoundBesideItsClasspathFile(@TempDir Path tmp) throws IOException {
        Path lib = Files.createDirectories(tmp.resolve("release/lib/spark"));
        Files.writeString(lib.resolve("spark-core.jar"), "core");
        Files.writeString(lib.getParent().resolve("shared.jar"), "shared");
        Path cp = Files.writeString(lib.resolve("spark-runtime.classpath"), "spark-core.jar:../shared.jar\n");
        Path home = tmp.resolve("spark");

        SparkRuntime.thin(home, cp, Path.of("/usr/bin/java"));

        Path link = home.resolve("jars/spark-core.jar");
        assertThat(Files.readString(link)).isEqualTo("core");
        assertThat(Files.readSymbolicLink(link)).isEqualTo(lib.resolve("spark-core.jar"));
        assertThat(Files.readSymbolicLink(home.resolve("jars/shared.jar"))).isEqualTo(lib.getParent().resolve("shared.jar"));
    }
}
