package io.punctual.yarn.hadoop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Publishing a shared file once on a real Hadoop file system (the local one, which a client configuration without
 * fs.defaultFS names): readers never see a partial file, and racing writers leave exactly one.
 */
class ClusterFilesTest {

    @TempDir
    Path tmp;

    @Test
    void twoWritersRacingLeaveOneCompleteFileAndNoPartialOne() throws Exception {
        ClusterFiles files = ClusterFiles.fromConfDir(Files.createDirectories(tmp.resolve("conf")));
        String uri = files.qualify(tmp.resolve("shared/archive.zip").toString());
        CyclicBarrier bothWriting = new CyclicBarrier(2);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<Boolean>> writers = List.of(pool.submit(() -> publish(files, uri, "first", bothWriting)),
                    pool.submit(() -> publish(files, uri, "second", bothWriting)));

            int wrote = 0;
            for (Future<Boolean> writer : writers) {
                wrote += writer.get(30, TimeUnit.SECONDS) ? 1 : 0;
            }

            assertThat(wrote).as("writers that published").isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
        assertThat(Files.readString(tmp.resolve("shared/archive.zip"))).isIn("first".repeat(1000),
                "second".repeat(1000));
        try (var left = Files.list(tmp.resolve("shared"))) {
            assertThat(left.map(p -> p.getFileName().toString())).noneMatch(n -> n.contains("partial"));
        }
        assertThat(files.modified(uri)).isPresent();
        assertThat(files.publishOnce(uri, out -> out.write(1))).as("a later writer").isFalse();
    }

    @Test
    void theBytesUnderADirectoryCountEveryFileBelowItAndAMissingPathIsNamed() throws IOException {
        ClusterFiles files = ClusterFiles.fromConfDir(tmp);
        Path input = Files.createDirectories(tmp.resolve("input/day=1"));
        Files.write(input.resolve("part-0"), new byte[1000]);
        Files.write(input.resolve("part-1"), new byte[500]);

        assertThat(files.bytesUnder(tmp.resolve("input").toUri().toString())).isEqualTo(1500);
        assertThat(files.bytesUnder(input.resolve("part-1").toString())).isEqualTo(500);
        assertThat(files.bytesUnder(input.toString(), java.util.Optional.of("a-proxy-user"))).as("read as that user")
                .isEqualTo(1500);
        assertThatThrownBy(() -> files.bytesUnder(tmp.resolve("gone").toUri().toString()))
                .hasMessageContaining("gone").hasMessageContaining("no such file or directory");
    }

    @Test
    void aRelativePathIsInTheUsersHomeOfTheDefaultFileSystem() {
        ClusterFiles files = ClusterFiles.fromConfDir(tmp);

        assertThat(files.qualify(".punctual/spark-archives/a.zip"))
                .isEqualTo(Path.of(System.getProperty("user.home"), ".punctual/spark-archives/a.zip").toUri()
                        .toString().replace("file:///", "file:/"));
        assertThat(files.modified(files.qualify(tmp.resolve("none.zip").toString()))).isEmpty();
    }

    @Test
    void aReplacedFileHoldsTheNewTextWithNothingLeftBesideItAndIsGoneOnceDeleted() throws IOException {
        ClusterFiles files = ClusterFiles.fromConfDir(Files.createDirectories(tmp.resolve("conf")));
        java.nio.file.Path target = tmp.resolve("targets/p-1");

        files.replace(target.toUri().toString(), "2\n");
        files.replace(target.toUri().toString(), "5\n");

        assertThat(Files.readString(target)).isEqualTo("5\n");
        try (var beside = Files.list(target.getParent())) {
            assertThat(beside).containsExactly(target);
        }
        assertThat(files.delete(target.toUri().toString())).isTrue();
        assertThat(files.delete(target.toUri().toString())).isFalse();
        assertThat(target).doesNotExist();
    }

    @Test
    void aFailedWriteLeavesNothingBehindAndNamesTheFile() throws IOException {
        ClusterFiles files = ClusterFiles.fromConfDir(tmp);
        String uri = files.qualify(tmp.resolve("shared/broken.zip").toString());

        assertThatThrownBy(() -> files.publishOnce(uri, out -> {
            out.write(1);
            throw new IOException("disk full");
        })).hasMessageContaining("cannot write " + uri).hasMessageContaining("disk full");
        try (var left = Files.list(tmp.resolve("shared"))) {
            assertThat(left.map(p -> p.getFileName().toString())).noneMatch(n -> n.contains("broken.zip"));
        }
    }

    private static boolean publish(ClusterFiles files, String uri, String text, CyclicBarrier bothWriting) {
        return files.publishOnce(uri, out -> {
            try {
                bothWriting.await(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IOException("the other writer never started", e);
            }
            out.write(text.repeat(1000).getBytes(StandardCharsets.UTF_8));
        });
    }
}
