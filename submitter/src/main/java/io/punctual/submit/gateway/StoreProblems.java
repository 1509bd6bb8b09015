package io.punctual.submit.gateway;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * Damage a store found, kept in a file beside it until an operator acknowledges it by deleting the file: a problem
 * reported once and then compacted away would be noticed by no one.
 */
final class StoreProblems {

    static final String FILE = "batches.problems";

    private final Path file;

    StoreProblems(Path dir) {
        this.file = dir.resolve(FILE);
    }

    void add(List<String> found) throws IOException {
        if (!found.isEmpty()) {
            Files.write(file, found, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND,
                    StandardOpenOption.SYNC);
        }
    }

    /** Read on every call, so deleting the file acknowledges without a restart. */
    List<String> list() {
        try {
            return Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the store's problems in " + file.getFileName(), e);
        }
    }
}
