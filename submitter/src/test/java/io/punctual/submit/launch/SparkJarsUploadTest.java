package io.punctual.submit.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Collections;
import java.util.List;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The "upload" way to Spark's jars, on a real Hadoop file system (the local one, which a client configuration
 * without fs.defaultFS names, as the embedded cluster's does): one archive per set of jars, written once.
 */
class SparkJarsUploadTest {

    @TempDir
    Path tmp;
    Path jars;
    Path archives;
    SparkJars.Upload upload;

    @BeforeEach
    void jars() throws IOException {
        jars = Files.createDirectories(tmp.resolve("spark/jars"));
        Files.writeString(jars.resolve("spark-core_2.13-3.5.6.jar"), "core bytes");
        Files.writeString(jars.resolve("scala-library-2.13.8.jar"), "scala bytes");
        archives = tmp.resolve("cluster/archives");
        upload = new SparkJars.Upload(jars, archives.toString(), Files.createDirectories(tmp.resolve("hadoop-conf")));
    }

    @Test
    void theJarsAreUploadedOnceAsOneArchiveNamedByVersionAndHashWithTheJarsAtItsRoot() throws IOException {
        String uri = upload.conf().get("spark.yarn.archive");

        Path archive = Path.of(URI.create(uri));
        assertThat(archive.getParent()).isEqualTo(archives);
        assertThat(archive.getFileName().toString()).matches("3\\.5\\.6-[0-9a-f]{16}\\.zip");
        try (ZipFile zip = new ZipFile(archive.toFile())) {
            assertThat(Collections.list(zip.entries()).stream().map(e -> e.getName()))
                    .containsExactlyInAnyOrder("spark-core_2.13-3.5.6.jar", "scala-library-2.13.8.jar");
            assertThat(new String(zip.getInputStream(zip.getEntry("spark-core_2.13-3.5.6.jar")).readAllBytes()))
                    .isEqualTo("core bytes");
        }
        FileTime written = FileTime.fromMillis(0);
        Files.setLastModifiedTime(archive, written);

        assertThat(upload.conf().get("spark.yarn.archive")).as("the second launch").isEqualTo(uri);
        assertThat(Files.getLastModifiedTime(archive)).as("not written again").isEqualTo(written);
        assertThat(names()).as("no partial file left").noneMatch(n -> n.contains("partial"))
                .filteredOn(n -> !n.endsWith(".crc")).containsExactly(archive.getFileName().toString());
    }

    @Test
    void changedJarsGetAnotherArchiveAndTheOldOneStays() throws IOException {
        String first = upload.conf().get("spark.yarn.archive");
        Files.writeString(jars.resolve("scala-library-2.13.8.jar"), "patched scala bytes");

        String second = upload.conf().get("spark.yarn.archive");

        assertThat(second).isNotEqualTo(first).startsWith(first.substring(0, first.lastIndexOf('/') + 7));
        assertThat(Path.of(URI.create(first))).exists();
        assertThat(Path.of(URI.create(second))).exists();
    }

    @Test
    void anArchiveAnotherLauncherPublishedIsUsedAsItIs() throws IOException {
        String uri = upload.conf().get("spark.yarn.archive");
        Path archive = Path.of(URI.create(uri));
        Files.writeString(archive, "someone else's copy");

        assertThat(new SparkJars.Upload(jars, archives.toString(), tmp.resolve("hadoop-conf")).conf())
                .containsEntry("spark.yarn.archive", uri);
        assertThat(Files.readString(archive)).isEqualTo("someone else's copy");
    }

    @Test
    void jarsWithoutSparkCoreSayWhatToDo() throws IOException {
        Files.delete(jars.resolve("spark-core_2.13-3.5.6.jar"));

        assertThatThrownBy(() -> upload.conf()).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no spark-core jar").hasMessageContaining("delete $PUNCTUAL_HOME/spark");
    }

    @Test
    void anUnwritableDirectorySaysWhichUriFailed() throws IOException {
        var blocked = new SparkJars.Upload(jars, tmp.resolve("file-not-dir/archives").toString(),
                tmp.resolve("hadoop-conf"));
        Files.writeString(tmp.resolve("file-not-dir"), "a file where a directory should be");

        assertThatThrownBy(blocked::conf).isInstanceOf(java.io.UncheckedIOException.class)
                .hasMessageContaining("cannot write").hasMessageContaining("file-not-dir/archives/3.5.6-");
    }

    private List<String> names() throws IOException {
        try (var files = Files.list(archives)) {
            return files.map(p -> p.getFileName().toString()).toList();
        }
    }
}
