package io.punctual.submit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Copies a directory tree (a configuration directory a test then edits), for the tests' harnesses. */
public final class DirectoryCopy {

    private DirectoryCopy() {
    }

    /** Copies everything under {@code from} to {@code to}; returns {@code to}. */
    public static Path of(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.toList()) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        }
        return to;
    }
}
