package io.punctual.submit.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * The demo's input: text files of words drawn from a Zipf-like vocabulary, generated once per size and seed so that
 * repeated demo runs read the same data. The demo suite's word count reads it too.
 */
public final class DemoInput {

    private static final int FILES = 8;
    private static final int VOCABULARY = 20_000;

    private DemoInput() {
    }

    /** Writes {@code megabytes} of text under {@code dir} unless it is already there; returns the directory. */
    public static Path ensure(Path dir, int megabytes, long seed) {
        Path marker = dir.resolve("_COMPLETE");
        String spec = megabytes + " MB, seed " + seed;
        try {
            if (Files.exists(marker) && Files.readString(marker).equals(spec)) {
                return dir;
            }
            Files.createDirectories(dir);
            SplittableRandom random = new SplittableRandom(seed);
            long perFile = (long) megabytes * 1024 * 1024 / FILES;
            for (int f = 0; f < FILES; f++) {
                writeFile(dir.resolve(String.format("part-%05d.txt", f)), perFile, random);
            }
            Files.writeString(marker, spec);
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the demo input under " + dir, e);
        }
    }

    private static void writeFile(Path file, long bytes, SplittableRandom random) throws IOException {
        long written = 0;
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.US_ASCII)) {
            StringBuilder line = new StringBuilder(128);
            while (written < bytes) {
                line.setLength(0);
                for (int w = 0; w < 12; w++) {
                    line.append(word(random)).append(' ');
                }
                line.append('\n');
                out.write(line.toString());
                written += line.length();
            }
        }
    }

    /** Rank r is drawn with probability about 1/r: a few words are everywhere, most are rare. */
    private static String word(SplittableRandom random) {
        int rank = (int) Math.floor(Math.pow(VOCABULARY, random.nextDouble()));
        return "w" + Integer.toString(rank, 36);
    }
}
