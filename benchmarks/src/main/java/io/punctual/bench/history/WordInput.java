package io.punctual.bench.history;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/** Seeded text input for the word-count workload: words with a Zipf-like frequency, in four files. */
final class WordInput {

    private WordInput() {
    }

    static Path write(Path dir, int megabytes, long seed) throws IOException {
        Files.createDirectories(dir);
        SplittableRandom random = new SplittableRandom(seed);
        long perFile = (long) megabytes * 1024 * 1024 / 4;
        for (int f = 0; f < 4; f++) {
            try (BufferedWriter out = Files.newBufferedWriter(dir.resolve("part-" + f + ".txt"), StandardCharsets.US_ASCII)) {
                long written = 0;
                while (written < perFile) {
                    String word = "w" + Integer.toString((int) Math.floor(Math.pow(20_000, random.nextDouble())), 36);
                    out.write(word);
                    out.write(written % 80 < 8 ? '\n' : ' ');
                    written += word.length() + 1;
                }
            }
        }
        return dir;
    }
}
