package io.punctual.workloads.puma.input;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * Writes one input into a directory of text files ({@code part-00000}, ...), each at most 64 MiB so that a job
 * reads it in parallel from the start, and then a {@value #MARKER} file saying what was written (kind, scale, size,
 * seed, format). Writing again with the same description keeps the files; with another one, or when the marker is
 * missing (a write that stopped half-way), it replaces them. The files are the same bytes for the same description:
 * each file draws from its own {@link SplittableRandom} split off the seed in file order, so files
 * are written in parallel without changing their content.
 */
public final class InputFiles {

    /** The file that marks a directory's input as complete; Hadoop's input formats skip names starting with _. */
    public static final String MARKER = "_COMPLETE";
    /** Changes whenever a generator's output changes, so inputs written by an older version are replaced. */
    static final int FORMAT = 1;
    static final long FILE_BYTES = 64L << 20;

    /** What {@link #write} did. */
    public enum Outcome {
        /** The directory already held this input. */
        KEPT,
        /** The input was written (or rewritten). */
        WRITTEN
    }

    private InputFiles() {
    }

    /**
     * Makes sure {@code dir} holds the {@code kind} input of about {@code bytes} for {@code seed}.
     *
     * @param scale the scale's name, recorded in the marker
     */
    public static Outcome write(Path dir, InputKind kind, String scale, long bytes, long seed) {
        return write(dir, kind, scale, bytes, seed, FILE_BYTES);
    }

    static Outcome write(Path dir, InputKind kind, String scale, long bytes, long seed, long fileBytes) {
        if (bytes < 1 || fileBytes < 1) {
            throw new IllegalArgumentException("an input needs a size of at least 1 byte, got " + bytes);
        }
        String description = "kind=" + kind.dirName() + "\nscale=" + scale + "\nbytes=" + bytes + "\nseed=" + seed
                + "\nformat=" + FORMAT + "\n";
        Path marker = dir.resolve(MARKER);
        try {
            if (Files.isRegularFile(marker) && Files.readString(marker).equals(description)) {
                return Outcome.KEPT;
            }
            deleteRecursively(dir);
            Files.createDirectories(dir);
            writeFiles(dir, kind, bytes, seed, fileBytes);
            Path pending = dir.resolve("." + MARKER + ".tmp");
            Files.writeString(pending, description);
            Files.move(pending, marker, StandardCopyOption.ATOMIC_MOVE);
            return Outcome.WRITTEN;
        } catch (IOException e) {
            throw new UncheckedIOException("could not write the " + kind.dirName() + " input in " + dir
                    + " (check that the data root is writable and has " + bytes + " bytes free)", e);
        }
    }

    /** The name of file {@code index}. */
    public static String fileName(int index) {
        return String.format("part-%05d", index);
    }

    private static void writeFiles(Path dir, InputKind kind, long bytes, long seed, long fileBytes) {
        SplittableRandom root = new SplittableRandom(seed);
        RecordGenerator generator = kind.generator(bytes, root.split());
        int files = (int) Math.max(1, (bytes + fileBytes - 1) / fileBytes);
        SplittableRandom[] randoms = new SplittableRandom[files];
        for (int i = 0; i < files; i++) {
            randoms[i] = root.split();
        }
        IntStream.range(0, files).parallel().forEach(i -> writeFile(dir.resolve(fileName(i)), generator, randoms[i],
                i, files, bytes / files + (i < bytes % files ? 1 : 0)));
    }

    /** Writes records until the file holds at least {@code target} bytes; record n of file i gets id n*files+i+1. */
    private static void writeFile(Path file, RecordGenerator generator, SplittableRandom random, int index,
                                  int files, long target) {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
            StringBuilder record = new StringBuilder(4096);
            long written = 0;
            for (long n = 0; written < target; n++) {
                record.setLength(0);
                generator.append(n * files + index + 1, random, record);
                out.append(record);
                written += record.length();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + file, e);
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
