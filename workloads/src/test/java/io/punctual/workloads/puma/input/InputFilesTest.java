package io.punctual.workloads.puma.input;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class InputFilesTest {

    private static final long BYTES = 300_000;
    private static final long FILE_BYTES = 100_000;

    @TempDir
    Path tmp;

    @ParameterizedTest
    @EnumSource(InputKind.class)
    void theSameSeedWritesTheSameBytesAndAnotherSeedOtherBytes(InputKind kind) throws IOException {
        InputFiles.write(tmp.resolve("a"), kind, "test", BYTES, 42, FILE_BYTES);
        InputFiles.write(tmp.resolve("b"), kind, "test", BYTES, 42, FILE_BYTES);
        InputFiles.write(tmp.resolve("c"), kind, "test", BYTES, 43, FILE_BYTES);

        List<Path> files = dataFiles(tmp.resolve("a"));
        assertThat(files).hasSize(3);
        assertThat(dataFiles(tmp.resolve("b")).stream().map(Path::getFileName).toList())
                .isEqualTo(files.stream().map(Path::getFileName).toList());
        for (Path file : files) {
            assertThat(Files.readAllBytes(tmp.resolve("b").resolve(file.getFileName())))
                    .as("%s of the same seed", file.getFileName()).isEqualTo(Files.readAllBytes(file));
            assertThat(Files.readAllBytes(tmp.resolve("c").resolve(file.getFileName())))
                    .as("%s of another seed", file.getFileName()).isNotEqualTo(Files.readAllBytes(file));
        }
    }

    @ParameterizedTest
    @EnumSource(InputKind.class)
    void anInputIsAsLargeAsAskedToWithinOnePercent(InputKind kind) {
        long bytes = 2_000_000;
        InputFiles.write(tmp, kind, "test", bytes, 1);

        assertThat(size(tmp)).isBetween(bytes, bytes + bytes / 100);
    }

    @Test
    void writingTheSameInputAgainKeepsTheFiles() throws IOException {
        assertThat(InputFiles.write(tmp, InputKind.DOCUMENTS, "tiny", BYTES, 7)).isEqualTo(InputFiles.Outcome.WRITTEN);
        Path file = tmp.resolve(InputFiles.fileName(0));
        FileTime old = FileTime.fromMillis(1_000_000);
        Files.setLastModifiedTime(file, old);

        assertThat(InputFiles.write(tmp, InputKind.DOCUMENTS, "tiny", BYTES, 7)).isEqualTo(InputFiles.Outcome.KEPT);
        assertThat(Files.getLastModifiedTime(file)).isEqualTo(old);
    }

    @Test
    void anotherSeedRewritesTheInput() throws IOException {
        InputFiles.write(tmp, InputKind.DOCUMENTS, "tiny", BYTES, 7);
        byte[] before = Files.readAllBytes(tmp.resolve(InputFiles.fileName(0)));

        assertThat(InputFiles.write(tmp, InputKind.DOCUMENTS, "tiny", BYTES, 8)).isEqualTo(InputFiles.Outcome.WRITTEN);
        assertThat(Files.readAllBytes(tmp.resolve(InputFiles.fileName(0)))).isNotEqualTo(before);
        assertThat(Files.readString(tmp.resolve(InputFiles.MARKER))).contains("seed=8").contains("scale=tiny")
                .doesNotContain("seed=7");
    }

    @Test
    void anInputWithoutItsMarkerIsWrittenAgainFromScratch() throws IOException {
        InputFiles.write(tmp, InputKind.RATINGS, "tiny", BYTES, 7, FILE_BYTES);
        byte[] complete = Files.readAllBytes(tmp.resolve(InputFiles.fileName(1)));
        // a write that stopped half-way: a truncated file, a stray one, no marker
        Files.delete(tmp.resolve(InputFiles.MARKER));
        Files.write(tmp.resolve(InputFiles.fileName(1)), new byte[] {'1', ':'});
        Files.writeString(tmp.resolve("stray"), "left over");

        assertThat(InputFiles.write(tmp, InputKind.RATINGS, "tiny", BYTES, 7, FILE_BYTES))
                .isEqualTo(InputFiles.Outcome.WRITTEN);
        assertThat(Files.readAllBytes(tmp.resolve(InputFiles.fileName(1)))).isEqualTo(complete);
        assertThat(tmp.resolve("stray")).doesNotExist();
        assertThat(tmp.resolve(InputFiles.MARKER)).exists();
    }

    private static List<Path> dataFiles(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(file -> file.getFileName().toString().startsWith("part-")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long size(Path dir) {
        return dataFiles(dir).stream().mapToLong(file -> {
            try {
                return Files.size(file);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }).sum();
    }
}
